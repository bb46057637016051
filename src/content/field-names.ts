/**
 * The names of the fields: sitegen's own for a post and a page, the other
 * generators' names for the same (`summary` is `description`), and what a
 * field sitegen does not use is for here. Its own module because it is the
 * table that grows with each generator a blog is moved from, read by the
 * mapping (src/content/foreign-fields.ts), the typo check
 * (src/content/misspelt-fields.ts) and the notices alike.
 */

/** Fields of other generators that are the same as one of sitegen's, by their sitegen name. */
export const SYNONYMS: [sitegen: string, written: string][] = [
  ["description", "summary"],
  ["description", "excerpt"],
  // Astro's content collections (`pubDate` in its blog template, `publishDate`, astro-paper's `pubDatetime`).
  ["date", "pubDate"],
  ["date", "publishDate"],
  ["date", "pubDatetime"],
  ["updated", "lastmod"],
  ["updated", "last_modified_at"],
  // Jekyll themes' (`modified`, Minimal Mistakes' and So Simple's), and Astro's (`updatedDate`, `modDatetime`).
  ["updated", "modified"],
  ["updated", "updatedDate"],
  ["updated", "modDatetime"],
  ["categories", "category"],
  ["aliases", "redirect_from"],
  // Hugo's, Zola's and many themes' list of a post's authors.
  ["author", "authors"],
  // A post's picture: Hugo themes' and Jekyll themes' `cover`, Astro's blog template's `heroImage`.
  ["image", "cover"],
  ["image", "heroImage"],
  // The picture's text for a reader who cannot see it, beside it: Eleventy blogs' `alt` and `imageAlt`,
  // Astro schemas' `heroImageAlt` and `heroAlt`. Written inside the picture (`cover: { image, alt }`), it is
  // read with it (src/content/foreign-fields.ts).
  ["image_alt", "alt"],
  ["image_alt", "imageAlt"],
  ["image_alt", "heroImageAlt"],
  ["image_alt", "heroAlt"],
];

/** The fields a post and a page have, after synonyms: what the schemas allow. */
export const POST_FIELDS = [
  "title",
  "description",
  "date",
  "updated",
  "tags",
  "categories",
  "lang",
  "status",
  "slug",
  "author",
  "image",
  "image_alt",
  "aliases",
  "toc",
  "markup",
] as const;
export const PAGE_FIELDS = ["title", "description", "updated", "lang", "aliases", "markup"] as const;

/** What a field of another generator that sitegen does not use is for here, for its warning. */
const OWN_URL =
  "a post's URL is /blog/<slug>/ (`slug:` chooses it); list its old address in `aliases` and that redirects to it";
const OWN_LAYOUT =
  "the templates choose the layout: posts use templates/post.html, pages templates/page.html";
export const FOREIGN_FIELD_HINTS: Record<string, string> = {
  permalink: OWN_URL,
  url: OWN_URL,
  // Zola's.
  path: OWN_URL,
  layout: OWN_LAYOUT,
  type: OWN_LAYOUT,
  weight: "posts are ordered by date, newest first",
  keywords: "use `tags`",
  publishdate: "use `date`; a post dated in the future is left out until then",
  expirydate: "to take a post down, set `status: retired`",
};

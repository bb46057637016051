/**
 * Posts on one slug made distinct: a clash gets a slug of its own, and
 * translations share theirs with their language after it. The same at every
 * build, whatever order the files are read in.
 */
import { SitegenError } from "../errors.ts";
import { canonicalTag } from "./languages.ts";
import { MAX_SLUG_LENGTH } from "./slug.ts";
import type { PostSource } from "./types.ts";

/**
 * Posts on one slug, as two years' `2014-09-10-cfp.md` and
 * `2015-08-31-cfp.md` give: the earliest (by date, then path) keeps it, and
 * each later one gets a slug of its own, the same at every build: the slug
 * and its year (`cfp-2015`), else its day, else a number. A warning names
 * both files and the slug chosen. Drafts take no URL, so they clash with
 * nothing. Posts on one slug each in a language of its own are no clash but
 * one text translated (`de/news/x.md` and `en/news/x.md`, as a site with a
 * folder for each language keeps them): see `translatedSlugs`.
 */
export function distinctSlugs(
  posts: PostSource[],
  defaultLang: string | undefined,
): { posts: PostSource[]; reported: SitegenError[] } {
  const bySlug = new Map<string, PostSource[]>();
  for (const post of posts)
    if (post.status !== "draft") bySlug.set(post.slug, [...(bySlug.get(post.slug) ?? []), post]);
  const taken = new Set(posts.map((post) => post.slug));
  const renamed = new Map<PostSource, PostSource>();
  const reported: SitegenError[] = [];
  for (const [slug, claimants] of [...bySlug].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (claimants.length < 2) continue;
    const translated = translatedSlugs(slug, claimants, defaultLang, taken);
    if (translated) {
      for (const [post, own] of translated) renamed.set(post, own);
      continue;
    }
    const [first, ...later] = [...claimants].sort(byPublished);
    for (const post of later) {
      const own = [
        post.date.slice(0, 4),
        post.date,
        ...Array.from({ length: later.length + 1 }, (_, index) => String(index + 2)),
      ]
        .map((suffix) => withSuffix(slug, suffix))
        .find((candidate) => !taken.has(candidate))!;
      taken.add(own);
      renamed.set(post, { ...post, slug: own });
      // Of two published at one moment, the one whose path sorts first keeps it: the same on every machine, whatever the order files are listed in.
      const why =
        Date.parse(first.published) === Date.parse(post.published)
          ? "which was published at the same moment and comes first by its path, so keeps it"
          : "which is older and keeps it";
      reported.push(
        new SitegenError(
          "E_CONTENT",
          `two posts have the slug \`${slug}\`: this one and ${first.file}, ${why}; this one is at /blog/${own}/`,
          {
            kind: "slug-clash",
            location: { file: post.file },
            hint: `set \`slug:\` in one of them to choose; \`slug: ${own}\` keeps this address`,
          },
        ),
      );
    }
  }
  return { posts: posts.map((post) => renamed.get(post) ?? post), reported };
}

/**
 * Posts on one slug, each in a language of its own, as one text translated:
 * the one in the site's default language (else the earliest) keeps the slug,
 * each other takes its language after it (`ruby-3-4-released-de`), as
 * `sitegen import` names translations, and all share a `translationKey`
 * (the one they write, else the slug), which joins them as translations.
 * Undefined when two are in one language: that is a clash.
 */
function translatedSlugs(
  slug: string,
  claimants: PostSource[],
  defaultLang: string | undefined,
  taken: Set<string>,
): Map<PostSource, PostSource> | undefined {
  const langOf = (post: PostSource) =>
    (canonicalTag(post.lang ?? defaultLang ?? "") ?? post.lang ?? defaultLang ?? "").toLowerCase();
  const languages = new Set(claimants.map(langOf));
  if (languages.size !== claimants.length) return undefined;
  const byDate = [...claimants].sort(byPublished);
  const keeper = byDate.find((post) => langOf(post) === (defaultLang ?? "").toLowerCase()) ?? byDate[0];
  const written = claimants
    .map((post) => post.params.translationKey)
    .find((key) => typeof key === "string" || typeof key === "number");
  const key = written ?? `slug:${slug}`;
  const owns = claimants.map((post): [PostSource, string] => [
    post,
    post === keeper ? slug : withSuffix(slug, langOf(post)),
  ]);
  if (owns.some(([, own]) => own !== slug && taken.has(own))) return undefined;
  for (const [, own] of owns) taken.add(own);
  return new Map(
    owns.map(([post, own]) => [
      post,
      { ...post, slug: own, params: { ...post.params, translationKey: post.params.translationKey ?? key } },
    ]),
  );
}

/** The earlier post first, then by path: which of posts on one slug keeps it. */
function byPublished(a: PostSource, b: PostSource): number {
  return (
    Date.parse(a.published) - Date.parse(b.published) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  );
}

/** `slug-suffix`, the slug cut so that the whole stays within the longest a slug may be. */
function withSuffix(slug: string, suffix: string): string {
  return `${slug
    .replace(/-+$/, "")
    .slice(0, MAX_SLUG_LENGTH - suffix.length - 1)
    .replace(/-+$/, "")}-${suffix}`;
}

/**
 * What of a post is an address: its slug, which is its URL (/blog/<slug>/),
 * made from what the file gives when `slug:` is not one, and its `image`,
 * which a relative path reads from that URL. Its own module because both are
 * read against where the post is published, not as the text its other
 * fields are (src/content/post.ts).
 */
import type { FieldProblem } from "./foreign-fields.ts";
import { slugify, slugProblem } from "./slug.ts";

/**
 * `image:` as written when it is a path from the site root or another site's
 * URL; a relative one (a bundle's `cover.jpg`) is read from the post's URL,
 * as a browser reads a relative link there (the manifest resolves it, once
 * the post's slug is final), and reported; anything else is not used.
 */
export function readImage(
  image: string | undefined,
  readPast: (at: FieldProblem) => void,
): string | undefined {
  if (image === undefined || /^(?:\/(?!\/)|https?:\/\/)/i.test(image)) return image;
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(image)) {
    readPast({
      kind: "unread-field",
      path: ["image"],
      key: false,
      message: `\`image\` is \`${image}\`, neither a path of the site nor an http(s) URL: not used`,
      hint: "write a path from the site root (`/assets/cover.png`) or an https:// URL",
    });
    return undefined;
  }
  readPast({
    kind: "relative-image",
    path: ["image"],
    key: false,
    message: `\`image\` is relative (\`${image}\`): read from the post's URL, as a browser reads it there`,
    hint: `write it from the site root: a post's own files are under /blog/<slug>/, e.g. \`/blog/<slug>/${image.replace(/^\.\//, "")}\``,
  });
  return image;
}

/**
 * The post's slug: `slug:` when it is one, else made into one; the file's
 * name (less a date) when it sets none; the title's words when the name has
 * no Latin letter or digit (`日本語.md`). A post with none of those has no
 * URL: an error.
 */
export function readSlug(
  from: { written?: string; named: { slug: string }; title?: string; lang?: string },
  report: { readPast: (at: FieldProblem) => void; fatal: (at: FieldProblem) => void; file: string },
): string | undefined {
  if (from.written !== undefined) {
    const wrong = slugProblem(from.written);
    if (wrong === undefined) return from.written;
    const made = slugify(from.written, from.lang).replace(/-+$/, "") || from.named.slug;
    if (made !== "") {
      report.readPast({
        kind: "slug-rewritten",
        path: ["slug"],
        key: false,
        message: `\`slug: ${from.written}\` is not a slug (${wrong}): the post is at /blog/${made}/`,
        hint: `write \`slug: ${made}\``,
      });
      return made;
    }
  }
  if (from.named.slug !== "") return from.named.slug;
  // Nothing to take a title from is reported already, and is what to fix.
  if (from.title === undefined) return undefined;
  const made = slugify(from.title, from.lang).replace(/-+$/, "");
  if (made !== "") {
    report.readPast({
      kind: "slug-rewritten",
      path: [],
      key: false,
      message: `the file's name has no Latin letter or digit to make a slug of: the title's are used, and the post is at /blog/${made}/`,
      hint: `set \`slug: ${made}\`, or rename the file to \`${made}.md\``,
    });
    return made;
  }
  report.fatal({
    kind: "no-url",
    path: [],
    key: false,
    message: "neither the file's name nor the title has a Latin letter or digit to make the post's URL of",
    hint: "set `slug:` in its frontmatter, e.g. `slug: my-post`",
  });
  return undefined;
}

/** /blog-index.json (spec §2.3, §2.4), validated against the schema /openapi.json publishes. */
import { SitegenError } from "../../errors.ts";
import type { Manifest } from "../../manifest/manifest.ts";
import { describeSchemaError, validateBlogIndex } from "../../schemas/index.ts";
import { byRoute, type KeptParts } from "../kept-parts.ts";

export interface BlogIndex {
  generated: string;
  count: number;
  posts: {
    slug: string;
    title: string;
    description?: string;
    date?: string;
    tags?: string[];
    lang?: string;
  }[];
}

type IndexedPost = BlogIndex["posts"][number];

/**
 * A post's entry, and its JSON as it stands in the file's `posts` array
 * (indented two levels), as UTF-8: the file is these joined as bytes, which
 * costs a copy, where joining text costs several times more.
 */
const entryOf = byRoute((post) => {
  const entry: IndexedPost = {
    slug: post.slug!,
    title: post.title,
    description: post.description,
    date: post.published,
    tags: post.tags,
    lang: post.lang,
  };
  return {
    entry,
    json: Buffer.from(`    ${JSON.stringify(entry, null, 2).replaceAll("\n", "\n    ")}`, "utf8"),
  };
});

const ENTRY_SEPARATOR = Buffer.from(",\n");

export function blogIndex(manifest: Manifest, parts?: KeptParts): BlogIndex {
  return checkedIndex(
    manifest,
    manifest.posts.map((post) => entryOf(post, parts)),
    parts,
  );
}

/** The index of these entries, checked against its schema; entries found valid are kept as such in `parts`. */
function checkedIndex(manifest: Manifest, entries: { entry: IndexedPost }[], parts?: KeptParts): BlogIndex {
  const index: BlogIndex = {
    generated: manifest.generated,
    count: entries.length,
    posts: entries.map(({ entry }) => entry),
  };
  const valid = parts?.of<IndexedPost, true>(VALID);
  const messages = schemaMessages(index, valid);
  // The schema /openapi.json publishes names the site's languages as `lang`'s enum (blogIndexSchemaFor).
  const languages = new Set(manifest.site.languages);
  index.posts.forEach((post, at) => {
    if (post.lang !== undefined && !languages.has(post.lang))
      messages.push(
        `\`posts.${at}.lang\` must be one of ${manifest.site.languages.map((lang) => JSON.stringify(lang)).join(", ")}`,
      );
  });
  if (messages.length > 0)
    throw new SitegenError("E_CHECK", `blog-index.json does not match its schema: ${messages.join("; ")}`, {
      kind: "surface-limit",
      location: { file: "blog-index.json" },
    });
  if (valid) for (const post of index.posts) valid.set(post, true);
  return index;
}

/** The kind of the entries found valid: a watch session's rebuild checks only the entries of the posts that changed. */
const VALID = {};

/** What the schema finds wrong with the index, each entry named by its place in the whole index; `valid`, entries already checked. */
function schemaMessages(index: BlogIndex, valid?: WeakMap<IndexedPost, true>): string[] {
  const unchecked = index.posts.flatMap((post, at) => (valid?.has(post) ? [] : [{ post, at }]));
  if (validateBlogIndex({ ...index, posts: unchecked.map(({ post }) => post) })) return [];
  return (validateBlogIndex.errors ?? []).map((error) =>
    describeSchemaError({
      ...error,
      instancePath: error.instancePath.replace(
        /^\/posts\/(\d+)/,
        (_, at: string) => `/posts/${unchecked[Number(at)].at}`,
      ),
    }),
  );
}

/** The file: what `JSON.stringify(blogIndex(manifest), null, 2)` writes, made of each post's entry as kept (`entryOf`). */
export function blogIndexJson(manifest: Manifest, parts?: KeptParts): Uint8Array {
  // Each entry is made once, for the check and for the file.
  const entries = manifest.posts.map((post) => entryOf(post, parts));
  const { generated, count } = checkedIndex(manifest, entries, parts);
  const head = `{\n  "generated": ${JSON.stringify(generated)},\n  "count": ${count},\n  "posts": `;
  if (count === 0) return Buffer.from(`${head}[]\n}\n`);
  const pieces: Uint8Array[] = [Buffer.from(`${head}[\n`)];
  for (const [at, { json }] of entries.entries()) {
    if (at > 0) pieces.push(ENTRY_SEPARATOR);
    pieces.push(json);
  }
  pieces.push(Buffer.from("\n  ]\n}\n"));
  return Buffer.concat(pieces);
}

/**
 * The tags of the posts: each with its posts, the spelling it is shown by
 * and its address. Its own module because deciding what a tag is (spellings
 * of one slug are one tag; a tag with no Latin letter or digit has no page)
 * is apart from laying out the pages that list it (listings.ts). Pure.
 */
import { tagSlug } from "../content/slug.ts";
import { tagPath, type ListingLanguage } from "./listing-languages.ts";
import type { Addresser, PageRoute, TagEntry } from "./routes.ts";

/** A tag that cannot have a page: no Latin letter or digit to make a URL of; `source`, the first post that has it. */
export interface UnaddressableTag {
  name: string;
  source: string;
}

/**
 * Every tag of the posts with its posts (newest first, as they come), by
 * name. Spellings of one slug are one tag, named as most of its posts spell
 * it (the first in code-point order among equals); a tag with no Latin
 * letter or digit has no slug, and so no page.
 */
export function collectTags(
  posts: PageRoute[],
  { addressesOf, language }: { addressesOf: Addresser; language: ListingLanguage },
): { tags: TagEntry[]; postsOf: Map<string, PageRoute[]>; unaddressable: UnaddressableTag[] } {
  const postsOf = new Map<string, PageRoute[]>();
  const spellings = new Map<string, Map<string, number>>();
  const unaddressable = new Map<string, string>();
  for (const post of posts) {
    const seen = new Set<string>();
    for (const name of post.tags) {
      const slug = tagSlug(name);
      if (slug === "") {
        if (!unaddressable.has(name)) unaddressable.set(name, post.source);
        continue;
      }
      const counts = spellings.get(slug) ?? new Map<string, number>();
      spellings.set(slug, counts.set(name, (counts.get(name) ?? 0) + 1));
      if (seen.has(slug)) continue;
      seen.add(slug);
      postsOf.set(slug, [...(postsOf.get(slug) ?? []), post]);
    }
  }
  const tags = [...postsOf.keys()].map((slug): TagEntry => {
    const name = [...spellings.get(slug)!].sort(
      ([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0),
    )[0][0];
    const { path, url, markdownUrl } = addressesOf(tagPath(language, slug));
    return { name, slug, path, url, markdownUrl, count: postsOf.get(slug)!.length };
  });
  tags.sort((a, b) => byName(a.name, b.name) || (a.slug < b.slug ? -1 : 1));
  return { tags, postsOf, unaddressable: [...unaddressable].map(([name, source]) => ({ name, source })) };
}

/** Case-insensitively, as a reader looks a tag up, then as written: the same order on every machine. */
function byName(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * What a Jekyll text's layout makes of it, where that decides what the text
 * is: a layout that lists the site's posts in the text's place (a theme's
 * `post-index` or `home`, worn by a file of `_posts/` or a page at `/blog/`)
 * makes the text a list of the site's, as an HTML page whose own Liquid lists
 * them is (jekyll.ts). Its words are the layout's, which sitegen does not
 * move: the new site makes its own list, and the old address leads there.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { listingOf } from "./jekyll-pages.ts";
import type { LeftOut } from "./model.ts";
import { readDocument, text } from "./read.ts";

/** Jekyll's folder of layouts. */
const LAYOUTS = "_layouts";
/** How deep a layout may sit in others (`post-index` in `default`), as a bound on a chain that loops. */
const MAX_CHAIN = 10;
/**
 * Liquid that names the text that wears a layout, `content` (not a post's `post.content`): `{{ content }}`,
 * through a filter (`{{ content | toc }}`) or an include (`{% include toc.html html=content %}`). A layout that
 * names it may show it, and the text is then its author's.
 */
const SHOWS_CONTENT = /\{[{%](?:(?!%\}|\}\})[\s\S])*?(?<![.\w-])content\b(?![\w-])/;

export interface LayoutList {
  of: string;
  term?: string;
  /** The layout file that lists them, from the site's root. */
  layout: string;
}

/**
 * The list a layout shows in place of the text that wears it, by the layout's
 * name: undefined where the layout shows the text (`{{ content }}` in it and
 * in each layout it sits in), since the text's words are then its author's,
 * or lists nothing of the site's. Each layout is read once.
 */
export function layoutLists(root: string): (name: unknown) => LayoutList | undefined {
  const folder = join(root, LAYOUTS);
  const files = existsSync(folder) ? readdirSync(folder) : [];
  const read = new Map<string, { lists?: LayoutList; shows: boolean; parent?: string } | undefined>();
  const layout = (name: string) => {
    if (read.has(name)) return read.get(name);
    // Jekyll finds a layout by its name without the extension (`post-index` is `post-index.html`).
    const file = files.find((each) => each.replace(/\.[^.]+$/, "") === name);
    const document = file === undefined ? undefined : readDocument(join(folder, file), file);
    const found =
      document === undefined || "problem" in document
        ? undefined
        : {
            lists: listed(document.body, `${LAYOUTS}/${file}`),
            shows: SHOWS_CONTENT.test(document.body),
            parent: text(document.data.layout),
          };
    read.set(name, found);
    return found;
  };
  return (name) => {
    let lists: LayoutList | undefined;
    let shown = true;
    let at = text(name);
    for (let depth = 0; at !== undefined && depth < MAX_CHAIN; depth++) {
      const each = layout(at);
      if (each === undefined) break;
      // A list a layout shows where the text would be, whatever sits around it.
      lists ??= each.lists;
      shown &&= each.shows;
      at = each.parent;
    }
    return lists && !shown ? lists : undefined;
  };
}

function listed(body: string, layout: string): LayoutList | undefined {
  const lists = listingOf(body);
  return lists && { ...lists, layout };
}

/** A text that lists the site's posts, tags or pages, left behind: its old address answers with a 301 to the new site's list (published/old-pages.ts). */
export function leftAsList(
  file: string,
  lists: { of: string; term?: string; layout?: string; paginated?: boolean },
  oldUrls: string[],
  basePath: string,
  lang?: string,
): LeftOut {
  const what = lists.term
    ? `posts in ${lists.of === "tags" ? "the tag" : "the category"} ${lists.term}`
    : lists.of;
  const how = lists.layout
    ? `its layout ${lists.layout} lists them and shows none of its own text`
    : lists.paginated
      ? "its front matter has a paginator fill it with them"
      : "its Liquid reads them";
  // A list of every post (`blog.html`, an archive) but the home is the blog page now: a link to it leads there. A
  // language's home (`/de/`, its text `lang: de`) is a home: it leads to the new one.
  const languageHome = lang !== undefined && oldUrls.includes(`${basePath}/${lang}/`);
  const blog = lists.of === "posts" && !oldUrls.includes(`${basePath}/`) && !languageHome;
  return {
    file,
    why: `a list of the site's ${what} (${how}): sitegen makes its own lists, and the old address leads to the new one`,
    oldUrls,
    ...(lists.term ? { listsTerm: lists.term } : {}),
    ...(blog ? { listedAt: "/blog/" } : languageHome ? { listedAt: "/" } : {}),
  };
}

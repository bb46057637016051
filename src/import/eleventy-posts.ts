/**
 * Which of an Eleventy site's Markdown documents are posts, and what each
 * post takes with it: the files of its own folder, the cover its front
 * matter names from the project's root, and the day Eleventy dates it by
 * where it names none. Apart from readEleventy (eleventy.ts), which reads
 * the documents and their addresses first.
 */
import { existsSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { terms, text } from "./read.ts";
import type { ImportedDocument, ImportedSite, LeftOut } from "./model.ts";
import { folderInside, type SourceFile } from "./walk.ts";

const POST_FOLDERS = new Set(["blog", "posts", "post", "_posts"]);
const NAMED_POST_TAGS = new Set(["posts", "post", "blog"]);

/**
 * Each document a page or a post of `site`: a post is what the data tags
 * `posts` (or, where nothing is tagged so, the collection the site's feed
 * lists, `collections.weeknotes`; else what sits in a posts folder).
 * `files` are the input folder's; `ownFile` says which of them a post's
 * folder publishes beside it.
 */
export function sortPosts(
  site: ImportedSite,
  documents: (ImportedDocument & { path: string; real: string })[],
  files: SourceFile[],
  {
    root,
    input,
    ownFile,
    fed = [],
  }: { root: string; input: string; ownFile: (path: string) => boolean; fed?: string[] },
): void {
  const taggedWith = (names: Set<string>) =>
    documents.some((document) => terms(document.data.tags).some((tag) => names.has(tag)));
  const postTags = taggedWith(NAMED_POST_TAGS) || !taggedWith(new Set(fed)) ? NAMED_POST_TAGS : new Set(fed);
  const tagged = taggedWith(postTags);
  for (const document of documents) {
    const folders = document.path.split("/").slice(0, -1);
    // Where the folder says what is a post, the folder's own index (`blog/index.md`, at /blog/) is its list, not a post in it.
    const inPostFolder =
      folders.some((folder) => POST_FOLDERS.has(folder)) &&
      !(document.stem === "index" && POST_FOLDERS.has(folders.at(-1) ?? ""));
    // Where some posts are tagged so, a dated file of a posts folder is a post too: a site that gathers its posts by a glob of its own (`getFilteredByGlob("src/posts/en/*.md")`) tags few.
    const post =
      document.role !== "home" &&
      (tagged
        ? terms(document.data.tags).some((tag) => postTags.has(tag)) ||
          (inPostFolder && /^\d{4}-\d{2}-\d{2}-/.test(document.stem))
        : inPostFolder);
    if (!post) {
      site.pages.push(document);
      continue;
    }
    const own = isFolderPost(document.path) ? folders.join("/") : undefined;
    const bundle = own
      ? files
          .filter((each) => each.path.startsWith(`${own}/`) && ownFile(each.path))
          .map((each) => ({
            name: each.path.slice(own.length + 1),
            path: each.real,
            ...(document.oldUrls[0]?.endsWith("/")
              ? { oldUrl: `${document.oldUrls[0]}${each.path.slice(own.length + 1)}` }
              : {}),
          }))
      : [];
    // Its picture written from the project's root (`image: './src/assets/images/blog/x.png'`, which the site's templates hand to eleventy-img): moved with it, as its cover.
    const image = text(document.data.image);
    const cover =
      image && !/^(\/|[a-z]+:)/i.test(image) && !existsSync(join(input, ...folders, image))
        ? folderInside(root, resolve(root, image)).real
        : undefined;
    const withCover =
      cover && existsSync(cover)
        ? { ...document, data: { ...document.data, image: `./${basename(cover)}` } }
        : document;
    const coverFile =
      cover && withCover !== document && !bundle.some((file) => file.path === cover)
        ? [{ name: basename(cover), path: cover }]
        : [];
    site.posts.push({
      ...dated(withCover, site.notes!),
      kind: "post",
      stem: own ? basename(own) : document.stem,
      bundle: [...bundle, ...coverFile],
    });
  }
}

/**
 * A post without a `date` is dated by Eleventy from its file: a day its
 * path names, else the day the file was created (its `birthtime`, the
 * modification time where the file system keeps none). That day is written
 * as its `date`, and the report names the post: a copy of a repository dates
 * its files by the checkout, so the author may want the real day.
 */
function dated(
  document: ImportedDocument & { real: string; path: string },
  notes: LeftOut[],
): ImportedDocument {
  if (["date", "pubDate", "publishDate"].some((field) => document.data[field] !== undefined)) return document;
  // Eleventy takes a day written anywhere in the file's path (`2007-11-24.md-with-auto-title.markdown`, `2020/2020-04-01/index.md`).
  const named = /(\d{4}-\d{2}-\d{2})/.exec(document.path)?.[1];
  if (named) return { ...document, data: { ...document.data, date: named } };
  const stat = statSync(document.real);
  const created = stat.birthtimeMs > 0 ? stat.birthtime : stat.mtime;
  const date = created.toISOString().slice(0, 10);
  notes.push({
    file: document.file,
    why: `no \`date\`: dated ${date}, the day its file was created, as Eleventy dates it; write the real day as its date`,
  });
  return { ...document, data: { ...document.data, date } };
}

/** A Markdown file that is its folder's own: `index.md`, or one named as its folder (`fourthpost/fourthpost.md`). */
function isFolderPost(path: string): boolean {
  const parts = path.replace(/\.[^./]+$/, "").split("/");
  return parts.length > 1 && (parts.at(-1) === "index" || parts.at(-1) === parts.at(-2));
}

/** A template of the site's feed: named so, or published at an address of a feed (`permalink: /feed.xml`). */
const FEED = /(?:^|[/._-])(?:feed|rss|atom)(?:[/._-]|$)|^permalink:.*\.(?:xml|rss|atom)\b/im;
const COLLECTION = /\bcollections(?:\.([A-Za-z_$][\w$]*)|\[\s*["']([^"']+)["']\s*\])/g;

/** The collections the site's feed templates list (`{{#each collections.weeknotes}}`), the whole site's (`all`) aside. */
export function fedCollections(templates: { path: string; text: string }[]): string[] {
  const names = templates
    .filter(({ path, text }) => FEED.test(path) || FEED.test(text))
    .flatMap(({ text }) => [...text.matchAll(COLLECTION)].map((match) => match[1] ?? match[2]));
  return [...new Set(names)].filter((name) => name !== "all");
}

/**
 * A template that paginates one named collection (`pagination: { data: collections.activity_en }`) lists its
 * posts page by page, as the new blog's pages do: its old pages, each as Eleventy published it, lead to `/blog/`.
 * A collection of tags or categories (`collections.tags_fr.tags`), or all of them (`collections`), makes a page per
 * term, which the term's own page answers.
 */
export function listedAtBlog(pagination: unknown): { listedAt?: string } {
  const data =
    pagination && typeof pagination === "object" ? (pagination as { data?: unknown }).data : undefined;
  if (typeof data !== "string") return {};
  const named = /^collections(?:\.([\w$-]+)|\[\s*["']([^"']+)["']\s*\])$/.exec(data.trim());
  const name = named?.[1] ?? named?.[2];
  return name === undefined || /tag|categor|topic|label/i.test(name) ? {} : { listedAt: "/blog/" };
}

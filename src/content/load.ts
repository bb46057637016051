/**
 * Reads the content tree into validated sources. All problems are collected and
 * reported together, each naming its file and line.
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { errorsOf, SitegenError, SitegenErrors } from "../errors.ts";
import { validatePost } from "../schemas/index.ts";
import { parseMarkdownFile, schemaErrors } from "./frontmatter.ts";
import { siteLanguageOf } from "./languages.ts";
import { parsePage } from "./page.ts";
import { parseSite } from "./site.ts";
import { slugProblem } from "./slug.ts";
import type { Content, Lang, PageSource, PostSource } from "./types.ts";

export { parsePage } from "./page.ts";
export { parseSite } from "./site.ts";

/** A Markdown file to read: its stem, its absolute path, and the path messages show. */
export interface SourceEntry {
  name: string;
  path: string;
  file: string;
}

export interface LoadOptions {
  /** Parses the posts' files; by default here, or spread over render lanes for a large blog. */
  parsePosts?: PostParser;
  /** The folder messages name files relative to: the user's working folder. */
  cwd: string;
}

/** Parses post files; by default here, or spread over render workers for a large blog. */
export type PostParser = (entries: SourceEntry[]) => Promise<{ posts: PostSource[]; errors: SitegenError[] }>;

export async function loadContent(contentDir: string, options: LoadOptions): Promise<Content> {
  const root = resolve(options.cwd, contentDir);
  const display = displayFrom(options.cwd);
  const errors: SitegenError[] = [];
  const collect = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      errors.push(...located);
      return undefined;
    }
  };

  const siteFile = display(join(root, "site.yaml"));
  const siteText = readTextSync(join(root, "site.yaml"), siteFile);
  const site = collect(() => parseSite(siteText, siteFile));

  const pages: PageSource[] = [];
  for (const entry of await listMarkdown(join(root, "pages"), options.cwd)) {
    const text = readTextSync(entry.path, entry.file);
    const page = collect(() => parsePage(entry.name, text, entry.file, entry.path));
    if (page) pages.push(page);
  }
  if (!pages.some((page) => page.name === "index") && !errors.some((e) => /[\\/]index\.md$/.test(e.location?.file ?? ""))) {
    errors.push(
      new SitegenError("E_CONTENT", "missing the home page `index.md`", {
        location: { file: display(join(root, "pages")) },
        hint: "every site has a home page, /; create it with `sitegen new page index`",
      }),
    );
  }

  const parsed = await (options.parsePosts ?? parsePostsHere)(await listMarkdown(join(root, "blog"), options.cwd, { optional: true }));
  errors.push(...parsed.errors);
  let posts = parsed.posts;
  if (site) {
    const languages = inSiteLanguages(site.languages);
    pages.splice(0, pages.length, ...pages.flatMap((page) => collect(() => languages(page)) ?? []));
    posts = posts.flatMap((post) => collect(() => languages(post)) ?? []);
  }

  if (errors.length > 0 || !site) throw new SitegenErrors(errors);
  return { siteFile, site, pages, posts };
}

/**
 * A page or post with its `lang` as the site names it (`en-US` → `en` on a
 * site in `en`), or a located error when it names none of the site's
 * languages. Parsing does not know the site (posts may be parsed in a
 * worker), so the language is checked here, and a file is read again only to
 * point at a wrong `lang`.
 */
function inSiteLanguages(languages: readonly Lang[]) {
  return <T extends { lang?: Lang; file: string; path: string }>(source: T): T => {
    if (source.lang === undefined) return source;
    const lang = siteLanguageOf(source.lang, languages);
    if (lang !== undefined) return lang === source.lang ? source : { ...source, lang };
    const text = readTextSync(source.path, source.file);
    const at = parseMarkdownFile(text, source.file).locate(["lang"]);
    throw new SitegenError("E_CONTENT", `\`lang\` is ${JSON.stringify(source.lang)}, which is not one of the site's languages (${languages.join(", ")})`, {
      location: { file: source.file, line: at?.line, column: at?.column },
      sourceLine: at && text.split(/\r?\n/)[at.line - 1],
      hint: `write one of ${languages.map((l) => `\`${l}\``).join(", ")}, or add the language to \`languages\` in site.yaml`,
    });
  };
}

export function parsePost(slug: string, text: string, file: string, path = file): PostSource {
  const problem = slugProblem(slug);
  if (problem) {
    throw new SitegenError("E_CONTENT", `malformed slug \`${slug}\`: ${problem}`, {
      location: { file },
      hint: "rename the file; `sitegen new post \"<title>\"` derives a valid slug from a title",
    });
  }
  const parsed = parseMarkdownFile(text, file);
  if (!validatePost(parsed.data)) throw new SitegenErrors(schemaErrors(validatePost.errors ?? [], parsed, file, text));
  const data = parsed.data as Omit<PostSource, "slug" | "file" | "path" | "body" | "bodyLine">;
  if (data.updated !== undefined && data.updated < data.date) {
    const at = parsed.locate(["updated"]);
    throw new SitegenError("E_CONTENT", `\`updated\` (${data.updated}) is before \`date\` (${data.date})`, {
      location: { file, line: at?.line, column: at?.column },
      sourceLine: at ? text.split(/\r?\n/)[at.line - 1] : undefined,
    });
  }
  return { slug, file, path, ...data, tags: data.tags ?? [], body: parsed.body, bodyLine: parsed.bodyLine };
}

/**
 * Reads and parses posts in this thread. Without `bodies`, only as much of
 * each file is read as holds its frontmatter, and `body` is left empty: a
 * build reads each body again when it renders the post.
 */
export async function parsePostsHere(entries: SourceEntry[], options: { bodies: boolean } = { bodies: true }): Promise<{ posts: PostSource[]; errors: SitegenError[] }> {
  const posts: PostSource[] = [];
  const errors: SitegenError[] = [];
  for (const entry of entries) {
    try {
      const text = options.bodies ? readTextSync(entry.path, entry.file) : readFrontmatterSync(entry.path, entry.file);
      const post = parsePost(entry.name, text, entry.file, entry.path);
      posts.push(options.bodies ? post : { ...post, body: "" });
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      errors.push(...located);
    }
  }
  return { posts, errors };
}

/**
 * The Markdown files of a folder, sorted by name; `cwd` is where messages
 * name them from. An `optional` folder that does not exist holds none: a site
 * without posts has no blog folder.
 */
export async function listMarkdown(dir: string, cwd: string, options: { optional?: boolean } = {}): Promise<SourceEntry[]> {
  const display = displayFrom(cwd);
  const absolute = resolve(cwd, dir);
  let names: string[];
  try {
    names = await readdir(absolute);
  } catch (error) {
    if (options.optional && (error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new SitegenError("E_CONTENT", `cannot read the folder ${display(absolute)}`, { location: { file: display(absolute) }, cause: error });
  }
  return names
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((entry) => ({ name: entry.slice(0, -3), path: join(absolute, entry), file: display(join(absolute, entry)) }));
}

/** Small files read one after another: synchronous reads cost less than a promise each. */
export function readTextSync(path: string, file: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new SitegenError("E_CONTENT", `cannot read ${file}`, { location: { file }, cause: error });
  }
}

/** Bytes read first for a post's metadata: frontmatter is a few hundred bytes. */
const HEAD_BYTES = 8192;
/** A line `---` after the first line, whole: the frontmatter ends within the text before it. */
const CLOSING_FENCE = /\n---[ \t]*\r?\n/;

/**
 * The start of a file up to at least the end of its frontmatter: the whole
 * file when the frontmatter does not close within the first few kilobytes.
 * What follows the frontmatter may be cut anywhere, even within a character.
 */
export function readFrontmatterSync(path: string, file: string): string {
  let head: string;
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.allocUnsafe(HEAD_BYTES);
      const length = readSync(fd, buffer, 0, HEAD_BYTES, 0);
      head = buffer.toString("utf8", 0, length);
      if (length < HEAD_BYTES) return head;
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new SitegenError("E_CONTENT", `cannot read ${file}`, { location: { file }, cause: error });
  }
  return CLOSING_FENCE.test(head) ? head : readTextSync(path, file);
}

/** Paths in messages are relative to where the user ran the command. */
function displayFrom(cwd: string): (path: string) => string {
  return (path) => {
    const rel = relative(cwd, path);
    return rel.startsWith("..") || rel === "" ? path : rel;
  };
}

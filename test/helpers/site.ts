/**
 * What the build and check tests compare against: the content tree read
 * independently of `src/` (plain `yaml`, no sitegen code), every file of a
 * built folder, and the real CLI run asynchronously so independent builds can
 * run side by side.
 */
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { parse } from "yaml";
import { ROOT, tempDir } from "./dist.ts";
import { sitegenIn, type CliRun } from "./project.ts";

export type { CliRun };

export const CONTENT = join(ROOT, "content");
/** `generated` in blog-index.json for SOURCE_DATE_EPOCH=EPOCH. */
export const GENERATED = "2026-12-01T00:00:00Z";
/** The fixed pages of spec §2.1, by file stem, in the spec's order. */
export const FIXED_PAGES = ["index", "about", "blog", "brand", "contact", "developers", "privacy"];
/** AI and search crawlers that robots.txt must not block (spec §2.6). */
export const CRAWLERS = [
  "*",
  "GPTBot",
  "OAI-SearchBot",
  "ChatGPT-User",
  "ClaudeBot",
  "anthropic-ai",
  "Claude-Web",
  "CCBot",
  "Google-Extended",
  "Googlebot",
  "PerplexityBot",
  "Bytespider",
  "Applebot-Extended",
  "Amazonbot",
  "meta-externalagent",
  "Bingbot",
];

export interface SourcePost {
  slug: string;
  title: string;
  description: string;
  date: string;
  updated?: string;
  tags: string[];
  lang: "en" | "vi";
  status: "published" | "draft" | "retired";
  body: string;
}

export interface SourcePage {
  name: string;
  title: string;
  description: string;
  updated: string;
  lang?: "en" | "vi";
  body: string;
}

export interface SourceSite {
  name: string;
  base_url: string;
  languages: string[];
  summary: string;
  when_to_use: string[];
  when_not_to_use: string[];
  contact: { email: string };
}

export interface Source {
  site: SourceSite;
  pages: SourcePage[];
  posts: SourcePost[];
  /** Published posts, newest first (ties by slug), as every list on the site orders them. */
  published: SourcePost[];
  /** Drafts and retired posts: they must appear nowhere. */
  hidden: SourcePost[];
  /** Every canonical page path with what its HTML and Markdown must say. */
  routes: Route[];
}

export interface Route {
  path: string;
  markdownPath: string;
  title: string;
  description: string;
  lang: string;
  lastmod: string;
  /** The Markdown body from the content file. */
  body: string;
  post?: SourcePost;
}

function frontmatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error("no frontmatter");
  return { data: parse(match[1]) as Record<string, unknown>, body: match[2] };
}

/** `/` → `/index.md`, `/about/` → `/about.md`, `/blog/x/` → `/blog/x.md` (spec §4.1.5). */
export function siblingOf(path: string): string {
  return path === "/" ? "/index.md" : `${path.slice(0, -1)}.md`;
}

/** Reads a content tree (the real one by default) without any sitegen code. */
export function readSource(dir = CONTENT): Source {
  const site = parse(readFileSync(join(dir, "site.yaml"), "utf8")) as SourceSite;
  const pages = readdirSync(join(dir, "pages"))
    .filter((name) => name.endsWith(".md"))
    .map((name): SourcePage => {
      const { data, body } = frontmatter(readFileSync(join(dir, "pages", name), "utf8"));
      return { name: name.slice(0, -3), ...(data as Omit<SourcePage, "name" | "body">), body };
    });
  const posts = readdirSync(join(dir, "blog"))
    .filter((name) => name.endsWith(".md"))
    .map((name): SourcePost => {
      const { data, body } = frontmatter(readFileSync(join(dir, "blog", name), "utf8"));
      return { slug: name.slice(0, -3), ...(data as Omit<SourcePost, "slug" | "body">), body };
    });
  const published = posts
    .filter((post) => post.status === "published")
    .sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1));
  const newest =
    published
      .map((post) => post.updated ?? post.date)
      .sort()
      .at(-1) ?? "";
  const routes: Route[] = [
    ...FIXED_PAGES.map((name): Route => {
      const page = pages.find((p) => p.name === name)!;
      const path = name === "index" ? "/" : `/${name}/`;
      const lastmod = name === "blog" && newest > page.updated ? newest : page.updated;
      return {
        path,
        markdownPath: siblingOf(path),
        title: page.title,
        description: page.description,
        lang: page.lang ?? site.languages[0],
        lastmod,
        body: page.body,
      };
    }),
    ...published.map((post): Route => {
      const path = `/blog/${post.slug}/`;
      return {
        path,
        markdownPath: siblingOf(path),
        title: post.title,
        description: post.description,
        lang: post.lang,
        lastmod: post.updated ?? post.date,
        body: post.body,
        post,
      };
    }),
  ];
  return {
    site,
    pages,
    posts,
    published,
    hidden: posts.filter((post) => post.status !== "published"),
    routes,
  };
}

/** Every file under `dir`, by `/`-separated relative path. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    files.set(relative(dir, full).split(sep).join("/"), readFileSync(full));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** The file in a built folder that answers `url` (an absolute URL under `base`), or undefined. */
export function fileFor(url: string, base: string): string | undefined {
  if (!url.startsWith(`${base}/`)) return undefined;
  const path = decodeURI(url.slice(base.length).split("#")[0].split("?")[0]);
  return path.endsWith("/") ? `${path.slice(1)}index.html` : path.slice(1);
}

/** Text with the author's code samples removed: fenced blocks and inline code in Markdown, `<pre>`/`<code>` in HTML. */
export function withoutCode(text: string, kind: "markdown" | "html"): string {
  if (kind === "html") return text.replace(/<pre[\s\S]*?<\/pre>/g, "").replace(/<code>[\s\S]*?<\/code>/g, "");
  return text.replace(/^\s{0,3}(```|~~~)[^\n]*\n[\s\S]*?^\s{0,3}\1[^\n]*$/gm, "").replace(/`[^`\n]+`/g, "");
}

/** Decodes the entities the templates write (`&amp;`, `&quot;`, `&#39;`, `&lt;`, `&gt;`, numeric). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const scratch: string[] = [];
process.once("exit", () => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder removed when the test process exits. */
export function scratchDir(prefix: string): string {
  const dir = tempDir(prefix);
  scratch.push(dir);
  return dir;
}

/** A copy of the real content tree in a temporary folder, to break on purpose. */
export function copyContent(): string {
  const dir = join(scratchDir("sitegen-content-"), "content");
  cpSync(CONTENT, dir, { recursive: true });
  return dir;
}

/** The real CLI as a child process, asynchronously, from the project's folder: `sitegenIn` there. */
export function sitegenAsync(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return sitegenIn(ROOT, args, env);
}

/** Two built folders (or their trees) hold the same files with the same bytes. */
export function assertSameTree(
  actual: string | Map<string, Buffer>,
  expected: string | Map<string, Buffer>,
): void {
  const a = typeof actual === "string" ? readTree(actual) : actual;
  const b = typeof expected === "string" ? readTree(expected) : expected;
  assert.deepEqual([...a.keys()], [...b.keys()], "the same files");
  for (const [file, bytes] of b) assert.ok(a.get(file)!.equals(bytes), `${file} differs`);
}

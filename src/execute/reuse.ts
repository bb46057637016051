/**
 * What one build leaves for the next: for each published post, the hash of
 * its file, its parse, and its page's files and facts, with a fingerprint of
 * everything else its page is made from. A post whose file and fingerprint
 * are unchanged is not rendered again: its files are taken from where the
 * earlier build left them (the watch session's output folder, or the build
 * cache, src/write/cache.ts).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { mapPostFields } from "../content/foreign-fields.ts";
import { parseMarkdownFile } from "../content/frontmatter.ts";
import type { PostSource } from "../content/types.ts";
import { postShell, type Manifest, type PageRoute } from "../manifest/manifest.ts";
import type { PageFacts } from "../render/links.ts";
import { urlOfTag, type LinkTargets } from "../render/liquid-links.ts";
import type { FileWriter, Written } from "../write/output.ts";
import type { SourceEntry } from "../content/load.ts";
import type { KnownSource } from "./sources.ts";

export interface PostRecord extends KnownSource {
  /** The fingerprint of everything else the page is made from (`pageFingerprint`). */
  shell: string;
  /** What the page shows of the posts around it (`aroundOf`). */
  around: string;
  /** The page's files: its HTML and its `.md` sibling. */
  files: { file: string; written: Written }[];
  facts: PageFacts;
}

/** Post records by the post file's path relative to the content folder. */
export type PostRecords = Map<string, PostRecord>;

/** Where earlier results come from and where this build's go: the build cache on disk, or the watch session in memory. */
export interface ReuseStore<W extends FileWriter> {
  readonly records: PostRecords;
  /** Puts a record's files into the output `writer` is writing; false when they cannot be had. */
  restore(record: PostRecord, writer: W): boolean;
  /** Keeps this build's records, and the files they name, for the next build. */
  save(records: PostRecords, writer: W): void;
  /** Whether the store vouches that a post file (listed as `entry`) is unchanged since its record, so it need not be read again. */
  vouches?(path: string, entry?: SourceEntry): boolean;
}

/**
 * Everything a post page is made from besides its own file: the manifest's
 * shell (`postShell`), the templates and assets, the markup added to every
 * page, and the code that renders it (sitegen and its packages).
 */
export function pageFingerprint(manifest: Manifest, templates: { fingerprint: string }, headExtra = ""): string {
  return createHash("sha256")
    .update(JSON.stringify(postShell(manifest)))
    .update("\0")
    .update(templates.fingerprint)
    .update("\0")
    .update(headExtra)
    .update("\0")
    .update(codeFingerprint())
    .digest("base64url");
}

/** What a post page is made from besides its own file: the shell, and what its Jekyll link tags name. */
export interface PageInputs {
  shell: string;
  targets: LinkTargets;
}

/**
 * The earlier record of a post, when neither its file nor anything its page
 * is made from has changed (the URL each of its link tags names included),
 * and it names the files the route has (an index edited by hand may name others).
 */
export function unchanged(records: PostRecords | undefined, key: string, source: string | undefined, inputs: PageInputs, route: PageRoute): PostRecord | undefined {
  const record = records?.get(key);
  if (!record || record.source !== source || record.shell !== inputs.shell || record.around !== aroundOf(route) || !Array.isArray(record.files)) return undefined;
  if (record.facts.named?.some(([tag, url]) => (urlOfTag(tag, inputs.targets) ?? "") !== url)) return undefined;
  const [html, markdown, ...more] = record.files;
  return html?.file === route.htmlFile && markdown?.file === route.markdownFile && more.length === 0 ? record : undefined;
}

/** The record of a post page just built from `post`. */
export function recordOf(post: PostSource, route: PageRoute, source: string, shell: string, written: Map<string, Written>, facts: PageFacts): PostRecord {
  return {
    source,
    // Without its body; the same object when it has none, so that what is kept by post (its route) holds for the next build.
    post: post.body === "" ? post : { ...post, body: "" },
    shell,
    around: aroundOf(route),
    files: [route.htmlFile, route.markdownFile].map((file) => ({ file, written: written.get(file)! })),
    facts,
  };
}

/**
 * What a post page shows besides its own file and the shell: the posts before
 * and after it (a neighbour's new title renders it again), and whether it is
 * a draft.
 */
export function aroundOf(route: PageRoute): string {
  return JSON.stringify([route.newer ?? null, route.older ?? null, route.draft ?? false]);
}

/**
 * The status a post file's frontmatter gives (`status`, or Hugo's `draft`,
 * or Jekyll's `published`), read from the file itself, or undefined when it
 * cannot be read: whether a post is published is never taken from a record,
 * which comes from outside the build and may have been edited. Reading the
 * frontmatter is the YAML alone, not the post's whole parse: about 30 µs a
 * post.
 */
export function statusOf(text: string, file: string): PostSource["status"] | undefined {
  try {
    return mapPostFields(parseMarkdownFile(text, file).data as Record<string, unknown>).data.status as PostSource["status"] | undefined;
  } catch {
    return undefined;
  }
}

/** Where a post file is keyed: relative to the content folder, so a fresh checkout elsewhere finds it. */
export function recordKey(contentRoot: string, sourcePath: string): string {
  // Most paths are plainly below the root: a slice, not path arithmetic, for every post of every rebuild.
  if (sep === "/" && sourcePath.startsWith(`${contentRoot}/`)) return sourcePath.slice(contentRoot.length + 1);
  return relative(contentRoot, sourcePath).split(sep).join("/");
}

/** The absolute path of a post file keyed by `recordKey`. */
export function keyPath(contentRoot: string, key: string): string {
  return sep === "/" ? `${contentRoot}/${key}` : join(contentRoot, ...key.split("/"));
}

let code: string | undefined;

/** The markdown-it plugins a page is rendered with (src/render/markdown/instance.ts), and Temml, which writes its formulas: a new version may render it otherwise. */
const MARKDOWN_PLUGINS = ["markdown-it-footnote", "markdown-it-deflist", "markdown-it-container", "markdown-it-emoji", "@mdit/plugin-alert", "@mdit/plugin-tasklist", "temml"];

/** Written by scripts/compile.mjs into lib/: the hash of every other file there. */
const COMPILED_FINGERPRINT = "fingerprint.txt";

/**
 * The running sitegen: every file of the folder its code runs from and the
 * versions of the packages it renders with. A new sitegen, or a package
 * update, is a new fingerprint. Compiled, that is lib/, whose packages are
 * bundled in, hashed once when it was compiled; from the sources, src/ is
 * hashed now.
 */
export function codeFingerprint(): string {
  if (code) return code;
  // Compiled, this module is a chunk in lib/; from the sources, it is src/execute/reuse.ts.
  const here = dirname(fileURLToPath(import.meta.url));
  if (here.endsWith(`${sep}lib`)) {
    try {
      return (code = `lib:${readFileSync(join(here, COMPILED_FINGERPRINT), "utf8").trim()}`);
    } catch {
      // A lib/ put together otherwise: hashed as the sources are.
    }
  }
  const root = here.endsWith(`${sep}lib`) ? here : dirname(here);
  const hash = createHash("sha256");
  for (const name of readdirSync(root, { recursive: true, encoding: "utf8" }).sort()) {
    const file = join(root, name);
    if (statSync(file).isFile()) hash.update(name).update("\0").update(readFileSync(file)).update("\0");
  }
  for (const name of ["markdown-it", ...MARKDOWN_PLUGINS, "yaml", "ajv", "ajv-formats", "xmlbuilder2"]) hash.update(`${name}@${packageVersion(name)}\0`);
  return (code = hash.digest("base64url"));
}

/** A package's version as installed where sitegen finds it (hoisted or not). */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

/**
 * What one build leaves for the next of each published post, as the stores
 * that keep it (the build cache, src/write/cache.ts; the watch session's
 * memory, src/write/patch.ts) hold it: the record, where its post file is
 * keyed, the status the file gives, and the fingerprint of the running code.
 * Below execute/, which makes and reuses the records (src/execute/reuse.ts),
 * so that the stores need not import from above them.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { mapPostFields } from "../content/foreign-fields.ts";
import { parseMarkdownFile } from "../content/frontmatter.ts";
import type { SourceEntry } from "../content/load.ts";
import type { FileStat } from "../content/tree.ts";
import type { PostSource } from "../content/types.ts";
import type { FileWriter, Written } from "./output.ts";
import type { PageFacts } from "./page-facts.ts";

/** What an earlier build knew of a post file: its content hash and its parse (without the body). */
export interface KnownSource {
  source: string;
  post: PostSource;
}

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
  /** Resolves when the store is ready to put records' files in place (the build cache checks its objects meanwhile). */
  ready?(): Promise<void>;
  /** Puts a record's files into the output `writer` is writing; false when they cannot be had. */
  restore(record: PostRecord, writer: W): boolean;
  /** Keeps this build's records, and the files they name, for the next build. */
  save(records: PostRecords, writer: W): void;
  /** How many posts each listing page listed in the build before, by path, where this build's search starts (src/write/listing-counts.ts). */
  listings?: Map<string, { listed?: number }>;
  /** Whether the store vouches that a post file (listed as `entry`, its stat data as listed `stated`) is unchanged since its record, so it need not be read again. */
  vouches?(path: string, entry?: SourceEntry, stated?: FileStat): boolean;
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
    return mapPostFields(parseMarkdownFile(text, file).data as Record<string, unknown>).data.status as
      | PostSource["status"]
      | undefined;
  } catch {
    return undefined;
  }
}

/** Where a post file is keyed: relative to the content folder, so a fresh checkout elsewhere finds it. */
export function recordKey(contentRoot: string, sourcePath: string): string {
  // Most paths are plainly below the root: a slice, not path arithmetic, for every post of every rebuild.
  if (sep === "/" && sourcePath.startsWith(`${contentRoot}/`))
    return sourcePath.slice(contentRoot.length + 1);
  return relative(contentRoot, sourcePath).split(sep).join("/");
}

/** The absolute path of a post file keyed by `recordKey`. */
export function keyPath(contentRoot: string, key: string): string {
  return sep === "/" ? `${contentRoot}/${key}` : join(contentRoot, ...key.split("/"));
}

let code: string | undefined;

/** The markdown-it plugins a page is rendered with (src/render/markdown/instance.ts), and Temml, which writes its formulas: a new version may render it otherwise. */
const MARKDOWN_PLUGINS = [
  "markdown-it-footnote",
  "markdown-it-deflist",
  "markdown-it-container",
  "markdown-it-emoji",
  "@mdit/plugin-alert",
  "@mdit/plugin-tasklist",
  "temml",
];

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
  // Compiled, this module is a chunk in lib/; from the sources, it is src/write/post-records.ts.
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
  for (const name of ["markdown-it", ...MARKDOWN_PLUGINS, "yaml", "ajv", "ajv-formats", "xmlbuilder2"])
    hash.update(`${name}@${packageVersion(name)}\0`);
  return (code = hash.digest("base64url"));
}

/** A package's version as installed where sitegen finds it (hoisted or not). */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string })
      .version;
  } catch {
    return "?";
  }
}

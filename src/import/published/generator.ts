/**
 * The addresses the old generator itself gives each source file, asked of
 * the generator where it runs here: a re-implementation of its permalink
 * rules falls behind real configurations (a collection's own permalink, a
 * date or slug taken from the file's name, a filter of the site's own), the
 * generator never does.
 *
 * - Hugo: `hugo list all`, a CSV of every content file with its permalink
 *   (drafts and future posts too: the import leaves those as it decides).
 * - Jekyll: its own Ruby API, the site read (not rendered) in safe mode, so
 *   no plugin of the site's runs; each document's and page's `url`.
 * - Eleventy: `eleventy --to=json`, only where the site has installed its
 *   own Eleventy (its configuration is the site's code: it runs with the
 *   site's own dependencies, as its author runs it, or not at all).
 * - Astro lists its addresses only by building the site: the import's one
 *   build of it, with the site's own Astro, tells where each text went
 *   (astro.ts beside this file).
 *
 * Every address comes back from the host's root, the old base path included.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Generator } from "../model.ts";
import { ELEVENTY_CONFIGS, findEleventyConfig } from "../eleventy-config.ts";

/** Source files (by their path from the site's root, `/`-separated) and the address the generator published each at. */
export type Addresses = Map<string, string>;

/** What the generator read as each source file's date, where it says (Jekyll's), as RFC 3339. */
export type Dates = Map<string, string>;

/** Every address the generator published each source file at: a list it wrote a page at a time has one a page. */
export type Pages = Map<string, string[]>;

/** What the generator made of each Markdown source file, where it says (Eleventy's `--to=json`): its HTML. */
export type Rendered = Map<string, string>;

export type Asked =
  | { addresses: Addresses; dates?: Dates; pages?: Pages; rendered?: Rendered }
  | { unavailable: string };

/** A generator that takes longer than this to list a site is left, and the addresses computed. */
const TIMEOUT_MS = 120_000;
const MAX_OUTPUT = 256 * 1024 * 1024;

export function askGenerator(
  generator: Exclude<Generator, "astro">,
  root: string,
  basePath: string,
  env: NodeJS.ProcessEnv,
): Asked {
  if (generator === "hugo") return askHugo(root, env);
  if (generator === "jekyll") return askJekyll(root, basePath, env);
  return askEleventy(root, basePath, env);
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ok: true; stdout: string } | { ok: false; why: string } {
  const result = spawnSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.error)
    return {
      ok: false,
      why:
        (result.error as NodeJS.ErrnoException).code === "ENOENT"
          ? `${command} is not installed`
          : result.error.message,
    };
  if (result.status !== 0)
    return { ok: false, why: `${command} ${args[0]} failed: ${lastLine(result.stderr || result.stdout)}` };
  return { ok: true, stdout: result.stdout };
}

export function lastLine(text: string): string {
  // Node's own warnings (`(node:12) [DEP0128] DeprecationWarning: …` and how to trace them) come after a tool's error: they are not why it failed.
  const lines = text
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\(node:\d+\)|^\(Use `node --trace-/.test(line));
  return lines.at(-1)?.slice(0, 300) ?? "no output";
}

/** `hugo list all`: path,slug,title,date,expiryDate,publishDate,draft,permalink, one content file a row (Hugo 0.111 and later). */
function askHugo(root: string, env: NodeJS.ProcessEnv): Asked {
  // Hugo writes its build lock, resources and output folder into the site even to list it: nothing is written into the source.
  const scratch = mkdtempSync(join(tmpdir(), "sitegen-hugo-list-"));
  const away = {
    HUGO_NOBUILDLOCK: "true",
    HUGO_RESOURCEDIR: join(scratch, "resources"),
    HUGO_PUBLISHDIR: join(scratch, "public"),
    HUGO_CACHEDIR: join(scratch, "cache"),
  };
  const listed = run("hugo", ["list", "all", "--source", root], root, { ...env, ...away });
  rmSync(scratch, { recursive: true, force: true });
  if (!listed.ok) return { unavailable: listed.why };
  // Hugo prints its warnings on stdout before the list (a theme whose min_version is later than this Hugo warns on every
  // command): the list starts at its header line.
  const start = listed.stdout.search(/^path,/m);
  const rows = parseCsv(start < 0 ? listed.stdout : listed.stdout.slice(start));
  const header = rows.shift() ?? [];
  const [path, permalink] = [header.indexOf("path"), header.indexOf("permalink")];
  if (path < 0 || permalink < 0)
    return { unavailable: `hugo list all printed no path and permalink columns (${header.join(",")})` };
  const addresses: Addresses = new Map();
  for (const row of rows) {
    const address = pathOf(row[permalink] ?? "");
    if (row[path] && address) addresses.set(row[path], address);
  }
  return { addresses };
}

/**
 * Jekyll's Ruby API: the site read as `jekyll build` reads it, in safe mode
 * and without the site's plugins (a plugin that is not installed here would
 * stop it, and one that is would run the site's code); every document of
 * every collection that is written, and every page, with its `url`.
 */
const JEKYLL_URLS = `
require "jekyll"
require "json"
require "tmpdir"
config = Jekyll.configuration("source" => ARGV[0], "destination" => File.join(Dir.tmpdir, "sitegen-jekyll-urls"), "quiet" => true, "safe" => true, "disable_disk_cache" => true)
config["plugins"] = []
site = Jekyll::Site.new(config)
site.reset
site.read
rows = site.collections.values.flat_map(&:docs).select(&:write?).map { |d| [d.relative_path, d.url, d.data["date"].respond_to?(:iso8601) ? d.data["date"].iso8601 : nil] }
rows += site.pages.map { |p| [p.relative_path, p.url] }
puts JSON.generate(rows)
`;

function askJekyll(root: string, basePath: string, env: NodeJS.ProcessEnv): Asked {
  const listed = run("ruby", ["-e", JEKYLL_URLS, root], root, env);
  if (!listed.ok) return { unavailable: listed.why.replace(/^ruby -e failed/, "Jekyll's Ruby API failed") };
  const rows = parseJson(listed.stdout);
  if (!rows) return { unavailable: "Jekyll's Ruby API printed no list of addresses" };
  // Jekyll's url is the path within the site; the base path is added where it is served. A url with no extension
  // (`/docs/history` under the weekdate style) is written as that path with `.html` (Page#destination), where it was published.
  const addresses: Addresses = new Map(
    rows.map(([path, url]) => [
      path.replace(/\\/g, "/"),
      `${basePath}${/\/$|\.(html?|xml|json|txt|css|js|rss|atom|svg|webmanifest|ico)$/i.test(url) ? url : `${url}.html`}`,
    ]),
  );
  // Each document's date as Ruby's Time.parse read it: the one Jekyll showed, where a text is in a form only Ruby reads (`Fri Sep  3 11:21:31 CEST 2021`).
  const dates: Dates = new Map(
    rows.flatMap(([path, , date]) =>
      typeof date === "string" ? [[path.replace(/\\/g, "/"), date] as [string, string]] : [],
    ),
  );
  return { addresses, dates };
}

/** Why the site's own Eleventy cannot be asked, where it has none in its node_modules. */
export const ELEVENTY_NOT_INSTALLED =
  "the site has not installed its own Eleventy (npm install in it lets sitegen ask it)";

/** `eleventy --to=json`: every template with its inputPath and url, from the site's own Eleventy. */
function askEleventy(root: string, basePath: string, env: NodeJS.ProcessEnv): Asked {
  const bin = join(root, "node_modules/.bin/eleventy");
  if (!existsSync(bin)) return { unavailable: ELEVENTY_NOT_INSTALLED };
  const listed = run(bin, ["--to=json", "--quiet", ...eleventyArgs(root)], root, env);
  if (!listed.ok) return { unavailable: listed.why };
  const rows = templateList(listed.stdout);
  if (!rows) return { unavailable: "eleventy --to=json printed no list of templates" };
  const addresses: Addresses = new Map();
  const pages: Pages = new Map();
  const rendered: Rendered = new Map();
  for (const row of rows) {
    // A template with permalink: false has no url: it was never published.
    if (typeof row.url !== "string" || typeof row.inputPath !== "string") continue;
    const path = row.inputPath.replace(/^\.\//, "");
    addresses.set(path, `${basePath}${row.url}`);
    pages.set(path, [...(pages.get(path) ?? []), `${basePath}${row.url}`]);
    if (typeof row.content === "string" && /\.(?:md|markdown)$/i.test(path)) rendered.set(path, row.content);
  }
  return { addresses, pages, rendered };
}

/** Eleventy's arguments as the site's own scripts run it: a configuration they name elsewhere (`--config=_build/eleventy.js`), their input folder. */
export function eleventyArgs(root: string): string[] {
  const { config, input } = eleventyPlaces(root);
  return [...(config ? [`--config=${config}`] : []), ...(input ? [`--input=${input}`] : [])];
}

/** Where the site's own scripts point Eleventy: a configuration file they name, from the root, where it is not one Eleventy finds there itself; their input folder. */
export function eleventyPlaces(root: string): { config?: string; input?: string } {
  const found = findEleventyConfig(root);
  const atRoot = found.file !== undefined && ELEVENTY_CONFIGS.some((name) => join(root, name) === found.file);
  return {
    ...(found.file && !atRoot ? { config: relative(root, found.file) } : {}),
    ...(found.input ? { input: found.input } : {}),
  };
}

/**
 * The list `eleventy --to=json` prints, after whatever the site's configuration printed first on stdout as it
 * loaded (dotenv 17's `[dotenv@17.2.3] injecting env … [www.dotenvx.com]`): the last line that starts a list and
 * reads as one to the end.
 */
export function templateList(
  stdout: string,
): { url?: unknown; inputPath?: unknown; content?: unknown }[] | undefined {
  const starts = [...stdout.matchAll(/^\[/gm)].map((match) => match.index!).reverse();
  for (const start of starts) {
    try {
      const rows: unknown = JSON.parse(stdout.slice(start));
      if (Array.isArray(rows)) return rows as { url?: unknown; inputPath?: unknown; content?: unknown }[];
    } catch {
      // Not the list: a line of the configuration's own.
    }
  }
  return undefined;
}

function parseJson(text: string): [string, string, unknown?][] | undefined {
  try {
    const value = JSON.parse(text.trim().split("\n").at(-1) ?? "") as unknown;
    return Array.isArray(value)
      ? (value.filter(
          (row) => Array.isArray(row) && typeof row[0] === "string" && typeof row[1] === "string",
        ) as [string, string, unknown?][])
      : undefined;
  } catch {
    return undefined;
  }
}

/** A permalink's path, percent-encoded as a request names it; undefined for none. */
function pathOf(permalink: string): string | undefined {
  if (permalink === "") return undefined;
  try {
    return new URL(permalink, "http://localhost").pathname;
  } catch {
    return undefined;
  }
}

/** RFC 4180's CSV, as Go's encoding/csv writes it: quoted fields may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") row.push(field), (field = "");
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += char;
  }
  if (field !== "" || row.length > 0) row.push(field), rows.push(row);
  return rows;
}

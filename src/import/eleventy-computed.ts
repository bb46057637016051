/**
 * The data an Eleventy site's code computes (a directory data file written
 * as a function, `date: "git Created"`, `eleventyComputed`), as the site's
 * own Eleventy computed it: sitegen runs none of a site's code itself, so a
 * text whose cascade holds such a file took none of its tags, date or title,
 * and a blog of such texts moved as pages. Where the site has installed its
 * own Eleventy, its programmatic API renders the site to JSON as
 * `eleventy --to=json` does (nothing is written), with one collection added
 * for the run that lists every template; the tags, `page.date`, title and
 * layout each then has are taken. Where Eleventy cannot run, the data file
 * stays named as code, with why.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Cascade } from "./eleventy-data.ts";
import { ELEVENTY_NOT_INSTALLED, eleventyPlaces, lastLine } from "./published/generator.ts";

/** What Eleventy computed of one template: only what a moved text keeps. */
export interface ComputedFields {
  tags?: string[];
  date?: string;
  title?: string;
  layout?: string;
}

/** A site that takes longer than this to render is left as if Eleventy could not run. */
const TIMEOUT_MS = 120_000;

/**
 * Run by Node in the site's folder: the site's Eleventy with its own configuration, plus a collection whose callback
 * keeps every template; once rendered, each template's computed data is read from it and written to the file named.
 */
const LIST_DATA = `
const [entry, out, configPath, input] = process.argv.slice(1);
const { writeFileSync } = await import("node:fs");
const { default: Eleventy } = await import(entry);
let items = [];
const eleventy = new Eleventy(input || undefined, undefined, {
  quietMode: true,
  ...(configPath ? { configPath } : {}),
  config(config) {
    config.addCollection("sitegenImportedData", (api) => ((items = api.getAll()), []));
  },
});
eleventy.setIsVerbose?.(false);
await eleventy.toJSON();
const text = (value) => (typeof value === "string" ? value : undefined);
const day = (date) => (date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined);
const rows = items.map((item) => ({
  inputPath: item.inputPath,
  // A text that names no day is dated by its file, which sitegen reads itself and says so.
  date: item.data.date === undefined ? undefined : day(item.date),
  tags: Array.isArray(item.data.tags) ? item.data.tags.filter((tag) => typeof tag === "string") : undefined,
  title: text(item.data.title),
  layout: text(item.data.layout),
}));
writeFileSync(out, JSON.stringify(rows));
`;

/**
 * Each Markdown text's fields as the site's Eleventy computed them, for the
 * texts whose cascade holds a data file of code; each such file's entry in
 * the report says whether they came from Eleventy, or why Eleventy could not
 * give them.
 */
export function computedByEleventy(
  root: string,
  input: string,
  paths: string[],
  cascade: Cascade,
  env: NodeJS.ProcessEnv,
): (path: string) => ComputedFields | undefined {
  const coded = paths.filter((path) => cascade.codeOf(path).length > 0);
  if (coded.length === 0) return () => undefined;
  const asked = askData(root, env);
  const files = new Map(coded.flatMap((path) => cascade.codeOf(path)).map((each) => [each.path, each]));
  if ("unavailable" in asked) {
    for (const { left } of files.values())
      left.why += `; the site's own Eleventy could not compute them: ${asked.unavailable}`;
    return () => undefined;
  }
  const given = new Map<string, number>();
  for (const path of coded)
    if (asked.data.has(resolve(input, path)))
      for (const { path: file } of cascade.codeOf(path)) given.set(file, (given.get(file) ?? 0) + 1);
  for (const [file, { left, whole }] of files) {
    const count = given.get(file) ?? 0;
    const texts = count === 1 ? "the text" : `the ${count} texts`;
    if (count > 0)
      left.why = `Eleventy's data file ${whole ? "computed by code" : "of values and code"}: the tags, date, title and layout of ${texts} it is for were taken as the site's own Eleventy computed them; it is not published`;
    // An Eleventy older than the API's `config` option (before 1.0) runs without the added collection, and lists nothing.
    else left.why += "; the site's own Eleventy listed none of the texts it is for";
  }
  const codedSet = new Set(coded);
  return (path) => (codedSet.has(path) ? asked.data.get(resolve(input, path)) : undefined);
}

function askData(
  root: string,
  env: NodeJS.ProcessEnv,
): { data: Map<string, ComputedFields> } | { unavailable: string } {
  const entry = eleventyEntry(root);
  if (entry === undefined) return { unavailable: ELEVENTY_NOT_INSTALLED };
  const { config, input } = eleventyPlaces(root);
  const scratch = mkdtempSync(join(tmpdir(), "sitegen-eleventy-data-"));
  const out = join(scratch, "data.json");
  // Eleventy's own fallback for a day it cannot read (`git Created` in a copy without its history) is the time of the run.
  const started = Date.now();
  try {
    const run = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", LIST_DATA, pathToFileURL(entry).href, out, config ?? "", input ?? ""],
      { cwd: root, env, encoding: "utf8", timeout: TIMEOUT_MS, stdio: ["ignore", "pipe", "pipe"] },
    );
    if (run.status !== 0 || !existsSync(out))
      return {
        unavailable: run.error
          ? run.error.message
          : `its Eleventy failed to render the site: ${lastLine(run.stderr || run.stdout)}`,
      };
    const rows = JSON.parse(readFileSync(out, "utf8")) as (ComputedFields & { inputPath: string })[];
    return {
      data: new Map(
        rows.map(({ inputPath, date, ...fields }) => [
          resolve(root, inputPath),
          { ...fields, ...(date !== undefined && Date.parse(date) < started ? { date: dayOf(date) } : {}) },
        ]),
      ),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The module the site's own Eleventy is imported from: the package its `node_modules/.bin/eleventy` runs. */
function eleventyEntry(root: string): string | undefined {
  const bin = join(root, "node_modules/.bin/eleventy");
  if (!existsSync(bin)) return undefined;
  const folder = dirname(realpathSync(bin));
  const manifest = join(folder, "package.json");
  if (!existsSync(manifest)) return undefined;
  const main = (JSON.parse(readFileSync(manifest, "utf8")) as { main?: unknown }).main;
  return join(folder, typeof main === "string" ? main : "src/Eleventy.js");
}

/** A day Eleventy read as midnight UTC (a day without a time) written as that day; a time kept to the second. */
function dayOf(iso: string): string {
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, "Z");
}

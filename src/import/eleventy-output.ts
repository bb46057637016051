/**
 * What an Eleventy site's own Eleventy made of each template call in its
 * texts (a shortcode, an include, an output: template-calls.ts), taken in
 * place of the call, since sitegen runs none of the site's code and a call
 * kept as written loses what the old page showed. The site is copied to a
 * scratch folder in which each text runs through its template language
 * alone (`templateEngineOverride`, no layout), each call
 * between two markers; `eleventy --to=json` there renders every text, and
 * what lies between a call's markers is what it gave, before Markdown read
 * it, as Eleventy has it. Each call so taken is named at its file:line; one
 * whose output cannot be taken (Eleventy not installed in the site, a text
 * it did not render) stays as written, with the warning a call left gets.
 * Files the output names that Eleventy wrote (the resized images of an
 * image shortcode) are published at their paths.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { spawnSync } from "node:child_process";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { findEleventyConfig, readEleventyConfig } from "./eleventy-config.ts";
import { eleventyArgs, templateList } from "./published/generator.ts";
import { templateCalls, type TemplateCall } from "./template-calls.ts";

/** The site's Eleventy renders every text once; a site that takes longer is left with its calls as written. */
const TIMEOUT_MS = 300_000;
const MAX_OUTPUT = 512 * 1024 * 1024;

/** Tags that give nothing themselves and set what the calls after them read. */
const SETTING = new Set(["set", "assign", "capture"]);

const opening = (index: number) => `<!--sitegen-call-${index}-->`;
const closing = (index: number) => `<!--/sitegen-call-${index}-->`;

interface Marked {
  document: ImportedDocument;
  calls: TemplateCall[];
  /** The first marker's number. */
  first: number;
}

/**
 * Each call of the site's Markdown texts replaced by what the site's own
 * Eleventy made of it, where it runs here; `site.notes` names each at its
 * line, and why Eleventy could not be asked, where it could not.
 */
export function takeEleventyOutput(
  site: ImportedSite,
  root: string,
  env: NodeJS.ProcessEnv,
  shown: (path: string) => string,
): void {
  const why = renderCalls(site, root, env);
  if (why === undefined) return;
  const config = findEleventyConfig(root).file;
  (site.notes ??= []).push({
    file: shown(config ?? root),
    why: `the template calls of its texts were kept as written (each named below where its text is moved): ${why}`,
  });
}

function renderCalls(site: ImportedSite, root: string, env: NodeJS.ProcessEnv): string | undefined {
  const bin = join(root, "node_modules/.bin/eleventy");
  const documents = [...site.posts, ...site.pages].filter((document) => document.real !== undefined);
  const marked: Marked[] = [];
  let count = 0;
  for (const document of documents) {
    const calls = templateCalls(document.body, document.bodyLine);
    if (calls.length === 0) continue;
    marked.push({ document, calls, first: count });
    count += calls.length;
  }
  if (marked.length === 0) return undefined;
  if (!existsSync(bin))
    return "the site has not installed its own Eleventy (npm install in it lets sitegen take its shortcodes' output)";
  const found = findEleventyConfig(root);
  const settings = readEleventyConfig(root, found.file, (path) => path, []);
  if (found.output) settings.output = found.output;
  const engine = settings.markdownTemplateEngine ?? "liquid";
  const scratch = mkdtempSync(join(tmpdir(), "sitegen-eleventy-calls-"));
  // Removed when the import is done with the files Eleventy wrote there (read when the plan is written).
  process.once("exit", () => rmSync(scratch, { recursive: true, force: true }));
  const output = resolve(root, settings.output);
  cpSync(root, scratch, {
    recursive: true,
    filter: (path) => {
      const inside = relative(root, path).split(sep).join("/");
      return inside !== "node_modules" && inside !== ".git" && resolve(path) !== output;
    },
  });
  symlinkSync(join(root, "node_modules"), join(scratch, "node_modules"));
  const taken = new Map<ImportedDocument, Marked>();
  for (const each of marked) {
    const own = ownEngine(each.document.data.templateEngineOverride, engine);
    if (own === undefined) continue;
    const source = readFileSync(each.document.real!, "utf8");
    const front = frontOf(source, each.document.bodyLine, own);
    if (front === undefined) continue;
    writeFileSync(join(scratch, relative(root, each.document.real!)), front + markedBody(each));
    taken.set(each.document, each);
  }
  const run = spawnSync(
    join(scratch, "node_modules/.bin/eleventy"),
    ["--to=json", "--quiet", ...eleventyArgs(root)],
    {
      cwd: scratch,
      env,
      encoding: "utf8",
      timeout: TIMEOUT_MS,
      maxBuffer: MAX_OUTPUT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  if (run.status !== 0)
    return `eleventy --to=json failed: ${problemOf(run.stderr || run.stdout || String(run.error ?? ""))}`;
  const rows = templateList(run.stdout) ?? [];
  const content = new Map(
    rows.flatMap((row) =>
      typeof row.inputPath === "string" && typeof row.content === "string"
        ? [[resolve(scratch, row.inputPath), row.content] as [string, string]]
        : [],
    ),
  );
  const published = join(scratch, relative(root, output));
  for (const [document, each] of taken) {
    const rendered = content.get(join(scratch, relative(root, document.real!)));
    if (rendered === undefined) continue;
    replaceCalls(site, document, each, rendered, published);
  }
  return undefined;
}

/** The engine a text runs through before Markdown: its own `templateEngineOverride` (`njk,md`), else the site's; none for `md` alone. */
function ownEngine(override: unknown, engine: string | false): string | undefined {
  if (typeof override !== "string") return engine === false ? undefined : engine;
  return override
    .split(",")
    .map((each) => each.trim())
    .find((each) => each !== "" && each !== "md");
}

/**
 * The file's YAML front matter with the text set to run through `engine`
 * alone, into no layout; its permalink stays, since the site's other
 * templates (a feed) read every text's address.
 */
function frontOf(source: string, bodyLine: number, engine: string): string | undefined {
  const lines = source.split("\n").slice(0, bodyLine - 1);
  if (!/^(\ufeff)?---\s*$/.test(lines[0] ?? "")) return undefined;
  const kept = lines.slice(1).filter((line) => !/^(layout|templateEngineOverride)\s*:/.test(line));
  return ["---", `templateEngineOverride: ${engine}`, "layout: false", ...kept, ""].join("\n");
}

function markedBody({ document, calls, first }: Marked): string {
  let text = "";
  let at = 0;
  calls.forEach((call, index) => {
    text += `${document.body.slice(at, call.start)}${opening(first + index)}${document.body.slice(call.start, call.end)}${closing(first + index)}`;
    at = call.end;
  });
  return text + document.body.slice(at);
}

/** The calls of `document` whose markers the rendered text holds, each replaced by what lies between them. */
function replaceCalls(
  site: ImportedSite,
  document: ImportedDocument,
  { calls, first }: Marked,
  rendered: string,
  published: string,
): void {
  let body = "";
  let at = 0;
  calls.forEach((call, index) => {
    const start = rendered.indexOf(opening(first + index));
    const end = rendered.indexOf(closing(first + index));
    if (start < 0 || end < start) return;
    const given = rendered.slice(start + opening(first + index).length, end);
    body += document.body.slice(at, call.start) + asMarkdown(given);
    at = call.end;
    (site.notes ??= []).push({
      file: document.file,
      line: call.line,
      why: `${call.shown}: the site's own Eleventy ran it, and what it gave was taken in its place${given.trim() === "" ? ` (nothing${SETTING.has(call.name) ? ": it sets what the calls after it read" : ""})` : ""}`,
    });
    for (const name of filesNamed(given, published, site.site.basePath))
      if (!site.files.some((file) => file.name === name))
        site.files.push({ name, path: join(published, name), oldUrl: `${site.site.basePath}/${name}` });
  });
  document.body = body + document.body.slice(at);
}

/**
 * What a call gave, as a Markdown text holds it: HTML with each line's
 * indent taken out (outside `<pre>`), since a site that has Markdown's
 * indented code turned off (as many Eleventy sites do) reads an indented
 * line of HTML as HTML, which CommonMark reads as code; its empty lines
 * stay, where Markdown read what follows one as text, as it did there; any
 * other text as it is.
 */
function asMarkdown(given: string): string {
  if (!/^\s*</.test(given)) return given;
  let pre = false;
  return given
    .split("\n")
    .map((line) => {
      const was = pre;
      if (/<pre[\s>]/i.test(line)) pre = true;
      if (/<\/pre>/i.test(line)) pre = false;
      return was ? line : line.trimStart();
    })
    .join("\n");
}

/** The files of the built folder a piece of HTML names (`src`, `srcset`, `poster`), by their path from its root. */
function filesNamed(html: string, published: string, basePath: string): string[] {
  const urls = [...html.matchAll(/\s(?:src|srcset|poster)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].flatMap(
    (match) => (match[1] ?? match[2]).split(",").map((each) => each.trim().split(/\s+/)[0]),
  );
  const names: string[] = [];
  for (const url of urls) {
    if (!url.startsWith("/") || url.startsWith("//")) continue;
    const path = url.startsWith(`${basePath}/`) ? url.slice(basePath.length) : url;
    let name: string;
    try {
      name = decodeURIComponent(path.replace(/[?#].*$/, "").slice(1));
    } catch {
      continue;
    }
    const file = join(published, name);
    if (!name.includes("..") && existsSync(file) && statSync(file).isFile()) names.push(name);
  }
  return [...new Set(names)];
}

/** What Eleventy says went wrong: its numbered lines (`[11ty] 1. Having trouble rendering …`), else its last. */
function problemOf(printed: string): string {
  const numbered = printed
    .split("\n")
    .filter((line) => /^\[11ty\]\s+\d+\.\s/.test(line))
    .slice(0, 3)
    .map((line) => line.replace(/^\[11ty\]\s+/, ""));
  const said = numbered.length > 0 ? numbered.join(" ") : (printed.trim().split("\n").at(-1) ?? "no output");
  return said.slice(0, 400);
}

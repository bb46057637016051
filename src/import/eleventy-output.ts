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
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { findEleventyConfig, readEleventyConfig } from "./eleventy-config.ts";
import { eleventyArgs, templateList } from "./published/generator.ts";
import { templateCalls } from "./template-calls.ts";
import { mergedCalls, webcCalls, webcComponents } from "./eleventy-webc.ts";
import {
  copySource,
  keptAsWritten,
  markedBody,
  markedCalls,
  replaceCalls,
  scratchFolder,
  type Marked,
} from "./call-output.ts";

/** The site's Eleventy renders every text once; a site that takes longer is left with its calls as written. */
const TIMEOUT_MS = 300_000;
const MAX_OUTPUT = 512 * 1024 * 1024;

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
  keptAsWritten(site, shown(config ?? root), "template calls", why);
}

function renderCalls(site: ImportedSite, root: string, env: NodeJS.ProcessEnv): string | undefined {
  const bin = join(root, "node_modules/.bin/eleventy");
  const found = findEleventyConfig(root);
  const settings = readEleventyConfig(root, found.file, (path) => path, []);
  if (found.output) settings.output = found.output;
  const output = resolve(root, settings.output);
  // The site's WebC components called as elements are put in place as Eleventy writes the page, as a shortcode's output is.
  const components = webcComponents(root, output);
  const marked = markedCalls(site, (body, line) =>
    mergedCalls(templateCalls(body, line), webcCalls(components, body, line)),
  );
  if (marked.length === 0) return undefined;
  if (!existsSync(bin))
    return "the site has not installed its own Eleventy (npm install in it lets sitegen take its shortcodes' output)";
  const engine = settings.markdownTemplateEngine ?? "liquid";
  // Removed when the process ends: the plan reads the files the generator wrote there.
  const scratch = scratchFolder("sitegen-eleventy-calls-");
  copySource(
    root,
    scratch,
    (inside, path) => inside === "node_modules" || inside === ".git" || resolve(path) === output,
  );
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
    return `eleventy --to=json failed: ${problemOf(run.stderr || run.stdout || String(run.error ?? "")).replaceAll(scratch, root)}`;
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
    replaceCalls(site, document, each, rendered, published, "Eleventy");
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

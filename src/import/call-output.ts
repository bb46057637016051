/**
 * The old generator's output for each template call of a text, taken in
 * place of the call: a text is marked with a pair of markers around each
 * call (an HTML comment either side, which the generator's Markdown keeps
 * as raw HTML), the generator renders it, and what lies between a call's
 * markers is what it gave. Each call so taken is named at its file:line;
 * one whose markers are not found stays as written. Files the output names
 * that the generator wrote (its resized pictures) are published at their
 * paths. Eleventy's side is eleventy-output.ts, Hugo's hugo-output.ts.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import type { TemplateCall } from "./template-calls.ts";

/** Tags that give nothing themselves and set what the calls after them read. */
const SETTING = new Set(["set", "assign", "capture"]);

/** The scratch folders made so far: removed when the process ends, once the import has read the files the generator wrote there. */
const scratches: string[] = [];

/** A scratch folder of its own for a generator's run, removed when the process ends (one listener for them all). */
export function scratchFolder(prefix: string): string {
  if (scratches.length === 0)
    process.once("exit", () => {
      for (const folder of scratches) rmSync(folder, { recursive: true, force: true });
    });
  const folder = mkdtempSync(join(tmpdir(), prefix));
  scratches.push(folder);
  return folder;
}

/** The site copied into `to` for the generator's run, but for what `skipped` names: its path from the root (with `/`), and its own. */
export function copySource(
  root: string,
  to: string,
  skipped: (inside: string, path: string) => boolean,
): void {
  cpSync(root, to, {
    recursive: true,
    filter: (path) => !skipped(relative(root, path).split(sep).join("/"), path),
  });
}

/** The note at the site's configuration that the `calls` of its texts stay as written, and why the generator could not give their output. */
export function keptAsWritten(site: ImportedSite, file: string, calls: string, why: string): void {
  (site.notes ??= []).push({
    file,
    why: `the ${calls} of its texts were kept as written (each named below where its text is moved): ${why}`,
  });
}

export const opening = (index: number) => `<!--sitegen-call-${index}-->`;
export const closing = (index: number) => `<!--/sitegen-call-${index}-->`;

export interface Marked {
  document: ImportedDocument;
  calls: TemplateCall[];
  /** The first marker's number. */
  first: number;
}

/**
 * The calls `callsOf` finds in each text of the site that has a source file,
 * numbered across the site, so that each call's markers are its own in the
 * generator's one run.
 */
export function markedCalls(
  site: ImportedSite,
  callsOf: (body: string, bodyLine: number) => TemplateCall[],
): Marked[] {
  const marked: Marked[] = [];
  let count = 0;
  for (const document of [...site.posts, ...site.pages]) {
    if (document.real === undefined) continue;
    const calls = callsOf(document.body, document.bodyLine);
    if (calls.length === 0) continue;
    marked.push({ document, calls, first: count });
    count += calls.length;
  }
  return marked;
}

/** The body with each call between its two markers: HTML comments, or a generator's own (Jekyll's plain words, which its Liquid passes through). */
export function markedBody({ document, calls, first }: Marked, markers = { opening, closing }): string {
  let text = "";
  let at = 0;
  calls.forEach((call, index) => {
    text += `${document.body.slice(at, call.start)}${markers.opening(first + index)}${document.body.slice(call.start, call.end)}${markers.closing(first + index)}`;
    at = call.end;
  });
  return text + document.body.slice(at);
}

/** The calls of `document` whose markers the rendered text holds, each replaced by what lies between them. */
export function replaceCalls(
  site: ImportedSite,
  document: ImportedDocument,
  { calls, first }: Marked,
  rendered: string,
  published: string,
  generator: string,
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
      why: `${call.shown}: the site's own ${generator} ran it, and what it gave was taken in its place${given.trim() === "" ? ` (nothing${SETTING.has(call.name) ? ": it sets what the calls after it read" : ""})` : ""}`,
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

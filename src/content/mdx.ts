/**
 * MDX, the Markdown with JSX that Astro, Next and Docusaurus read, taken as
 * the Markdown it mostly is. Its `import` and `export` blocks are code that
 * MDX runs and never shows: they are left out of the text (blanked, so every
 * line keeps its number). A component it uses (`<AlertBox level="info">`)
 * stays as written, HTML whose content a browser shows. Both are named at
 * their line, by the build and by `sitegen import`. Fenced code is an
 * example, and is left alone.
 */
import { closes, FENCE } from "../text/code-fences.ts";
import type { ContentNotice } from "./types.ts";

export interface MdxPart {
  /** 1-based line in the file. */
  line: number;
  kind: "code" | "component";
  /** The code's first line, or the component's name. */
  text: string;
}

/** Whether a file is MDX, by its name. */
export function isMdx(file: string): boolean {
  return file.toLowerCase().endsWith(".mdx");
}

/** MDX's ESM: a line starting `import` or `export`, which goes on to the next blank line; anywhere in a text with the `m` flag. */
const MODULE_START = /^(?:import|export)\s/;
const ANY_MODULE_START = new RegExp(MODULE_START.source, "m");
const COMPONENT = /<([A-Z][\w.]*)/g;

/** The body's `import` and `export` blocks, each line blanked. */
export function withoutModuleCode(body: string): string {
  if (!ANY_MODULE_START.test(body)) return body;
  const lines = body.split("\n");
  eachLine(lines, (index, inModule) => {
    if (inModule) lines[index] = "";
  });
  return lines.join("\n");
}

/** The code and components of a file's body, as written, in order; `bodyLine` is the body's first line in `text`. */
export function mdxParts(text: string, bodyLine: number): MdxPart[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(bodyLine - 1);
  const parts: MdxPart[] = [];
  eachLine(lines, (index, inModule, starts) => {
    const line = bodyLine + index;
    if (starts) parts.push({ line, kind: "code", text: lines[index].trim() });
    if (inModule) return;
    for (const component of lines[index].replace(/`[^`]*`/g, "").matchAll(COMPONENT))
      parts.push({ line, kind: "component", text: component[1] });
  });
  return parts;
}

/** What an MDX file's build says of its code and components: a warning for each, at its line. */
export function mdxNotices(file: string, text: string, bodyLine: number): ContentNotice[] {
  if (!isMdx(file)) return [];
  return mdxParts(text, bodyLine).map((part): ContentNotice => {
    const at = { kind: "problem", problem: "mdx", line: part.line } as const;
    return part.kind === "code"
      ? {
          ...at,
          message: `MDX code \`${part.text}\` is not run: left out of the page`,
          hint: "sitegen runs no code: write what it made in Markdown",
        }
      : {
          ...at,
          message: `the MDX component <${part.text}> is not run: readers see its content as written, without what the component adds`,
          hint: "write it in Markdown or HTML (a note as a blockquote), or leave it: its text shows",
        };
  });
}

/** Calls `visit` for each line outside fenced code: whether it belongs to an `import`/`export` block, and whether it starts one. */
function eachLine(lines: string[], visit: (index: number, inModule: boolean, starts: boolean) => void): void {
  let fence: string | undefined;
  let inModule = false;
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker && closes(fence, marker, line)) fence = undefined;
      return;
    }
    if (marker && !inModule) {
      fence = marker;
      return;
    }
    if (line.trim() === "") inModule = false;
    const starts = !inModule && MODULE_START.test(line);
    if (starts) inModule = true;
    visit(index, inModule, starts);
  });
}

/**
 * The code blocks of an Astro site's texts as its own build showed them: a
 * site's Markdown plugin may fill a block from elsewhere (mdBook's
 * `{{#include path/to/file.rs}}`, a snippet of a file of the repository),
 * which the text holds only as that line, so a block moved as written shows
 * the line, not the code. In the import's one build of the site
 * (astro-build.ts) each fenced block is between two markers, empty elements
 * that Markdown and MDX pass to the page as they are; where the block the
 * page shows between them holds lines the text's does not, the page's lines
 * are taken as the block's, and the note names the block at its line.
 */
import { parseDocument } from "htmlparser2";
import type { ChildNode, Element } from "domhandler";
import type { ImportedDocument, ImportedSite } from "./model.ts";

/** A fenced code block of a text: its fence's line in the file, where its lines start and end in the body, and its lines. */
export interface CodeBlock {
  line: number;
  fence: string;
  /** The fence's indent, which each of its lines has too. */
  indent: string;
  start: number;
  end: number;
  code: string;
}

/** The code blocks marked for the build, by text: each block's lines as the text has them, and its first marker's number. */
export interface CodeMarks {
  file: string;
  codes: string[];
  /** Each block's fence's line in the file, as the notes name it (the moved text's lines move where a call's output took its place). */
  lines: number[];
  first: number;
}

/** A block's markers: empty elements of a name no component has. */
const marker = (kind: "n" | "end", index: number) => `<sitegen-code data-${kind}="${index}"></sitegen-code>`;
const MARKER = /<sitegen-code\s+data-(n|end)="(\d+)"\s*>\s*<\/sitegen-code>/g;

/**
 * The fenced code blocks of `body`, at the start of a line or indented (in a
 * list's item; one in a quote is left as it is): CommonMark's fences, three
 * or more backticks or tildes, closed by as many or more of the same.
 */
export function codeBlocks(body: string, bodyLine: number): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = body.split("\n");
  let offset = 0;
  let open: Omit<CodeBlock, "end" | "code"> | undefined;
  lines.forEach((text, index) => {
    const [, indent = "", fence] = /^([ \t]*)(`{3,}|~{3,})/.exec(text) ?? [];
    if (open === undefined) {
      if (
        fence !== undefined &&
        !(fence[0] === "`" && text.slice(indent.length + fence.length).includes("`"))
      )
        open = { fence, indent, line: bodyLine + index, start: offset + text.length + 1 };
    } else if (
      fence !== undefined &&
      fence[0] === open.fence[0] &&
      fence.length >= open.fence.length &&
      text.slice(indent.length + fence.length).trim() === ""
    ) {
      blocks.push({
        ...open,
        end: offset,
        code: body.slice(open.start, Math.max(open.start, offset - 1)),
      });
      open = undefined;
    }
    offset += text.length + 1;
  });
  return blocks;
}

/** The body with each of its code blocks between its two markers, each a paragraph of its own; and the blocks' lines. */
export function markedCode(body: string, bodyLine: number, first: number): { text: string; codes: string[] } {
  const blocks = codeBlocks(body, bodyLine);
  let text = "";
  let at = 0;
  blocks.forEach((block, index) => {
    const fenceStart = body.lastIndexOf("\n", block.start - 2) + 1;
    const closeEnd = body.indexOf("\n", block.end);
    const after = closeEnd < 0 ? body.length : closeEnd;
    // At the fence's indent, so that a block in a list's item stays in it.
    const { indent } = block;
    text += `${body.slice(at, fenceStart)}\n${indent}${marker("n", first + index)}\n\n${body.slice(fenceStart, after)}\n\n${indent}${marker("end", first + index)}\n`;
    at = after;
  });
  return { text: text + body.slice(at), codes: blocks.map((block) => block.code) };
}

/** Markers of code blocks left in a piece of the built page (a component's output taken whole), with the paragraph each is alone in: none of the text's. */
export const withoutCodeMarkers = (html: string) =>
  html.replace(new RegExp(`<p>\\s*(?:${MARKER.source})\\s*</p>\\n?`, "g"), "").replace(MARKER, "");

/**
 * Each marked block of `document` whose built page shows lines its text
 * does not: the page's lines taken as the block's, named in `site.notes` at
 * the block's line. A block is found in the moved text by its lines, as the
 * text had them when it was marked (the move may have rewritten others).
 */
export function takeCode(
  site: ImportedSite,
  document: ImportedDocument,
  marks: CodeMarks,
  html: string,
): void {
  const shown = shownBlocks(html);
  const blocks = codeBlocks(document.body, document.bodyLine);
  let body = "";
  let at = 0;
  let from = 0;
  marks.codes.forEach((code, index) => {
    const given = shown.get(marks.first + index);
    if (given === undefined || !addsLines(given, code)) return;
    const found = blocks.findIndex((block, place) => place >= from && block.code === code);
    if (found < 0) return;
    const block = blocks[found];
    // A line of the given code that would close the block's fence: the block stays as written.
    if (given.split("\n").some((line) => line.trimStart().startsWith(block.fence))) return;
    from = found + 1;
    const lines = given.split("\n").map((line) => (line === "" ? line : `${block.indent}${line}`));
    body += `${document.body.slice(at, block.start)}${lines.join("\n")}\n`;
    at = block.end;
    (site.notes ??= []).push({
      file: document.file,
      line: marks.lines[index] ?? block.line,
      why: `the code block's lines (${firstLine(code)}) were taken as the site's own Astro showed them: its Markdown plugins gave ${given.split("\n").length} lines in their place`,
    });
  });
  document.body = body + document.body.slice(at);
}

/**
 * A line of the built block that no line of the text's block holds: what a
 * plugin put there. A line the highlighter showed with less of it (a diff's
 * `-` and `+`, which Expressive Code shows as marks) is the text's own.
 */
function addsLines(given: string, code: string): boolean {
  const written = code.split("\n").map((line) => line.trim());
  return given.split("\n").some((line) => {
    const shown = line.trim();
    return shown !== "" && !written.some((each) => each.includes(shown));
  });
}

const firstLine = (code: string) => {
  const line =
    code
      .split("\n")
      .find((each) => each.trim() !== "")
      ?.trim() ?? "";
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
};

/** The lines of the one code block between each pair of markers of the page: Expressive Code's copy button holds them as written, else the `<pre>`'s text. */
function shownBlocks(html: string): Map<number, string> {
  const blocks = new Map<number, string>();
  for (const match of html.matchAll(/<sitegen-code\s+data-n="(\d+)"\s*>/g)) {
    const index = Number(match[1]);
    const end = html.slice(match.index).search(new RegExp(`<sitegen-code\\s+data-end="${index}"`));
    if (end < 0) continue;
    const nodes = parseDocument(html.slice(match.index + match[0].length, match.index + end)).children;
    const pres = elements(nodes, (element) => element.name === "pre");
    if (pres.length !== 1) continue;
    const copied = elements(nodes, (element) => element.attribs["data-code"] !== undefined)[0];
    const lines = copied ? copied.attribs["data-code"].replaceAll("\u007f", "\n") : textOf(pres[0].children);
    blocks.set(index, lines.replace(/\n+$/, ""));
  }
  return blocks;
}

/** The text of a `<pre>`: a `<br>` ends a line, as does a `<div>` (a highlighter's line), and what no reader sees is left out. */
function textOf(nodes: ChildNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === "text") return node.data;
      if (node.type !== "tag" || ["summary", "template", "button"].includes(node.name)) return "";
      if (node.name === "br") return "\n";
      return node.name === "div" ? `${textOf(node.children)}\n` : textOf(node.children);
    })
    .join("");
}

function elements(nodes: ChildNode[], wanted: (element: Element) => boolean): Element[] {
  return nodes.flatMap((node) =>
    node.type === "tag" ? [...(wanted(node) ? [node] : []), ...elements(node.children, wanted)] : [],
  );
}

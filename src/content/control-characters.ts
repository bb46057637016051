/**
 * Characters XML 1.0 forbids in a page's title, description or body (a
 * vertical tab or form feed pasted from a word processor, a NUL): invisible
 * in an editor, and each would make feed.xml ill-formed, so the XML writers
 * leave them out (src/render/emit/xml.ts) and the build warns at the line of
 * the first one in each text; `check --strict` fails on it.
 */
import { firstXmlForbidden } from "../text/xml-characters.ts";
import type { ParsedYaml } from "./frontmatter.ts";
import type { ContentNotice } from "./types.ts";

export function controlCharacterNotices(fields: Record<string, string | undefined>, parsed: Pick<ParsedYaml, "locate">, body: string, bodyLine: number): ContentNotice[] {
  const notices: ContentNotice[] = [];
  for (const [field, text] of Object.entries(fields)) {
    const found = text === undefined ? undefined : firstXmlForbidden(text);
    if (found) notices.push({ kind: "control-character", field, character: found.name, count: found.count, ...lineOf(parsed.locate([field])?.line) });
  }
  const inBody = firstXmlForbidden(body);
  if (inBody) notices.push({ kind: "control-character", field: "body", character: inBody.name, count: inBody.count, line: bodyLine + countLines(body, inBody.index) });
  return notices;
}

function lineOf(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}

/** The line feeds in `text` before `index`. */
function countLines(text: string, index: number): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

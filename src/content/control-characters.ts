/**
 * Control characters in a page's fields or body: invisible in an editor, and
 * each would act where it lands. XML 1.0 forbids most C0 controls (a vertical
 * tab or form feed pasted from a word processor, a NUL), so one makes
 * feed.xml ill-formed; in llms.txt, llms-full.txt and a `.md` file an ESC or
 * a BEL reaches the terminal or the model that reads it. The writers leave
 * them out (src/render/emit/xml.ts, src/text/markdown-inline.ts) and the
 * build warns at the line of the first one in each text; `check --strict`
 * fails on it.
 *
 * A URL (`image:`, a cover's) holds no whitespace at all: a line break in
 * one is reported too, as a browser drops it and the Markdown would have
 * started a new line there (src/text/markdown-url.ts).
 */
import { firstCharacterOf, firstXmlForbidden } from "../text/xml-characters.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";
import type { ContentNotice } from "./types.ts";

/** The C1 controls and DEL, which XML allows but a terminal obeys (0x9b is a one-byte CSI). */
const C1_OR_DELETE = /[\x7f-\x84\x86-\x9f]/g;
/** What a URL cannot hold as written: every control character, tab and line breaks included. */
const IN_URL = /[\x00-\x1f\x7f-\x9f]/g;

/** The fields read as URLs: a line break in one is reported as well. */
const URL_FIELDS = new Set(["image"]);

export function controlCharacterNotices(
  fields: Record<string, string | string[] | undefined>,
  parsed: Pick<ParsedYaml, "locate">,
  body: string,
  bodyLine: number,
): ContentNotice[] {
  const notices: ContentNotice[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const items: [string | undefined, (string | number)[]][] = Array.isArray(value)
      ? value.map((item, index) => [item, [field, index]])
      : [[value, [field]]];
    for (const [text, path] of items) {
      const found =
        text === undefined
          ? undefined
          : URL_FIELDS.has(field)
            ? firstCharacterOf(IN_URL, text)
            : firstControl(text);
      if (found)
        notices.push({
          kind: "control-character",
          field,
          character: found.name,
          count: found.count,
          ...lineOf(parsed.locate(path)?.line ?? parsed.locate([field])?.line),
        });
    }
  }
  const inBody = firstXmlForbidden(body);
  if (inBody)
    notices.push({
      kind: "control-character",
      field: "body",
      character: inBody.name,
      count: inBody.count,
      line: bodyLine + countLines(body, inBody.index),
    });
  return notices;
}

/** The first control character in a field's text, XML's forbidden ones and C1's, and how many there are. */
function firstControl(text: string): { index: number; name: string; count: number } | undefined {
  const forbidden = firstXmlForbidden(text);
  const c1 = firstCharacterOf(C1_OR_DELETE, text);
  if (!forbidden || !c1) return forbidden ?? c1;
  const first = forbidden.index < c1.index ? forbidden : c1;
  return { ...first, count: forbidden.count + c1.count };
}

/** The controls a single-line field is published without: all but tab and the line breaks, which read as spaces. */
const DROPPED = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

/**
 * A field's text as the site publishes it, in its HTML, feed, JSON and
 * Markdown alike: without the control characters the build warned of. An
 * ESC or a BEL in a title reached the page's <title> and its JSON-LD as
 * written, where the Markdown and the feed left it out.
 */
export function withoutControls(text: string): string {
  return text.replace(DROPPED, "");
}

/** A URL's text as published: without any control character, tab and line breaks included, as a browser reads a URL (WHATWG URL §4.4). */
export function urlWithoutControls(url: string): string {
  return url.replace(IN_URL, "");
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

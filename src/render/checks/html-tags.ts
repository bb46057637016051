/**
 * The start tags in a piece of HTML, as a browser's tokenizer finds them
 * (WHATWG HTML §13.2.5: a tag name, then attributes, quoted or not), with
 * where each sits. Comments are passed over, and so is the text of `script`
 * and `style` elements, which holds no tags. Used on the raw HTML of the
 * content and on the templates, which are both written by hand.
 */

export interface HtmlTag {
  /** Lowercase. */
  name: string;
  /** By lowercase name; an attribute without a value is "". The first of a repeated name wins, as in a browser. */
  attributes: Map<string, string>;
  /** Offsets of `<` and just after `>`. */
  start: number;
  end: number;
  /** For `script` and `style`: the text up to the end tag. */
  text?: string;
}

const TAG =
  /<!--[\s\S]*?(?:-->|$)|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?|\s*\/(?!>))*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(quot|amp|lt|gt|apos));/gi;
const NAMED: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", apos: "'" };

export function htmlTags(html: string): HtmlTag[] {
  const tags: HtmlTag[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    if (match[1] === undefined) continue;
    const name = match[1].toLowerCase();
    const attributes = new Map<string, string>();
    for (const attribute of match[2].matchAll(ATTRIBUTE)) {
      const key = attribute[1].toLowerCase();
      if (!attributes.has(key))
        attributes.set(key, decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? ""));
    }
    const tag: HtmlTag = { name, attributes, start: match.index, end: match.index + match[0].length };
    if (name === "script" || name === "style") {
      const close = html.toLowerCase().indexOf(`</${name}`, tag.end);
      tag.text = html.slice(tag.end, close === -1 ? html.length : close);
      TAG.lastIndex = close === -1 ? html.length : close;
    }
    tags.push(tag);
  }
  return tags;
}

/** An element of a page, at a line of its file (1-based): what the security policy's checks read (src/render/checks/content-policy.ts). */
export interface PageElement {
  tag: string;
  attributes: Map<string, string>;
  /** An inline script's or style's text. */
  text?: string;
  line: number;
}

/** The elements of a piece of HTML whose first line is `line`, each at its own line. */
export function elementsOf(html: string, line: number): PageElement[] {
  let at = line;
  let offset = html.indexOf("\n");
  return htmlTags(html).map((tag) => {
    for (; offset !== -1 && offset < tag.start; offset = html.indexOf("\n", offset + 1)) at++;
    return {
      tag: tag.name,
      attributes: tag.attributes,
      ...(tag.text !== undefined ? { text: tag.text } : {}),
      line: at,
    };
  });
}

/** The few character references an attribute value in hand-written HTML carries. */
function decodeEntities(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(
    ENTITY,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name) return NAMED[name.toLowerCase()];
      const code = decimal ? Number(decimal) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

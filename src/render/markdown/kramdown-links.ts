/**
 * A link's or an image's address with spaces in it, as kramdown reads it
 * (Jekyll's reader): `![Fig. 5](/img/Screen Shot 2018-11-12.png)`, written
 * by many a Jekyll author for a screenshot's file name, is an image in
 * kramdown, whose address runs to the `)` that closes it (or to a space
 * before a quoted title), where CommonMark ends an address at its first
 * space and shows the whole image as typed. In kramdown's content
 * (`readsAsKramdown`) the address runs on as kramdown's does, the spaces
 * then written as `%20` as markdown-it writes any address; a reference
 * definition's (`[shot]: /img/Screen Shot.png`) runs to the end of its line.
 * Other content keeps CommonMark's rule. markdown-it's link, image and
 * reference rules all read an address through `md.helpers`, which is given
 * no env: the parse's own core rule tells it whose content it reads.
 */
import type MarkdownIt from "markdown-it";
import { unescapeAll } from "markdown-it/lib/common/utils.mjs";
import { readsAsKramdown } from "./kramdown-html.ts";

type Destination = { ok: boolean; pos: number; str: string };

/** Whether the parse running now reads kramdown's content: set at its start, one parse at a time. */
let kramdown = false;

export function kramdownLinksPlugin(md: MarkdownIt): void {
  md.core.ruler.before("normalize", "kramdown_links", (state) => {
    kramdown = state.env ? readsAsKramdown(state.env) : false;
  });
  const commonMark = md.helpers.parseLinkDestination as (
    str: string,
    start: number,
    max: number,
  ) => Destination;
  md.helpers.parseLinkDestination = (str: string, start: number, max: number): Destination => {
    const read = commonMark(str, start, max);
    if (!kramdown || str.charCodeAt(start) === 0x3c /* < */) return read;
    // Only where CommonMark's address stops at a space that kramdown's runs past.
    if (read.ok && str.charCodeAt(read.pos) !== 0x20) return read;
    const end = kramdownEnd(str, read.ok ? read.pos : start, max);
    const address = str.slice(start, end).trimEnd();
    if (end === undefined || !/\s/.test(address)) return read;
    return { ok: true, pos: end, str: unescapeAll(address) };
  };
}

/**
 * Where kramdown's address ends, from `from` on: at the `)` that closes the
 * link (parentheses inside it balanced), at a space before a quoted title,
 * or at the end of the line. Undefined past 32 levels of parentheses, which
 * markdown-it does not read either.
 */
function kramdownEnd(str: string, from: number, max: number): number | undefined {
  let level = 0;
  for (let at = from; at < max; at++) {
    const code = str.charCodeAt(at);
    if (code === 0x0a) return at;
    if (code === 0x5c /* \ */) at++;
    else if (code === 0x28 /* ( */ && ++level > 32) return undefined;
    else if (code === 0x29 /* ) */ && level-- === 0) return at;
    else if ((code === 0x20 || code === 0x09) && level === 0 && (str[at + 1] === '"' || str[at + 1] === "'"))
      return at;
  }
  return max;
}

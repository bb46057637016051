/**
 * An attribute list given to a block of raw HTML (`</div>` then `{: .wide}`
 * in kramdown's content, `</table>` then `{: .grid}`): kramdown gives it to
 * the element, so its first tag takes the list's id, classes (after its
 * own) and other attributes. markdown-it keeps them on the block's token
 * (attributes.ts sets them as on any block), and the block is written with
 * its first tag made again from its attributes and the list's.
 */
import { htmlTags } from "../checks/html-tags.ts";

/** An element's start tag at the block's start: what a list can be given to (not a comment or a declaration). */
const FIRST_TAG = /^\s*<[A-Za-z][A-Za-z0-9-]*(?=[\s/>])/;

export function opensWithTag(html: string): boolean {
  return FIRST_TAG.test(html);
}

/** `html` with its first tag holding `attributes` too: classes added to its own, any other attribute the list's. */
export function withAttributes(html: string, attributes: [string, string][] | null): string {
  if (!attributes || attributes.length === 0 || !opensWithTag(html)) return html;
  const [tag] = htmlTags(html);
  if (!tag || html.slice(0, tag.start).trim() !== "") return html;
  const merged = new Map(tag.attributes);
  for (const [name, value] of attributes) {
    const own = merged.get(name);
    merged.set(name, name === "class" && own ? `${own} ${value}` : value);
  }
  const written = [...merged]
    .map(([name, value]) => ` ${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
    .join("");
  const close = /\/>$/.test(html.slice(tag.start, tag.end)) ? " />" : ">";
  return `${html.slice(0, tag.start)}<${tag.name}${written}${close}${html.slice(tag.end)}`;
}

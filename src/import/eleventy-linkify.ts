/**
 * The bare names an Eleventy site's Markdown made links of: a site whose
 * markdown-it has `linkify` on showed `ineliagestion.com`, written as plain
 * text, as a link to `http://ineliagestion.com`. sitegen's Markdown links a
 * bare address only where it names its scheme or `www.` (as GitHub's does),
 * so the name moved as written lost its link. Which names were linked is
 * read from what the site's own Eleventy rendered (`eleventy --to=json`, the
 * run that gives the old addresses), never from its configuration: each
 * such name is written as the link it showed, named at its line.
 */
import { proseOf } from "../content/template-tags.ts";
import type { ImportedDocument, LeftOut } from "./model.ts";

/** A link markdown-it's linkify made of a bare name: its text is the name, its address the name under `http://`. */
const LINK = /<a\s+href="http:\/\/([^"<>\s]+)"[^>]*>([^<]+)<\/a>/g;

/** The bare names `html` shows as links markdown-it's linkify made, and how many times each. */
export function linkifiedNames(html: string): Map<string, number> {
  const names = new Map<string, number>();
  for (const [, href, text] of html.matchAll(LINK)) {
    const name = text.trim();
    // A name with its own scheme or `www.` is linked by sitegen's Markdown too.
    if (name !== href || /^www\./i.test(name) || name.includes("@")) continue;
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  return names;
}

/**
 * `document`'s body with each bare name its old page showed as a link (at
 * most as many times as it did) written as that link, `[name](http://name)`,
 * outside code, links and HTML tags; each named in `notes` at its line.
 */
export function withLinkifiedNames(
  document: ImportedDocument,
  rendered: string,
  notes: LeftOut[],
): ImportedDocument {
  const names = linkifiedNames(rendered);
  if (names.size === 0) return document;
  const prose = proseOf(document.body);
  const found: { start: number; name: string }[] = [];
  for (const [name, times] of names) {
    let left = times;
    for (let at = prose.indexOf(name); at >= 0 && left > 0; at = prose.indexOf(name, at + name.length)) {
      if (!isBare(prose, at, name)) continue;
      found.push({ start: at, name });
      left--;
    }
  }
  if (found.length === 0) return document;
  found.sort((a, b) => a.start - b.start);
  let body = "";
  let from = 0;
  for (const { start, name } of found) {
    if (start < from) continue;
    body += `${document.body.slice(from, start)}[${name}](http://${name})`;
    from = start + name.length;
    notes.push({
      file: document.file,
      line: document.bodyLine + (document.body.slice(0, start).match(/\n/g)?.length ?? 0),
      why: `\`${name}\`: its Markdown made a link of the bare name (markdown-it's linkify); written as the link it showed`,
    });
  }
  return { ...document, body: body + document.body.slice(from) };
}

/**
 * The name at `at` stands alone in running text, as linkify finds it: not
 * part of a longer name or address, not a link's text or address already,
 * not inside an HTML tag.
 */
function isBare(prose: string, at: number, name: string): boolean {
  const before = prose[at - 1] ?? " ";
  const after = prose[at + name.length] ?? " ";
  if (/[\w./@:\-[(<=#~%+]/.test(before)) return false;
  if (/[\w/@\-\]]/.test(after) || (after === "." && /\w/.test(prose[at + name.length + 1] ?? "")))
    return false;
  const line = prose.slice(prose.lastIndexOf("\n", at) + 1, at);
  // Inside a tag (`<a title="x.com`), or a link's text still open (`[see x.com`).
  if (line.lastIndexOf("<") > line.lastIndexOf(">")) return false;
  return line.lastIndexOf("[") <= line.lastIndexOf("]");
}

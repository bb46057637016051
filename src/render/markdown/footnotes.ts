/**
 * Footnotes, with markdown-it-footnote: `text[^1]` and `[^1]: The note.`,
 * whose definition is a footnote even when it is a URL alone (`[^1]:
 * https://…`; markdown-it would otherwise read that as a link definition).
 * The notes close the text in a `section` named for screen readers; each
 * note's link back names what it goes back to, where `↩` alone says nothing.
 * The ids the notes and their references get (`fn1`, `fnref1`, `fnref1:1`)
 * are the page's too, so a link to one is never reported broken.
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import footnote from "markdown-it-footnote";

export function footnotesPlugin(md: MarkdownIt): void {
  md.use(footnote);
  md.renderer.rules.footnote_block_open = () =>
    '<section class="footnotes" aria-label="Footnotes">\n<ol class="footnotes-list">\n';
  md.renderer.rules.footnote_anchor = (tokens, index) => {
    const id = referenceId(tokens[index]);
    return ` <a href="#fnref${id}" class="footnote-backref" aria-label="Back to reference ${id}">\u21a9\uFE0E</a>`;
  };
}

/** A reference's number as the ids spell it: `1`, or `1:2` for the note's second reference. */
function referenceId(token: Token): string {
  const n = String(token.meta.id + 1);
  return token.meta.subId > 0 ? `${n}:${token.meta.subId}` : n;
}

/** The ids footnotes give the page: each note's, and each reference's. */
export function footnoteIds(tokens: Token[]): string[] {
  const ids: string[] = [];
  for (const token of tokens) {
    if (token.type === "footnote_open") ids.push(`fn${token.meta.id + 1}`);
    for (const child of token.children ?? [])
      if (child.type === "footnote_ref") ids.push(`fnref${referenceId(child)}`);
  }
  return ids;
}

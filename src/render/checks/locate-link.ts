/**
 * Where a broken link is written in a page's Markdown, for the error to point
 * at. Its own module because it reads the body's text again, only for a link
 * that fails, apart from checking where links land (src/render/checks/links.ts).
 */
import type { PageRoute } from "../../manifest/manifest.ts";

/**
 * Where a link target is written. markdown-it tells only the first line of the
 * block holding the link, so look for the target as written, `(href` or `<href`,
 * from there to the end of the block, then as a reference definition
 * `[label]: href` anywhere in the body.
 */
export function locateLink(
  route: PageRoute,
  href: string,
  blockLine: number,
  occurrence: number,
): { file: string; line: number; column?: number; sourceLine?: string } {
  const lines = route.body.split(/\r?\n/);
  const written = [...new Set([href, safeDecode(href)])];
  const find = (from: number, to: number, before: RegExp, skip: number) => {
    for (let index = from; index < to; index++) {
      for (const target of written) {
        let at = lines[index].indexOf(target);
        while (at !== -1) {
          const after = lines[index][at + target.length];
          if (
            before.test(lines[index].slice(0, at)) &&
            (after === undefined || /[)\s>"']/.test(after)) &&
            skip-- === 0
          )
            return { index, column: at + 1 };
          at = lines[index].indexOf(target, at + 1);
        }
      }
    }
    return undefined;
  };
  const start = blockLine - route.bodyLine;
  let end = start + 1;
  while (end < lines.length && lines[end].trim() !== "") end++;
  const found =
    find(Math.max(start, 0), end, /[(<]$/, occurrence) ??
    find(0, lines.length, /^\s{0,3}\[[^\]]+\]:\s*<?$/, 0);
  if (!found) return { file: route.source, line: blockLine };
  return {
    file: route.source,
    line: route.bodyLine + found.index,
    column: found.column,
    sourceLine: lines[found.index],
  };
}

function safeDecode(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

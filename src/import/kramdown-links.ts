/**
 * A link or image whose address holds spaces, as kramdown (Jekyll's Markdown)
 * reads it: `![](../images/flow abstract.gif)` shows the picture there, where
 * CommonMark, and so sitegen, reads the line as text and the picture is gone.
 * The address is written between angle brackets, CommonMark's form for it
 * (`![](<../images/flow abstract.gif>)`), on the same line, so that the
 * picture stays and every line keeps its number for the report.
 */

/** The body with each such address between angle brackets, and how many were. */
export function angledDestinations(body: string): { body: string; count: number } {
  let count = 0;
  let fence: string | undefined;
  const lines = body.split("\n").map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening && (fence === undefined || (opening[0] === fence[0] && opening.length >= fence.length))) {
      fence = fence === undefined ? opening : undefined;
      return line;
    }
    if (fence !== undefined || !line.includes("](")) return line;
    const { text, changed } = angledInLine(line);
    count += changed;
    return text;
  });
  return { body: lines.join("\n"), count };
}

function angledInLine(line: string): { text: string; changed: number } {
  // Code spans are code: what they hold is never a link.
  const code = [...line.matchAll(/(`+)[\s\S]*?\1/g)].map(
    (match) => [match.index, match.index + match[0].length] as const,
  );
  const inCode = (at: number) => code.some(([start, end]) => at >= start && at < end);
  let text = "";
  let from = 0;
  let changed = 0;
  for (let at = line.indexOf("](", 0); at !== -1; at = line.indexOf("](", at + 2)) {
    if (at < from || inCode(at)) continue;
    // `[#9294][](Use internal HD chain)`: the brackets right after a link's text are its reference (`[]` its own text), and kramdown reads what follows in parentheses as words.
    if (line[openingBracket(line, at) - 1] === "]") continue;
    const open = at + 2;
    const close = closingParen(line, open);
    if (close === undefined) continue;
    const inner = line.slice(open, close);
    const [, address, title = ""] = /^\s*(.*?)((?:\s+(?:"[^"]*"|'[^']*'))?)\s*$/.exec(inner) ?? [];
    // A Liquid tag's spaces (`{{ site.baseurl }}{% post_url x %}`) are the tag's: it is converted later, to an address without any.
    if (
      address === undefined ||
      address.startsWith("<") ||
      !/\s/.test(address) ||
      /[<>]/.test(address) ||
      /\{[{%]/.test(address)
    )
      continue;
    text += `${line.slice(from, open)}<${address}>${title}`;
    from = close;
    changed++;
  }
  return { text: text + line.slice(from), changed };
}

/** Where the bracket that closes at `close` opened, counting the pairs inside it; -1 where none did. */
function openingBracket(line: string, close: number): number {
  let depth = 0;
  for (let at = close; at >= 0; at--) {
    if (line[at - 1] === "\\") continue;
    if (line[at] === "]") depth++;
    else if (line[at] === "[" && --depth === 0) return at;
  }
  return -1;
}

/** Where the parenthesis opened before `start` closes, counting the pairs inside it (`flow (1).png`), on this line. */
function closingParen(line: string, start: number): number | undefined {
  let depth = 1;
  for (let at = start; at < line.length; at++) {
    if (line[at] === "\\") at++;
    else if (line[at] === "(") depth++;
    else if (line[at] === ")" && --depth === 0) return at;
  }
  return undefined;
}

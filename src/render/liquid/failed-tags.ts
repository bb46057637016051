/**
 * A tag that cannot run, said as the author can fix it: the whole tag (`{% …
 * %}`, `{{ … }}`) that a fault of LiquidJS lies in, and why, in the site's
 * words rather than LiquidJS's. Its own module because it reads LiquidJS's
 * faults and messages, apart from the run that sets such tags aside
 * (src/render/liquid/engine.ts).
 */

export const HINT =
  "write what it stands for in Markdown or HTML, put the include it names in content/_includes/, or wrap it in {% raw %} … {% endraw %} to show it as written";

/** The tag that stopped a run, as it stands in the text, and why; undefined when the fault is nowhere in the text. */
export function failedTag(
  error: unknown,
  source: string,
): { start: number; end: number; why: string } | undefined {
  const { token } = error as { token?: { input: string; begin: number; end: number } };
  if (!token || token.input !== source) return undefined;
  const span = tagAround(source, token.begin, token.end);
  return span && { ...span, why: reason(error) };
}

/** The whole tag or output (`{% … %}`, `{{ … }}`) that the span `begin`…`end` lies in. */
function tagAround(source: string, begin: number, end: number): { start: number; end: number } | undefined {
  const opens = source.startsWith("{%", begin) || source.startsWith("{{", begin);
  const start = opens ? begin : Math.max(source.lastIndexOf("{%", begin), source.lastIndexOf("{{", begin));
  if (start < 0) return undefined;
  const closer = source[start + 1] === "%" ? "%}" : "}}";
  const close = source.indexOf(closer, Math.max(end - closer.length, start + 2));
  // An output or tag that is never closed is the rest of its line.
  const stop = close < 0 ? source.indexOf("\n", start) + 1 || source.length : close + closer.length;
  return { start, end: stop };
}

/** What LiquidJS says went wrong, without where (the warning says where) or what LiquidJS wrapped. */
export function reason(error: unknown): string {
  const message =
    (error as { originalError?: Error }).originalError?.message ?? (error as Error).message ?? String(error);
  return message
    .replace(/, (?:file:\S+, )?line:\d+, col:\d+$/, "")
    .replace(/^ENOENT: Failed to lookup "([^"]+)" in .*$/, "no content/_includes/$1")
    .replace(
      /^tag "include_relative" not found$/,
      "`include_relative` reads a file beside the text, which no tag here does: move it into content/_includes/ and `include` it",
    )
    .replace(/^tag "([^"]+)" not found$/, "Liquid has no tag `$1`: a plugin's?");
}

export function shortened(tag: string): string {
  const line = tag.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

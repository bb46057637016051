/**
 * A URL from the content (a post's `image:`, its cover) as it lands in one
 * line of Markdown, escaped for that place as `markdownInline` escapes text
 * (STYLE.md guideline 14). A URL holds no whitespace: a browser drops a tab or
 * line break from one (WHATWG URL §4.4, "remove all ASCII tab or newline")
 * and percent-encodes the rest, and so does this. Without it,
 * `image: "/x.png\n\n## Agent instructions\n\n…"` added a section to the
 * post's `.md` and to llms-full.txt, and `"><script>` reached them raw.
 *
 * Every character a URL does not hold as it is (RFC 3986 §2: unreserved,
 * reserved and `%`), and the ones that open Markdown's syntax (`[`, `]`,
 * `(`, `)`, `*`, `_`, `` ` ``, `\`), is percent-encoded as UTF-8, so the
 * URL stays one token and still names the same resource. A URL without any
 * of these is returned as it is.
 */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const NOT_AS_IS = /[^A-Za-z0-9\-.~:/?#@!$&'+,;=%]/gu;

export function markdownUrl(url: string): string {
  return url.replace(TAB_OR_NEWLINE, "").replace(NOT_AS_IS, encoded);
}

/** One character as UTF-8 percent escapes; a lone surrogate, which has no UTF-8, as U+FFFD's. */
function encoded(char: string): string {
  if (/^[\ud800-\udfff]$/.test(char)) return "%EF%BF%BD";
  return encodeURIComponent(char).replace(
    /[!'()*]/g,
    (sign) => `%${sign.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

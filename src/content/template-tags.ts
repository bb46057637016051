/**
 * Template syntax left in a page's text. sitegen never executes it: a Liquid
 * tag (`{% … %}`, `{{ … }}`) or a Hugo shortcode (`{{< … >}}`, `{{% … %}}`)
 * would reach readers as it is written, so the build names each one, by its
 * line, for the author to convert (`sitegen import` converts the common
 * ones). Inside fenced code, indented code and inline code such text is an
 * example, and is left alone; so is a Liquid or Hugo `highlight` block,
 * which the renderer shows as code (src/render/markdown/code.ts), tags and
 * all, and what a `{% raw %}` block holds. Jekyll's link tags are no such
 * text: the build resolves them (src/render/liquid/links.ts).
 *
 * That is content of no dialect of its own. In Jekyll's (a site with
 * content/_config.yml or content/_includes/: src/content/jekyll-files.ts)
 * the build runs the Liquid (src/render/liquid/), and reports, as it
 * renders, only what cannot run: these tags are not reported there.
 */
import { fenceAfter } from "../text/code-fences.ts";

export interface TemplateTag {
  /** 1-based line in the file. */
  line: number;
  /** The tag as written, shortened. */
  tag: string;
}

/** A Liquid tag or output, or a Hugo shortcode: what a reader would meet as written. */
export const TEMPLATE_TAG =
  /\{%-?\s*[A-Za-z_][^%]*?-?%\}|\{\{[<%]\s*\/?\s*[\w./-]+.*?[>%]\}\}|\{\{-?\s*[\w.$"'[\]|: -]+?-?\}\}/g;

/**
 * A Liquid or Hugo highlight block's first and last lines, as a post copied
 * from Jekyll or Hugo has them: `{% highlight ruby %}` … `{% endhighlight %}`,
 * `{{< highlight go "linenos=table" >}}` … `{{< /highlight >}}`. The language
 * is the first group that matched.
 */
export const HIGHLIGHT_OPEN =
  /^ {0,3}(?:\{%-?\s*highlight\s+([^\s%]+)[^%]*?-?%\}|\{\{[<%]\s*highlight\s+"?([^\s"<>%]+)"?[^<>%]*?[>%]\}\})\s*$/;
export const HIGHLIGHT_CLOSE =
  /^ {0,3}(?:\{%-?\s*endhighlight\s*-?%\}|\{\{[<%]\s*\/\s*highlight\s*[>%]\}\})\s*$/;

/**
 * Jekyll's tags that name a file of the content or the site's own address,
 * which the build resolves without running anything (src/render/
 * liquid/links.ts): `{% post_url 2010-07-21-name %}`, `{% link about.md %}`,
 * `{{ '/about/' | relative_url }}` and `| absolute_url`, and `{{ site.url }}`
 * and `{{ site.baseurl }}` where they start a link's or an image's URL (in
 * Markdown or in an HTML `href` or `src`); elsewhere those two are text that
 * Liquid would fill in, and stay template tags. The import converts the same
 * forms (src/import/convert.ts).
 */
export const POST_URL = /\{%-?\s*post_url\s+([^\s%]+)\s*-?%\}/g;
export const LINK = /\{%-?\s*link\s+([^\s%]+)\s*-?%\}/g;
export const URL_FILTER = /\{\{-?\s*(?:"([^"]*)"|'([^']*)')\s*\|\s*(relative_url|absolute_url)\s*-?\}\}/g;
export const SITE_URL = /\{\{-?\s*site\.url\s*-?\}\}/g;
export const SITE_BASEURL = /\{\{-?\s*site\.baseurl\s*-?\}\}/g;
/** `{{ site.url }}` and `{{ site.baseurl }}`, one or both: a link tag where a URL starts (`startsUrl`). */
const SITE_TAGS = /(?:\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\})+/g;
/** `{% raw %}` … `{% endraw %}`: Liquid shows what is between as written, and the tags vanish, in code too (Liquid runs before Markdown). */
export const RAW = /\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}/g;

/** A Jekyll link tag at its place in a body: `post_url` and `link` name a file; `address` is the site's own address (`site`, a URL filter). */
export interface LinkTag {
  start: number;
  end: number;
  /** As written. */
  tag: string;
  kind: "post_url" | "link" | "address";
}

/** The link tags of a body outside code (and raw blocks, where `prose` was read as Liquid's), in order. */
export function linkTags(body: string, prose = proseOf(body)): LinkTag[] {
  const found: LinkTag[] = [];
  // Every link tag opens with `{`: most posts have none.
  if (!prose.includes("{")) return found;
  for (const [pattern, kind] of [
    [POST_URL, "post_url"],
    [LINK, "link"],
    [URL_FILTER, "address"],
    [SITE_TAGS, "address"],
  ] as const) {
    for (const match of prose.matchAll(pattern)) {
      if (pattern === SITE_TAGS && !startsUrl(prose, match.index)) continue;
      found.push({
        start: match.index,
        end: match.index + match[0].length,
        tag: body.slice(match.index, match.index + match[0].length),
        kind,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const SPACE = /\s/;
const BLANK = /[ \t]/;
const WORD = /\w/;

/**
 * Whether a URL starts at `at` in `text`: right after `](` or `]:` (a
 * Markdown link or reference definition, then spaces and an optional `<`), or
 * `href=` or `src=` (spaces around the `=`, then an optional quote), as the
 * look-behind `(?<=\]\(\s*<?|\]:[ \t]*<?|\b(?:href|src)\s*=\s*["']?)` says
 * (test/link-tags.test.ts holds the two to agree). Read backwards from `at`
 * instead: that look-behind, tried at every character of a page, cost a warm
 * build of the real site 10 ms.
 */
export function startsUrl(text: string, at: number): boolean {
  const before = (end: number, skip: RegExp) => {
    while (end > 0 && skip.test(text[end - 1])) end--;
    return end;
  };
  // A `<` or a quote right before must be the optional one: no alternative ends in a space or an `=` there.
  const bracketed = text[at - 1] === "<" ? at - 1 : at;
  const endsWith = (end: number, mark: string) =>
    end >= mark.length && text.slice(end - mark.length, end) === mark;
  if (endsWith(before(bracketed, SPACE), "](") || endsWith(before(bracketed, BLANK), "]:")) return true;
  const quoted = text[at - 1] === '"' || text[at - 1] === "'" ? at - 1 : at;
  const equals = before(quoted, SPACE);
  if (text[equals - 1] !== "=") return false;
  const name = before(equals - 1, SPACE);
  return ["href", "src"].some(
    (attribute) => endsWith(name, attribute) && !WORD.test(text[name - attribute.length - 1] ?? " "),
  );
}

/** Each `{% raw %}` block of a body: where its tags are and what is between them. */
export function rawBlocks(
  body: string,
): { start: number; end: number; inner: { start: number; end: number } }[] {
  return [...body.matchAll(RAW)].map((match) => {
    const innerStart = match.index + match[0].indexOf(match[1], match[0].indexOf("%}") + 2);
    return {
      start: match.index,
      end: match.index + match[0].length,
      inner: { start: innerStart, end: innerStart + match[1].length },
    };
  });
}

/**
 * Each template tag in `body` outside code, but Jekyll's link tags, which the build resolves; with its line
 * (`bodyLine` is the body's first line in the file). Content whose Liquid runs reports none of these (only what
 * cannot run), so here `{% raw %}` is a tag like the others: nothing takes it away, and what it holds is read.
 */
export function templateTags(body: string, bodyLine: number): TemplateTag[] {
  // Every tag opens with `{`: a body without one (most posts) is not copied and blanked to find none.
  if (!body.includes("{")) return [];
  const prose = proseOf(body, { liquid: false });
  const links = linkTags(body, prose);
  const found: TemplateTag[] = [];
  let lineStart = 0;
  prose.split("\n").forEach((line, index) => {
    for (const match of line.includes("{") ? line.matchAll(TEMPLATE_TAG) : []) {
      const start = lineStart + match.index;
      if (links.some((link) => link.start <= start && start < link.end)) continue;
      found.push({
        line: bodyLine + index,
        tag: match[0].length > 60 ? `${match[0].slice(0, 57)}…` : match[0],
      });
    }
    lineStart += line.length + 1;
  });
  return found;
}

/** A list item's marker (`* `, `- `, `1. `, `2) `) and the spaces after it, where a line opens an item. */
const LIST_ITEM = /^[ \t]*(?:[*+-]|\d{1,9}[.)])(?:( {1,4})(?! )|[ \t]*$)/;

/**
 * Where the text of the list a line is in starts, after that line: the line's own item's text where it opens one
 * (`* **width**` at 2, `1.  Step` at 4), the item's it continues where it is indented as far, none once a line
 * after a blank one stands left of it.
 */
function listColumn(line: string, indent: number, column: number, afterBlank: boolean): number {
  const item = LIST_ITEM.exec(line);
  if (item) return item[0].length + (item[1] === undefined ? 1 : 0);
  return indent >= column || !afterBlank ? column : 0;
}

/**
 * The body with what is no text of its own blanked out, its length and lines
 * kept: code (fenced, indented, inline, Liquid and Hugo highlight blocks),
 * which shows what it holds as an example, and, where Liquid runs the text
 * (`liquid`, the default), `{% raw %}` blocks, tags and all. What template
 * tags are looked for in.
 */
export function proseOf(body: string, options: { liquid?: boolean } = {}): string {
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  const raws = options.liquid === false ? [] : rawBlocks(body);
  const blanked = (text: string, spans: { start: number; end: number }[]) =>
    spans.reduce(
      (all, { start, end }) => all.slice(0, start) + blank(all.slice(start, end)) + all.slice(end),
      text,
    );
  // The raw tags vanish before Markdown reads the text, so its code is found without them.
  const lines = blanked(
    body,
    raws.flatMap(({ start, end, inner }) => [
      { start, end: inner.start },
      { start: inner.end, end },
    ]),
  ).split("\n");
  let fence: string | undefined;
  let highlightEnd = -1;
  let previousBlank = true;
  // The column a list item's text starts at, while the lines are in one: its paragraphs are indented that far, not as code.
  let itemColumn = 0;
  const prose = lines.map((line, index) => {
    if (index <= highlightEnd) return blank(line);
    if (fence === undefined && HIGHLIGHT_OPEN.test(line)) {
      const close = lines.findIndex((later, at) => at > index && HIGHLIGHT_CLOSE.test(later));
      if (close !== -1) {
        highlightEnd = close;
        return blank(line);
      }
    }
    const fenced = fenceAfter(fence, line);
    fence = fenced.open;
    if (fenced.code) return blank(line);
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, "    ").length;
    const indentedCode = previousBlank && line.trim() !== "" && indent >= itemColumn + 4;
    if (!indentedCode && line.trim() !== "") itemColumn = listColumn(line, indent, itemColumn, previousBlank);
    previousBlank = line.trim() === "";
    if (indentedCode) return blank(line);
    return line.replace(/(`+)[\s\S]*?\1/g, blank);
  });
  return blanked(
    prose.join("\n"),
    raws.map(({ inner }) => inner),
  );
}

/**
 * The template forms a moved blog's text commonly holds, converted to
 * Markdown, since sitegen runs no template language: Liquid's `{% highlight
 * %}` and Hugo's `{{< highlight >}}` become fenced code, `{% raw %}` is
 * unwrapped, `{% link %}` and `{% post_url %}` become the post's new URL,
 * `{{ site.<name> }}` the value the site's configuration gives it, and
 * Hugo's `{{< figure >}}` an image with its caption. Anything else is
 * left as written and reported at its line; the build warns about it too.
 */

import {
  LINK,
  POST_URL,
  RAW,
  SITE_BASEURL,
  SITE_URL,
  TEMPLATE_TAG,
  URL_FILTER,
} from "../content/template-tags.ts";

export interface Conversion {
  body: string;
  /** Each kind of form converted, with how many. */
  converted: Map<string, number>;
  /** Each template tag left, by its line in the source file. */
  left: { line: number; tag: string }[];
}

export interface ConvertOptions {
  /** The new URL of the post a Jekyll `post_url` names (by its file name without the extension). */
  postUrl(name: string): string | undefined;
  /** The new URL of the file a Jekyll `link` or a Hugo `ref`/`relref` names (by its path from the source root or content folder). */
  linkUrl(path: string): string | undefined;
  /** The old site's origin and base path: what `{{ site.url }}` and `{{ site.baseurl }}` stood for. */
  origin?: string;
  basePath?: string;
  /** The configuration's own values, by their dotted path: what `{{ site.repository }}` stood for. */
  values?: Map<string, string>;
  /** The new site runs the text's Liquid (a Jekyll site's: src/content/jekyll-files.ts): a raw block stays one, its tags kept. */
  liquid?: boolean;
  /**
   * The template language the source ran its texts through: Liquid's (Jekyll, Eleventy), Hugo's shortcodes,
   * or none (Astro's Markdown). Only its own forms are converted or reported; another's are text there, kept as
   * written (Hugo shows `{% raw %}` as it is). Both where it is not said.
   */
  templates?: "liquid" | "hugo" | "none";
}

const HIGHLIGHT = /\{%-?\s*highlight\s+([\w+#.-]+)[^%]*?-?%\}\n?([\s\S]*?)\n?\{%-?\s*endhighlight\s*-?%\}/g;
const HUGO_HIGHLIGHT =
  /\{\{<\s*highlight\s+([\w+#.-]+)(?:\s+"[^"]*")?\s*>\}\}\n?([\s\S]*?)\n?\{\{<\s*\/\s*highlight\s*>\}\}/g;
const HUGO_REF = /\{\{[<%]\s*(?:ref|relref)\s+"([^"]+)"\s*[>%]\}\}/g;
const FIGURE = /\{\{<\s*figure\s+([^>]*?)\s*\/?>\}\}/g;
const ATTRIBUTE = /(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g;
/** `{{ site.url }}{{ site.baseurl }}` before a tag that gives a whole path (`{% post_url %}`, `{% link %}`): the tag's new path is the site's own, with no base. */
const SITE_PREFIX = String.raw`(?:\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\})*`;
const PREFIXED_POST_URL = new RegExp(SITE_PREFIX + POST_URL.source, "g");
const PREFIXED_LINK = new RegExp(SITE_PREFIX + LINK.source, "g");
const SITE_VALUE = /\{\{-?\s*site\.([\w-]+(?:\.[\w-]+)*)\s*-?\}\}/g;

export function convertBody(body: string, bodyLine: number, options: ConvertOptions): Conversion {
  const converted = new Map<string, number>();
  const count = (kind: string) => converted.set(kind, (converted.get(kind) ?? 0) + 1);
  const liquid = options.templates === undefined || options.templates === "liquid";
  const hugo = options.templates === undefined || options.templates === "hugo";
  // Where the source ran no Liquid, its raw tags are words, and the new site, which runs none there either, shows them as written.
  if (!liquid && !hugo) return { body, converted, left: [] };
  if (!liquid) return hugoForms(body, bodyLine, options, count, converted);
  // Raw blocks first: what they hold is shown as written, never converted.
  const kept: string[] = [];
  let text = body.replace(RAW, (all: string, inner: string) => {
    if (!options.liquid) count("{% raw %}");
    kept.push(options.liquid ? all : inner);
    // The placeholder keeps the block's lines, so that what is left is reported at its own line.
    return `\u0000${kept.length - 1}${"\n".repeat(kept[kept.length - 1].split("\n").length - 1)}\u0000`;
  });
  text = text.replace(
    HIGHLIGHT,
    (_all, language: string, code: string) => (count("{% highlight %}"), fence(language, code)),
  );
  if (hugo)
    text = text.replace(
      HUGO_HIGHLIGHT,
      (_all, language: string, code: string) => (count("{{< highlight >}}"), fence(language, code)),
    );
  text = text.replace(PREFIXED_POST_URL, (all, name: string) => {
    const url = options.postUrl(name);
    if (url === undefined) return all;
    count("{% post_url %}");
    return url;
  });
  text = text.replace(PREFIXED_LINK, (all, path: string) => {
    const url = options.linkUrl(path);
    if (url === undefined) return all;
    count("{% link %}");
    return url;
  });
  // Jekyll's own addresses (`{{ site.url }}`, `{{ "/x/" | relative_url }}`) as the old site wrote them: the links then follow the move (links.ts).
  text = text.replace(
    URL_FILTER,
    (_all, double: string | undefined, single: string | undefined, filter: string) => {
      count(`{{ | ${filter} }}`);
      const path = `${options.basePath ?? ""}${(double ?? single ?? "").replace(/^(?=[^/])/, "/")}`;
      return filter === "absolute_url" ? `${options.origin ?? ""}${path}` : path;
    },
  );
  if (options.origin !== undefined)
    text = text.replace(SITE_URL, () => (count("{{ site.url }}"), options.origin!));
  text = text.replace(SITE_BASEURL, () => (count("{{ site.baseurl }}"), options.basePath ?? ""));
  // Any other value of the configuration, as Liquid fills it in before Markdown reads the text; a filter, or a name the configuration has no value for, is left.
  text = text.replace(SITE_VALUE, (all, name: string) => {
    const value = options.values?.get(name);
    if (value === undefined) return all;
    count(`{{ site.${name} }}`);
    return value;
  });
  if (hugo) text = shortcodes(text, options, count);
  // Where the site runs Liquid, the build runs what is left, and warns at what cannot run.
  const left = options.liquid ? [] : leftTags(text, bodyLine, () => true);
  const restored = text.replace(/\u0000(\d+)\n*\u0000/g, (_all, index: string) => kept[Number(index)]);
  return { body: restored, converted, left };
}

/** A Hugo text: its shortcodes converted, and only a shortcode left reported; Liquid's tags and `{{ }}` are text to Hugo, kept as written. */
function hugoForms(
  body: string,
  bodyLine: number,
  options: ConvertOptions,
  count: (kind: string) => void,
  converted: Map<string, number>,
): Conversion {
  const fenced = body.replace(
    HUGO_HIGHLIGHT,
    (_all, language: string, code: string) => (count("{{< highlight >}}"), fence(language, code)),
  );
  const text = shortcodes(fenced, options, count);
  return { body: text, converted, left: leftTags(text, bodyLine, (tag) => /^\{\{[<%]/.test(tag)) };
}

function shortcodes(body: string, options: ConvertOptions, count: (kind: string) => void): string {
  const text = body.replace(HUGO_REF, (all, path: string) => {
    const url = options.linkUrl(path);
    if (url === undefined) return all;
    count("{{< ref >}}");
    return url;
  });
  return text.replace(FIGURE, (_all, attributes: string) => {
    count("{{< figure >}}");
    return figure(
      new Map(
        [...attributes.matchAll(ATTRIBUTE)].map((match) => [match[1], match[2] ?? match[3] ?? match[4]]),
      ),
    );
  });
}

/** Code fenced with one more backtick than its longest run, so that what it holds cannot close it. */
function fence(language: string, code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}${language}\n${code.replace(/\n+$/, "")}\n${ticks}`;
}

/** A figure as Markdown: the image, then its caption in italics on the next line. */
function figure(attributes: Map<string, string>): string {
  const src = attributes.get("src") ?? "";
  const alt = (attributes.get("alt") ?? attributes.get("caption") ?? attributes.get("title") ?? "").replace(
    /[[\]]/g,
    "",
  );
  const caption = attributes.get("caption") ?? attributes.get("title");
  const image = `![${alt}](${src})`;
  const linked = attributes.get("link") ? `[${image}](${attributes.get("link")})` : image;
  return caption ? `${linked}\\\n*${caption}*` : linked;
}

/** The template tags left outside code, each with its line in the source file. */
function leftTags(
  text: string,
  bodyLine: number,
  ours: (tag: string) => boolean,
): { line: number; tag: string }[] {
  const left: { line: number; tag: string }[] = [];
  // The fence a code block was opened with: only one of its own character, as long or longer, closes it.
  let fence: string | undefined;
  text.split("\n").forEach((line, index) => {
    const mark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    const closes =
      mark !== undefined &&
      fence !== undefined &&
      mark[0] === fence[0] &&
      mark.length >= fence.length &&
      line.trim() === mark;
    if (closes) fence = undefined;
    else if (mark !== undefined && fence === undefined) fence = mark;
    if (fence !== undefined || closes || !line.includes("{")) return;
    if (line.includes("\u0000")) return;
    const outside = line.replace(/(`+)[\s\S]*?\1/g, (code) => " ".repeat(code.length));
    for (const match of outside.matchAll(TEMPLATE_TAG))
      if (ours(match[0])) left.push({ line: bodyLine + index, tag: match[0] });
  });
  return left;
}

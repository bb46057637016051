/**
 * The template calls of a text as its generator runs them: each Nunjucks or
 * Liquid tag (`{% image "x.jpg", "alt" %}`, `{% include "toc.njk" %}`), a
 * paired one with all it holds up to its end tag (`{% asideInfo %}…{%
 * endasideInfo %}`, an `{% if %}` block), and each output (`{{
 * personal.email }}`), outside code and `{% raw %}` blocks, which show what
 * they hold as written. A call inside another's block is part of that one:
 * what the generator made of the outer call holds it. Hugo's shortcodes
 * (`{{< box info >}}…{{< /box >}}`, `{{% note %}}`) are found alike. Found
 * here so that the generator can be asked what each one gave
 * (eleventy-output.ts, hugo-output.ts).
 */
import { proseOf } from "../content/template-tags.ts";

export interface TemplateCall {
  /** Where it is in the body: from its first `{` to just after its last `}`. */
  start: number;
  end: number;
  /** Its line in the source file. */
  line: number;
  /** What messages name it by: the tag's name (`image`, `include`), or the output as written (`{{ personal.email }}`). */
  name: string;
  /** The call as written, shortened for a message. */
  shown: string;
}

/** A tag or an output; `{# … #}` comments are the author's notes to themselves, left as they are. */
const TAG = /\{%-?\s*([A-Za-z_][\w.]*)[\s\S]*?-?%\}|\{\{-?[\s\S]*?-?\}\}/g;

/** Liquid's and Nunjucks's tags that stand between a block's opening and its end, and are part of it. */
const MIDDLE = new Set(["else", "elif", "elseif", "elsif", "when", "case", "empty"]);

/** The calls of `body`, in order; `bodyLine` is the body's first line in the file. */
export function templateCalls(body: string, bodyLine: number): TemplateCall[] {
  if (!body.includes("{")) return [];
  const prose = proseOf(body);
  const tags = [...prose.matchAll(TAG)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    name: match[1] as string | undefined,
  }));
  // A name is a block's where its end tag follows somewhere: `{% asideInfo %}` has `{% endasideInfo %}`, `{% image %}` none.
  const ends = new Set(tags.flatMap((tag) => (tag.name?.startsWith("end") ? [tag.name.slice(3)] : [])));
  const calls: TemplateCall[] = [];
  const open: { name: string; start: number }[] = [];
  const lineOf = (offset: number) => bodyLine + (body.slice(0, offset).match(/\n/g)?.length ?? 0);
  const add = (start: number, end: number, name: string) => {
    const written = body.slice(start, end);
    calls.push({
      start,
      end,
      line: lineOf(start),
      name,
      shown: written.length > 60 ? `${written.slice(0, 57).replace(/\s+/g, " ")}…` : written,
    });
  };
  for (const tag of tags) {
    const name = tag.name;
    if (name === undefined) {
      if (open.length === 0) add(tag.start, tag.end, body.slice(tag.start, tag.end).replace(/\s+/g, " "));
      continue;
    }
    if (name.startsWith("end") && open.at(-1)?.name === name.slice(3)) {
      const block = open.pop()!;
      if (open.length === 0) add(block.start, tag.end, block.name);
      continue;
    }
    // An end tag with no opening, or `{% else %}` outside a block: not a call of its own, left as written.
    if (name.startsWith("end") || MIDDLE.has(name)) continue;
    // `{% set x %}…{% endset %}` captures a block; `{% set x = 1 %}` has no end of its own.
    const block = ends.has(name) && !(name === "set" && /=/.test(prose.slice(tag.start, tag.end)));
    if (block) open.push({ name, start: tag.start });
    else if (open.length === 0) add(tag.start, tag.end, name);
  }
  return calls;
}

/** A Hugo shortcode: `{{< name … >}}` or `{{% name … %}}`, its closing tag (`{{< /name >}}`) or one that closes itself (`/>}}`). */
const SHORTCODE = /\{\{([<%])\s*(\/?)\s*([\w./-]+)[\s\S]*?([<%]|\/)?\s*[>%]\}\}/g;
/** What the import converts itself (convert.ts): Markdown of its own, nothing of the site's to ask for. */
const CONVERTED = new Set(["highlight", "figure", "ref", "relref"]);

/** The shortcodes of a Hugo text, a paired one with all it holds, less those the import converts itself. */
export function hugoCalls(body: string, bodyLine: number): TemplateCall[] {
  if (!body.includes("{{")) return [];
  const prose = proseOf(body);
  const found = [...prose.matchAll(SHORTCODE)].filter((match) => !match[0].startsWith("{{</*"));
  const closed = new Set(found.filter((match) => match[2] === "/").map((match) => match[3]));
  const calls: TemplateCall[] = [];
  const open: { name: string; start: number }[] = [];
  for (const match of found) {
    const [written, , closing, name] = match;
    const start = match.index;
    const end = start + written.length;
    if (closing) {
      if (open.at(-1)?.name !== name) continue;
      const block = open.pop()!;
      if (open.length === 0 && !CONVERTED.has(name))
        calls.push(callAt(body, bodyLine, block.start, end, name));
      continue;
    }
    if (closed.has(name) && !/\/\s*[>%]\}\}$/.test(written)) open.push({ name, start });
    else if (open.length === 0 && !CONVERTED.has(name)) calls.push(callAt(body, bodyLine, start, end, name));
  }
  return calls;
}

/** A call written at `start`…`end` of a text whose first line is `bodyLine`, as the report names it. */
export function callAt(
  body: string,
  bodyLine: number,
  start: number,
  end: number,
  name: string,
): TemplateCall {
  const written = body.slice(start, end);
  return {
    start,
    end,
    line: bodyLine + (body.slice(0, start).match(/\n/g)?.length ?? 0),
    name,
    shown: written.length > 60 ? `${written.slice(0, 57).replace(/\s+/g, " ")}…` : written,
  };
}

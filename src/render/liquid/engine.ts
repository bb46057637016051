/**
 * A Jekyll page's Liquid, run as Jekyll runs it before Markdown reads the
 * text: by LiquidJS in its Jekyll mode (`{% include note.html text="x" %}`
 * passes `include.text`; a file name is written bare), with Jekyll's filters
 * (filters.ts) and tags (`post_url`, `link`, `highlight`), `site` and `page`
 * (site.ts). Code is no exception, as in Jekyll (that is what `{% raw %}` is
 * for); a `highlight` block's output is a fenced block of its language, so
 * that the page and its Markdown both show it as code.
 *
 * Sandboxed: an include is looked up among the site's includes, read before
 * the build renders (src/content/jekyll-files.ts), and nowhere else; no tag
 * reads a file or the network; a page's Liquid is bounded in the text it
 * parses, the time it renders for and the memory it makes, so that no page
 * can hang or swamp a build.
 *
 * What cannot run (a plugin's tag, `{% youtube x %}`; an include the site
 * does not have; a tag that does not parse) is shown as written, with a
 * warning at its line, and the rest of the page still runs: such tags are
 * set aside, all that one run finds, and the text run again.
 */
import {
  Context,
  Liquid,
  Tag,
  TokenKind,
  type Emitter,
  type Parser,
  type TagToken,
  type TopLevelToken,
} from "liquidjs";
import type { MarkdownWarning } from "../markdown/warnings.ts";
import {
  absoluteUrl,
  asJekyllPrints,
  atBuildTime,
  firstSample,
  markdownify,
  relativeUrl,
  withSizes,
} from "./filters.ts";
import { Highlight } from "./highlight-tag.ts";
import type { LiquidSite } from "./site.ts";

export interface LiquidRun {
  /** The text Liquid made, for Markdown to read. */
  body: string;
  /** What could not run, each at its line of the text. */
  warnings: MarkdownWarning[];
  /** Each `post_url` and `link` tag with the URL it stood for ("" for none). */
  named: [tag: string, url: string][];
  /** The line of the text a line of `body` came from: a line an include or a loop made is its tag's. */
  lineOf(line: number): number;
}

/** The bounds of one page's run (LiquidJS's DoS limits): characters parsed, milliseconds rendering, objects made. */
const LIMITS = { parseLimit: 4_000_000, renderLimit: 2_000, memoryLimit: 10_000_000 };
/** Tags set aside, and runs, before a page is left as written: a page with more is no Jekyll page (a run finds every tag that does not parse, then every one that does not render). */
const MAX_SET_ASIDE = 200;
const MAX_RUNS = 5;
/** A tag set aside, kept in the text by its number; its line breaks too, so that the lines after it stay where they were. */
const SET_ASIDE = /\u0000(\d+)(\n*)\u0000/g;

/** The run in progress: tags report into it. A render is synchronous, so one at a time runs in a thread. */
let running:
  | {
      source: string;
      site: SiteAddresses;
      warnings: MarkdownWarning[];
      named: [string, string][];
      line?: number;
    }
  | undefined;

/** The site's origin, and the URL a `post_url` or `link` tag names (src/render/liquid/links.ts), or undefined when it names nothing the site publishes. */
export interface SiteAddresses {
  origin: string;
  urlOf(tag: string): string | undefined;
}

export function runLiquid(
  body: string,
  page: Record<string, unknown>,
  liquid: LiquidSite,
  site: SiteAddresses,
): LiquidRun {
  const engine = engineFor(liquid, site.origin);
  const warnings: MarkdownWarning[] = [];
  const named: [string, string][] = [];
  const setAside: string[] = [];
  let source = body;
  for (let runs = 1; ; runs++) {
    running = { source, site, warnings: [], named: [] };
    try {
      const { output, lineOf } = rendered(engine, source, { site: liquid.site, page });
      warnings.push(...running.warnings);
      named.push(...running.named);
      return {
        body: output.replace(SET_ASIDE, (_all, index: string) => setAside[Number(index)]),
        warnings: sorted(warnings),
        named,
        lineOf,
      };
    } catch (error) {
      const faults = (error as { errors?: unknown[] }).errors ?? [error];
      const failed = faults.map((fault) => failedTag(fault, source));
      const unplaced = failed.indexOf(undefined);
      if (unplaced !== -1 || runs >= MAX_RUNS || setAside.length + failed.length > MAX_SET_ASIDE) {
        const first = failed.find((each) => each !== undefined);
        warnings.push({
          kind: "template-tag",
          line: first ? lineAt(source, first.start) : 1,
          message: `Liquid cannot run this page (${reason(faults[Math.max(unplaced, 0)])}): shown as written`,
          hint: HINT,
        });
        return { body, warnings: sorted(warnings), named: [], lineOf: (line) => line };
      }
      // Last first, so that each earlier one is where it was; one tag is set aside once, whatever found it.
      const spans = [
        ...new Map(
          (failed as NonNullable<(typeof failed)[number]>[]).map((each) => [each.start, each]),
        ).values(),
      ].sort((a, b) => b.start - a.start);
      for (const span of spans.filter((each, index) => index === 0 || each.end <= spans[index - 1].start)) {
        const tag = source.slice(span.start, span.end);
        warnings.push({
          kind: "template-tag",
          line: lineAt(source, span.start),
          message: `\`${shortened(restored(tag, setAside))}\` cannot run (${span.why}): shown as written`,
          hint: HINT,
        });
        source = `${source.slice(0, span.start)}\u0000${setAside.length}${"\n".repeat(tag.split("\n").length - 1)}\u0000${source.slice(span.end)}`;
        setAside.push(tag);
      }
    } finally {
      running = undefined;
    }
  }
}

/**
 * The text rendered a part at a time, in one context (what `assign` sets
 * holds for the rest), with where each part came from: a part of plain text
 * is its own lines, what a tag or an output made is the tag's line. Links
 * and warnings Markdown finds in what Liquid made are told at the line the
 * author wrote.
 */
function rendered(
  engine: Liquid,
  source: string,
  scope: object,
): { output: string; lineOf: (line: number) => number } {
  const context = new Context(scope, engine.options, { sync: true }, { liquid: engine });
  const parts: { from: number; line: number; text: boolean }[] = [];
  const faults: unknown[] = [];
  const lineOfSource = lineCounter(source);
  let output = "";
  let lines = 1;
  for (const template of engine.parse(source)) {
    const token = (template as { token?: { kind: number; begin: number } }).token;
    if (token)
      parts.push({ from: lines, line: lineOfSource(token.begin), text: token.kind === TokenKind.HTML });
    let made = "";
    try {
      made = engine.renderSync([template], context);
    } catch (error) {
      // Every part that cannot render is found in one run (LiquidJS collects a part's own, `catchAllErrors`).
      faults.push(...((error as { errors?: unknown[] }).errors ?? [error]));
    }
    output += made;
    for (let at = made.indexOf("\n"); at !== -1; at = made.indexOf("\n", at + 1)) lines++;
  }
  if (faults.length > 0)
    throw Object.assign(new Error(`${faults.length} parts cannot render`), { errors: faults });
  return {
    output,
    lineOf: (line) => {
      // The last part starting at or before the line: parts are in the order of their lines (a page may have thousands of findings).
      let low = 0;
      let high = parts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (parts[middle].from <= line) low = middle;
        else high = middle - 1;
      }
      const part = parts[low];
      return part === undefined || part.from > line
        ? line
        : part.text
          ? part.line + line - part.from
          : part.line;
    },
  };
}

const HINT =
  "write what it stands for in Markdown or HTML, put the include it names in content/_includes/, or wrap it in {% raw %} … {% endraw %} to show it as written";

/** The tag that stopped a run, as it stands in the text, and why; undefined when the fault is nowhere in the text. */
function failedTag(error: unknown, source: string): { start: number; end: number; why: string } | undefined {
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
function reason(error: unknown): string {
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

function restored(text: string, setAside: string[]): string {
  return text.replace(SET_ASIDE, (_all, index: string) => setAside[Number(index)]);
}

function shortened(tag: string): string {
  const line = tag.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

function sorted(warnings: MarkdownWarning[]): MarkdownWarning[] {
  return warnings.sort((a, b) => a.line - b.line);
}

/** The line of each offset of a text, asked in increasing order: counted once through the text, not from its start for each. */
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (
      let next = text.indexOf("\n", at);
      next !== -1 && next < offset;
      next = text.indexOf("\n", next + 1)
    ) {
      line++;
      at = next + 1;
    }
    return line;
  };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1))
    line++;
  return line;
}

/** The line a tag reports at: its own in the page's text, or that of the include it runs in. */
function lineOf(token: TagToken): number {
  if (!running) return 1;
  return token.input === running.source ? lineAt(running.source, token.begin) : (running.line ?? 1);
}

let engine: { key: string; liquid: Liquid } | undefined;

/** The engine of a site's Liquid, made once a thread for its includes (a worker makes its own). */
function engineFor(site: LiquidSite, origin: string): Liquid {
  const key = `${site.fingerprint}\0${origin}`;
  if (engine?.key === key) return engine.liquid;
  const liquid = new Liquid({
    // The includes, in memory: no tag can reach the file system.
    templates: site.includes,
    relativeReference: false,
    jekyllInclude: true,
    dynamicPartials: false,
    jekyllWhere: true,
    strictFilters: false,
    strictVariables: false,
    ownPropertyOnly: true,
    // Every tag that does not parse is found in one run, not one a run.
    catchAllErrors: true,
    // Dates as UTC, the same on every machine: Jekyll's are in the building machine's zone, or _config.yml's `timezone`.
    timezoneOffset: 0,
    // Month and day names in English, as Ruby's strftime writes them for Jekyll, whatever the machine's locale (LiquidJS takes its names from it).
    locale: "en-US",
    // What an output prints as it is, a time above all, as Jekyll prints it (LiquidJS applies this after an output's own filters).
    outputEscape: asJekyllPrints,
    cache: true,
    ...LIMITS,
  });
  liquid.registerFilter("relative_url", relativeUrl);
  liquid.registerFilter("absolute_url", absoluteUrl(origin));
  liquid.registerFilter("markdownify", markdownify);
  for (const name of ["group_by", "group_by_exp"])
    liquid.registerFilter(name, withSizes(liquid.filters[name] as Parameters<typeof withSizes>[0]));
  for (const name of ["date", "date_to_xmlschema", "date_to_rfc822", "date_to_string", "date_to_long_string"])
    liquid.registerFilter(name, atBuildTime(liquid.filters[name] as Parameters<typeof atBuildTime>[0]));
  liquid.registerFilter("sample", firstSample);
  liquid.registerTag("post_url", linkTag("post_url"));
  liquid.registerTag("link", linkTag("link"));
  liquid.registerTag("highlight", Highlight);
  liquid.registerTag("include", located(liquid.tags.include as TagClass));
  engine = { key, liquid };
  return liquid;
}

/** Jekyll's `{% post_url name %}` and `{% link path %}`: the URL the page they name has here (src/render/liquid/links.ts), or the tag as written and a warning. */
function linkTag(kind: "post_url" | "link") {
  return class extends Tag {
    render(_context: Context, emitter: Emitter): void {
      const written = this.token.getText();
      const tag = `{% ${kind} ${this.token.args.trim()} %}`;
      const url = running?.site.urlOf(tag);
      running?.named.push([tag, url ?? ""]);
      if (url !== undefined) return emitter.write(url);
      running?.warnings.push({
        kind: "broken-link",
        line: lineOf(this.token),
        target: tag,
        message: `\`${written}\` names nothing the site publishes: shown as written`,
        hint:
          kind === "post_url"
            ? "name a post of content/blog/ by its file's name without the extension (`2010-07-21-name`), or write its URL, /blog/<slug>/"
            : "name a page of content/pages/ (`about.md`) or a file of content/static/ by its path, or write its URL",
      });
      emitter.write(written);
    }
  };
}

/** A tag class as LiquidJS registers one. */
type TagClass = new (token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) => Tag;

/** An include that says where it stands: a tag inside it reports at the include's line, and a fault inside it is the include's. */
function located(Include: TagClass): TagClass {
  const render = Include.prototype.render as (
    this: Tag,
    context: Context,
    emitter: Emitter,
  ) => Generator<unknown, unknown, unknown>;
  return class extends Include {
    *render(context: Context, emitter: Emitter): Generator<unknown, unknown, unknown> {
      const outermost = running !== undefined && this.token.input === running.source;
      if (outermost) running!.line = lineAt(running!.source, this.token.begin);
      try {
        return yield* render.call(this, context, emitter);
      } catch (error) {
        // Thrown as no LiquidJS error, so that LiquidJS puts this tag's place on it, up to the page's own include.
        throw new Error(reason(error));
      } finally {
        if (outermost) running!.line = undefined;
      }
    }
  };
}

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
 * set aside, all that one run finds, and the text run again. What such a
 * tag is and why it fails is src/render/liquid/failed-tags.ts's; the line of
 * the text each part of the output came from, src/render/liquid/source-lines.ts's.
 */
import {
  Liquid,
  Tag,
  type Context,
  type Emitter,
  type Parser,
  type TagToken,
  type TopLevelToken,
} from "liquidjs";
import type { MarkdownWarning } from "../markdown/warnings.ts";
import { FILTER_COMMA_HINT, filterCommaMessage, filterCommas } from "../../content/liquid-filter-commas.ts";
import {
  BACKSLASH_HINT,
  backslashMessage,
  rubyStrings,
  unusedCharacter,
} from "../../content/liquid-string-backslashes.ts";
import {
  absoluteUrl,
  asJekyllPrints,
  atBuildTime,
  firstSample,
  markdownify,
  relativeUrl,
  withSizes,
} from "./filters.ts";
import { failedTag, HINT, reason, shortened } from "./failed-tags.ts";
import { Highlight } from "./highlight-tag.ts";
import { laxCapture } from "./capture-tag.ts";
import { rubyReplace } from "./ruby-replace.ts";
import type { LiquidSite } from "./site.ts";
import { lineAt } from "../../text/lines.ts";
import { rendered } from "./source-lines.ts";

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
  // Read as Jekyll's Liquid reads it, each told at its line: a comma right after a filter's name, a backslash in a string.
  const lax = filterCommas(body);
  // The text as written, kept beside `source` a character for a character (a backslash added to `source` is a mark here): a tag set aside is shown as written.
  const mark = unusedCharacter(body);
  const marked = rubyStrings(body, mark);
  for (const { line, written } of lax.found)
    warnings.push({
      kind: "lax-liquid",
      line,
      message: filterCommaMessage(written),
      hint: FILTER_COMMA_HINT,
    });
  for (const { line, written } of marked.found)
    warnings.push({ kind: "lax-liquid", line, message: backslashMessage(written), hint: BACKSLASH_HINT });
  let source = rubyStrings(lax.text).text;
  let written = marked.text;
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
        const tag = written.slice(span.start, span.end).replaceAll(mark, "");
        warnings.push({
          kind: "template-tag",
          line: lineAt(source, span.start),
          message: `\`${shortened(restored(tag, setAside))}\` cannot run (${span.why}): shown as written`,
          hint: HINT,
        });
        const kept = `\u0000${setAside.length}${"\n".repeat(tag.split("\n").length - 1)}\u0000`;
        source = `${source.slice(0, span.start)}${kept}${source.slice(span.end)}`;
        written = `${written.slice(0, span.start)}${kept}${written.slice(span.end)}`;
        setAside.push(tag);
      }
    } finally {
      running = undefined;
    }
  }
}

function restored(text: string, setAside: string[]): string {
  return text.replace(SET_ASIDE, (_all, index: string) => setAside[Number(index)]);
}

function sorted(warnings: MarkdownWarning[]): MarkdownWarning[] {
  return warnings.sort((a, b) => a.line - b.line);
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
  liquid.registerFilter(
    "replace",
    rubyReplace(liquid.filters.replace as Parameters<typeof rubyReplace>[0], true),
  );
  liquid.registerFilter(
    "replace_first",
    rubyReplace(liquid.filters.replace_first as Parameters<typeof rubyReplace>[0], false),
  );
  liquid.registerTag("post_url", linkTag("post_url"));
  liquid.registerTag("link", linkTag("link"));
  liquid.registerTag("highlight", Highlight);
  liquid.registerTag("capture", laxCapture(liquid.tags.capture as TagClass));
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

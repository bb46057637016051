/**
 * Headings' ids before and after the move. The source generators make a
 * heading's id from its words keeping every script (kramdown's, goldmark's,
 * github-slugger's and markdown-it-anchor's ids are all lowercase words of
 * letters, marks and digits joined by hyphens, a repeat numbered `-1`,
 * `-2`…); sitegen spells them as site.yaml's `markdown.heading_ids` says,
 * which the import sets to the generator's own (`headingIdsOf`), so most
 * links keep their fragment. A link to an id spelled another way
 * (`#قائمة-تحقّق` under kramdown's transliteration) then points at the id
 * the heading has now.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { HeadingIdStyle } from "../content/types.ts";
import { findEleventyConfig } from "./eleventy-config.ts";
import { HUGO_CONFIGS } from "./hugo-config.ts";
import { JEKYLL_CONFIGS } from "./jekyll.ts";
import { headingIdMaker } from "../render/markdown/heading-ids.ts";
import type { Generator } from "./model.ts";
import { maskCode } from "./code.ts";

export interface Anchors {
  /** The ids the headings have in sitegen. */
  ids: Set<string>;
  /** Sitegen's id by the id the source generator gave the heading (decoded). */
  byOld: Map<string, string>;
}

/**
 * How the build spells heading ids for a site moved from `generator` at
 * `root`: as the generator did, read from its configuration, never run.
 * Jekyll's kramdown reads GFM unless `kramdown: { input: kramdown }`; Hugo's
 * goldmark spells ids as `autoHeadingIDType` says (`github` by default);
 * Eleventy makes ids only where a plugin does: markdown-it-anchor's own
 * spelling, or, with Eleventy's `slugify` filter (eleventy-base-blog's
 * `IdAttributePlugin`, or markdown-it-anchor given the filter), the one
 * nearest it, sitegen's. Astro's are GitHub's, the default; so are those of
 * an Eleventy site that makes none.
 */
export function headingIdsOf(generator: Generator, root: string): HeadingIdStyle | undefined {
  if (generator === "jekyll")
    return /^kramdown:[ \t]*\n(?:[ \t]+.*\n|[ \t]*\n)*?[ \t]+input:[ \t]*["']?kramdown["']?[ \t]*$/m.test(
      configText(root, JEKYLL_CONFIGS),
    )
      ? "kramdown"
      : "jekyll";
  if (generator === "hugo") {
    const type = /autoHeadingIDType["']?[ \t]*[=:][ \t]*["']?([\w-]+)/i
      .exec(
        configText(root, [
          ...HUGO_CONFIGS,
          ...HUGO_CONFIGS.map((name) => `config/_default/${name}`),
          "config/_default/markup.toml",
          "config/_default/markup.yaml",
        ]),
      )?.[1]
      .toLowerCase();
    return type === "github-ascii" ? "hugo-ascii" : type === "blackfriday" ? "blackfriday" : "hugo";
  }
  if (generator === "eleventy") {
    // The configuration where Eleventy finds it: at the root, or where package.json's scripts name it.
    const found = findEleventyConfig(root).file;
    const config = found ? readFileSync(found, "utf8") : "";
    if (/IdAttributePlugin|slugify/.test(config)) return "ascii";
    return /markdown-it-anchor/.test(config) ? "eleventy" : undefined;
  }
  return undefined;
}

/** The text of the configuration files of `names` there are at `root`, one after another. */
function configText(root: string, names: readonly string[]): string {
  return names
    .map((name) => join(root, name))
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path, "utf8"))
    .join("\n");
}

export function anchorsOf(body: string, lang: string | undefined, style?: HeadingIdStyle): Anchors {
  const anchors: Anchors = { ids: new Set(), byOld: new Map() };
  const seenOld = new Map<string, number>();
  const found = headings(body);
  const explicitOf = (heading: (typeof found)[number]) =>
    heading.id === undefined ? undefined : readableId(heading.id) || undefined;
  const maker = headingIdMaker(style, lang);
  for (const heading of found) if (explicitOf(heading)) maker.take(explicitOf(heading)!);
  for (const heading of found) {
    const id =
      explicitOf(heading) ??
      maker.next({ parts: [{ text: heading.text, kind: "text" }], source: heading.source }) ??
      maker.fallback();
    anchors.ids.add(id);
    // As written, and transliterated (kramdown's `transliterated_header_ids`: `ü` as `u`).
    for (const old of new Set([
      generatorId(heading.text),
      generatorId(heading.text.normalize("NFKD").replace(/\p{M}+/gu, "")),
    ])) {
      const repeats = seenOld.get(old) ?? 0;
      seenOld.set(old, repeats + 1);
      const key = repeats > 0 ? `${old}-${repeats}` : old;
      if (!anchors.byOld.has(key)) anchors.byOld.set(key, id);
    }
    if (heading.written) anchors.byOld.set(heading.written, id);
  }
  // An id a kramdown attribute gives another element (`[#](#signal){:#signal}`), which the build applies too: a fragment may name it.
  for (const match of maskCode(body).matchAll(/\{:\s*#([\p{L}\p{N}_:-]+)[^}\n]*\}/gu))
    anchors.ids.add(match[1]);
  return anchors;
}

/** What a fragment of a link to this text should be now, decoded: the id it names, the heading's new id, or undefined when it names no heading. */
export function fragmentIn(anchors: Anchors, fragment: string): string | undefined {
  let decoded = fragment;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    // as written
  }
  // Decoded: the link is written again with it encoded (links.ts), and `%CE%B5-greedy` must not become `%25CE%25B5-greedy`.
  if (anchors.ids.has(decoded)) return decoded;
  return anchors.byOld.get(decoded) ?? anchors.byOld.get(decoded.toLowerCase());
}

/**
 * A heading's own id as sitegen reads one (letters, digits, `_`, `:` and
 * `-`): the source generators took others too (`{#قائمة-تحقّق}`, whose
 * shadda is a combining mark), which sitegen would show as text.
 */
export function readableId(id: string): string {
  return id.normalize("NFC").replace(/[^\p{L}\p{N}_:-]/gu, "");
}

/** A text with each heading's own id made one sitegen reads (`readableId`). */
export function readableHeadingIds(body: string): string {
  const masked = maskCode(body).split("\n");
  return body
    .split("\n")
    .map((line, index) => {
      if ((masked[index].trim() === "" && line.trim() !== "") || !/\{:?\s*#/.test(line)) return line;
      return line.replace(
        /(\{:?\s*#)([^\s}]+)([^}]*\}\s*)$/,
        (all, open: string, id: string, close: string) =>
          readableId(id) === id || readableId(id) === "" ? all : `${open}${readableId(id)}${close}`,
      );
    })
    .join("\n");
}

/** The id the source generators give a heading: its words lowercased, punctuation dropped, spaces as hyphens. */
function generatorId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .trim()
    .replace(/ /g, "-");
}

/** The ATX and setext headings of a Markdown text outside code, each with its words and its explicit id. */
function headings(body: string): { text: string; source: string; id?: string; written?: string }[] {
  const found: { text: string; source: string; id?: string; written?: string }[] = [];
  const lines = body.split("\n");
  const masked = maskCode(body).split("\n");
  lines.forEach((line, index) => {
    // A line of a code block is blank in the masked text.
    if (masked[index].trim() === "" && line.trim() !== "") return;
    const atx = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const setext =
      index + 1 < lines.length &&
      line.trim() !== "" &&
      /^ {0,3}(=+|-+)\s*$/.test(lines[index + 1]) &&
      !/^\s*([-*+]|\d+[.)])\s/.test(line)
        ? line.trim()
        : undefined;
    const written = atx?.[1] ?? setext;
    if (written === undefined) return;
    const id = /\s*\{:?\s*#([^\s}]+)[^}]*\}\s*$/.exec(written);
    const words = written
      .replace(/\s*\{:?[^}]*\}\s*$/, "")
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[*_`~]/g, "")
      .replace(/<[^>]+>/g, "");
    found.push({
      text: words.trim(),
      source: written.replace(/\s*\{:?[^}]*\}\s*$/, ""),
      ...(id ? { id: id[1], written: id[1] } : {}),
    });
  });
  return found;
}

/**
 * Syntax highlighting of fenced code at build time, with highlight.js: the
 * page gets `<span class="hljs-…">` markup styled by the site's stylesheet,
 * and runs no script.
 *
 * One highlight.js instance. A language is loaded the first time a fence
 * names it, so a build pays (in time, and in memory in every render lane)
 * only for the languages its content uses. Some grammars highlight embedded
 * code in other languages (an HTTP message's body, HTML's `<style>`); a
 * language is always registered together with every language its grammar
 * can embed, so a page's markup never depends on which posts a render lane
 * happened to see first.
 *
 * A block is highlighted once, ever: its HTML is kept by its key (this
 * highlighter, its grammar and its code) in memory for the rest of the
 * process, and in the build cache's store across builds (useHighlightStore),
 * so a block seen before neither loads its grammar nor runs it again.
 */
import type { HLJSApi, Language, LanguageFn, Mode } from "highlight.js";
import { createHash } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import { createRequire } from "node:module";
import type { HighlightStore } from "../../write/highlight-store.ts";

const require = createRequire(import.meta.url);

/**
 * The languages a fence may name, by their highlight.js file name or one of
 * the aliases highlight.js gives them (tested to agree): what integration
 * writing shows, from shell sessions and configuration to service code. Any
 * other name is shown as plain text.
 */
export const LANGUAGES: Record<string, string[]> = {
  bash: ["sh", "zsh"],
  c: ["h"],
  cpp: ["cc", "c++", "h++", "hpp", "hh", "hxx", "cxx"],
  csharp: ["cs", "c#"],
  css: [],
  diff: ["patch"],
  dockerfile: ["docker"],
  go: ["golang"],
  graphql: ["gql"],
  groovy: [],
  http: ["https"],
  ini: ["toml"],
  java: ["jsp"],
  javascript: ["js", "jsx", "mjs", "cjs"],
  json: ["jsonc", "json5"],
  kotlin: ["kt", "kts", "ktm", "ktx"],
  makefile: ["mk", "mak", "make"],
  markdown: ["md", "mkdown", "mkd"],
  nginx: ["nginxconf"],
  php: [],
  plaintext: ["text", "txt"],
  powershell: ["pwsh", "ps", "ps1"],
  properties: [],
  protobuf: ["proto"],
  python: ["py", "gyp", "ipython"],
  ruby: ["rb", "gemspec", "podspec", "thor", "irb"],
  rust: ["rs"],
  scala: [],
  shell: ["console", "shellsession"],
  sql: [],
  swift: [],
  typescript: ["ts", "tsx", "mts", "cts"],
  xml: ["html", "xhtml", "rss", "atom", "xjb", "xsd", "xsl", "plist", "wsf", "svg"],
  yaml: ["yml"],
};

/**
 * What an embedded block of unnamed language (an HTTP message's body) is
 * recognised as. Without a list, highlight.js would try every registered
 * language, and the answer would depend on which those are.
 */
const EMBEDDED_AUTODETECT = ["json", "xml"];

const fileOf = new Map(
  Object.entries(LANGUAGES).flatMap(([file, aliases]) =>
    [file, ...aliases].map((name): [string, string] => [name, file]),
  ),
);

let instance: HLJSApi | undefined;

let store: HighlightStore | undefined;

/** Where this thread keeps and finds highlighted blocks across builds from now on; undefined for nowhere. */
export function useHighlightStore(next: HighlightStore | undefined): void {
  store = next;
}

/** Blocks highlighted in this process, by key, up to MEMO_CHARACTERS of HTML: what a large blog repeats stays, memory stays bounded. */
const memo = new Map<string, string>();
const MEMO_CHARACTERS = 8_000_000;
let memoCharacters = 0;

/**
 * Where each block's HTML came from, published as it is given (Node's
 * diagnostics_channel: nothing is made unless something subscribes): a test
 * sees which blocks the highlighter ran on.
 */
export const HIGHLIGHT_EVENTS = channel("sitegen:highlight");

export interface HighlightEvent {
  /** The grammar's file name. */
  language: string;
  from: "memory" | "store" | "highlighter";
}

/**
 * The HTML of `code` highlighted as `language` (a fence's info word), or
 * undefined when the language is not one of `LANGUAGES`: the caller shows it
 * escaped, as plain text.
 */
export function highlightCode(code: string, language: string): string | undefined {
  const file = fileOf.get(language.toLowerCase());
  if (file === undefined) return undefined;
  const key = blockKey(file, code);
  let from: HighlightEvent["from"] = "memory";
  let html = memo.get(key);
  if (html === undefined) {
    from = "store";
    html = store?.get(key, code);
    if (html === undefined) {
      from = "highlighter";
      // ignoreIllegals: the code in a post need not be valid; highlight what can be, never fail the build.
      html = register(file).highlight(code, { language: file, ignoreIllegals: true }).value;
      store?.put(key, html);
    }
    if (memoCharacters + html.length <= MEMO_CHARACTERS) {
      memo.set(key, html);
      memoCharacters += html.length;
    }
  }
  if (HIGHLIGHT_EVENTS.hasSubscribers)
    HIGHLIGHT_EVENTS.publish({ language: file, from } satisfies HighlightEvent);
  return html;
}

/** A block's key: its grammar and its code, hashed into a file name. A store holds one highlighter's blocks (`highlighterId`). */
function blockKey(file: string, code: string): string {
  return createHash("sha256").update(file).update("\0").update(code).digest("base64url");
}

let id: string | undefined;

/**
 * This highlighter: highlight.js's version, the languages it is given and
 * the code here that calls it. Another of any of them may highlight a block
 * otherwise, so nothing kept by an earlier one is used.
 */
export function highlighterId(): string {
  if (id !== undefined) return id;
  const version = (require("highlight.js/package.json") as { version: string }).version;
  const code = [highlightCode, register, embeddedLanguages].map(String).join("\n");
  return (id = createHash("sha256")
    .update(`highlight.js@${version}\0${JSON.stringify(LANGUAGES)}\0${EMBEDDED_AUTODETECT.join()}\0${code}`)
    .digest("base64url")
    .slice(0, 22));
}

/** The instance, with `file` and every language it can embed registered. */
function register(file: string): HLJSApi {
  if (!instance) {
    // A private instance: nothing else in the process can register languages into it.
    instance = (require("highlight.js/lib/core") as HLJSApi).newInstance();
    instance.configure({ languages: EMBEDDED_AUTODETECT });
  }
  const hljs = instance;
  if (hljs.getLanguage(file)) return hljs;
  hljs.registerLanguage(file, require(`highlight.js/lib/languages/${file}`) as LanguageFn);
  for (const embedded of embeddedLanguages(hljs.getLanguage(file)!)) {
    const dependency = fileOf.get(embedded);
    if (dependency !== undefined) register(dependency);
  }
  return hljs;
}

/** The languages a grammar's modes highlight embedded code in (`subLanguage`; an empty list means autodetection). */
function embeddedLanguages(grammar: Language): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const walk = (mode: Mode | Language | string | undefined | null): void => {
    if (!mode || typeof mode !== "object" || seen.has(mode)) return;
    seen.add(mode);
    const sub = (mode as Mode).subLanguage;
    if (typeof sub === "string") found.add(sub);
    else if (Array.isArray(sub))
      for (const name of sub.length > 0 ? sub : EMBEDDED_AUTODETECT) found.add(name);
    for (const child of [
      ...((mode as Mode).contains ?? []),
      ...((mode as Mode).variants ?? []),
      (mode as Mode).starts,
    ])
      walk(child as Mode);
  };
  walk(grammar);
  return found;
}

/**
 * Syntax highlighting of fenced code at build time, with highlight.js: the
 * page gets `<span class="hljs-…">` markup styled by the site's stylesheet,
 * and runs no script.
 *
 * One highlight.js instance with a fixed set of languages, registered all at
 * once on the first fence: some grammars highlight embedded code in whichever
 * languages are registered (an HTTP message's body, HTML's `<style>`), so
 * registering languages as fences name them would make a page's markup depend
 * on which posts a render lane happened to see first. Commands that render no
 * Markdown never load it.
 */
import type { HLJSApi } from "highlight.js";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * The languages a fence may name (by these names or their aliases, such as
 * `sh`, `yml`, `js`, `ts`, `py`, `html`): what integration writing shows, from
 * shell sessions and configuration to service code. Any other name is shown
 * as plain text.
 */
export const LANGUAGES = [
  "bash", "c", "cpp", "csharp", "css", "diff", "dockerfile", "go", "graphql", "groovy", "http", "ini", "java", "javascript",
  "json", "kotlin", "makefile", "markdown", "nginx", "php", "plaintext", "powershell", "properties", "protobuf", "python",
  "ruby", "rust", "scala", "shell", "sql", "swift", "typescript", "xml", "yaml",
] as const;

/**
 * What an HTTP message's body is recognised as. Without a list, highlight.js
 * would try every registered language on every body.
 */
const EMBEDDED_AUTODETECT = ["json", "xml"];

let instance: HLJSApi | undefined;

function highlighter(): HLJSApi {
  if (!instance) {
    // A private instance: nothing else in the process can register languages into it.
    const hljs = (require("highlight.js/lib/core") as HLJSApi).newInstance();
    for (const name of LANGUAGES) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));
    hljs.configure({ languages: EMBEDDED_AUTODETECT });
    instance = hljs;
  }
  return instance;
}

/**
 * The HTML of `code` highlighted as `language` (a fence's info word), or
 * undefined when highlight.js does not know the language: the caller shows
 * it escaped, as plain text.
 */
export function highlightCode(code: string, language: string): string | undefined {
  if (language === "") return undefined;
  const hljs = highlighter();
  if (!hljs.getLanguage(language)) return undefined;
  // ignoreIllegals: the code in a post need not be valid; highlight what can be, never fail the build.
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

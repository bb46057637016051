/**
 * Which of the costly constructs (instance.ts) a post's source may use, by
 * a scan of its text, and the markdown-it instance set up with just those:
 * a post without footnotes, math or attribute lists does not pay for
 * looking for them in every token. Each test is a superset of what its
 * plugin can match, so the HTML is the full chain's byte for byte
 * (test/markdown-constructs.test.ts holds the fixtures to that); a
 * construct whose trigger cannot be scanned for this cheaply and safely
 * stays always on in instance.ts.
 */
import type MarkdownIt from "markdown-it";
import type { RuleCore } from "markdown-it/lib/parser_core.mjs";
import type Token from "markdown-it/lib/token.mjs";
import { mayHoldShortcode } from "./emoji.ts";
import { CONSTRUCTS, markdownWith, md, type Construct } from "./instance.ts";

/**
 * What each construct needs in the source before its plugin can change a
 * token:
 * - autolinks: a link linkify makes is kept only when its text starts with a
 *   scheme (`[a-z][a-z0-9+.-]*:`, a port after a host too) or `www.`
 *   (autolinks.ts), and markdown-it's inline linkify needs `scheme://`.
 * - math: every delimiter starts with `$` or `\`, and the warning of TeX
 *   between single dollars needs a `$`.
 * - footnotes: a reference or a definition is `[^`, an inline note `^[`.
 * - admonitions: an alert's marker is `[!`, a container's fence `:::`.
 * - emoji: the one test the plugin itself runs (emoji.ts).
 * - extensions: kramdown's `{::name`.
 * - attributes: a list is in braces; it runs after escapes and entities are
 *   joined to the text, so `&#123;` and `&lcub;` can make a brace too.
 */
const TESTS: Record<Construct, (source: string) => boolean> = {
  autolinks: (source) => /[a-z0-9+.-]:|www\./i.test(source),
  math: (source) => source.includes("$") || source.includes("\\"),
  footnotes: (source) => source.includes("[^") || source.includes("^["),
  admonitions: (source) => source.includes("[!") || source.includes(":::"),
  emoji: mayHoldShortcode,
  extensions: (source) => source.includes("{::"),
  attributes: (source) => /\{|&#|&lcub;|&lbrace;/i.test(source),
};

/** The constructs `source` may use, in instance.ts's order. */
export function constructsOf(source: string): Construct[] {
  return CONSTRUCTS.filter((construct) => TESTS[construct](source));
}

/**
 * What a link linkify makes and autolinks.ts keeps can begin with: a scheme
 * linkify-it knows (`http:`, `https:`, `ftp:`, `mailto:`), `www.`, or a
 * host's port (`example.com:8080`); its other matches (`README.md`,
 * `//host`) are taken back to text, which the text join makes whole again.
 */
const KEPT_LINK = /(?:https?|ftp|mailto):|www\.|:\d/i;

/**
 * Whether a text token of the parse may hold a link linkify would keep,
 * read where linkify reads them: the links of a post's Markdown (`[a](https://…)`)
 * are no text, so a post whose only URLs are in them needs no linkify.
 */
let mayLink = false;
const probe: RuleCore = (state) => {
  if (mayLink) return;
  for (const token of state.tokens) {
    if (token.type !== "inline" || !token.children) continue;
    for (const child of token.children) {
      if (child.type === "text" && KEPT_LINK.test(child.content)) {
        mayLink = true;
        return;
      }
    }
  }
};

/** Built once per set of constructs (and probe) for the rest of the process: a handful in practice. */
const instances = new Map<string, MarkdownIt>();

function instanceOf(constructs: Construct[], probing: boolean): MarkdownIt {
  const key = `${constructs.join(" ")}${probing ? " probe" : ""}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = markdownWith(new Set(constructs), probing ? probe : undefined);
    // Every instance renders with the full chain's renderer: a rule of a construct left out meets no token of it, and one renderer keeps
    // the lookups of its rules of one shape, where a renderer each made them slower than the plugins left out saved.
    (instance as { renderer: MarkdownIt["renderer"] }).renderer = md.renderer;
    instances.set(key, instance);
  }
  return instance;
}

/**
 * `source` parsed through the instance with only the constructs it may use,
 * with the tokens and HTML of the full chain. A source that may hold a bare
 * URL is parsed first without linkify, the text tokens probed; only when
 * one may hold a link it would keep is it parsed again with linkify. Beside
 * emoji, which skip a link's text before autolinks.ts takes the link back
 * (`example.com/:tada:` shows as written), linkify is on for any source
 * that may link.
 */
export function parseChosen(source: string, env: object): { md: MarkdownIt; tokens: Token[] } {
  const constructs = constructsOf(source);
  if (!constructs.includes("autolinks") || constructs.includes("emoji") || !KEPT_LINK.test(source)) {
    const md = instanceOf(
      constructs.filter(
        (construct) => construct !== "autolinks" || constructs.includes("emoji") || KEPT_LINK.test(source),
      ),
      false,
    );
    return { md, tokens: md.parse(source, env) };
  }
  const without = constructs.filter((construct) => construct !== "autolinks");
  // The first parse writes into a copy of what it is given (its warnings, its footnotes), kept only if it stands.
  const first: Record<string, unknown> = { ...env };
  if (Array.isArray(first.warnings)) first.warnings = [...first.warnings];
  mayLink = false;
  const probed = instanceOf(without, true);
  const tokens = probed.parse(source, first);
  if (!mayLink) {
    Object.assign(env, first);
    return { md: probed, tokens };
  }
  const md = instanceOf(constructs, false);
  return { md, tokens: md.parse(source, env) };
}

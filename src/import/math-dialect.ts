/**
 * Which delimiters a source site's math is written with, for the new site's
 * `markdown.math` (src/render/markdown/math.ts): what the source's own
 * Markdown reader made of them, read from its configuration, never run.
 *
 * - Jekyll: kramdown (its default Markdown), `$$` only.
 * - Hugo: goldmark's passthrough extension where the configuration enables
 *   it, `dollars` where its inline delimiters include `$`, else `latex`;
 *   without it, a site whose layouts (or its theme's) load MathJax or KaTeX
 *   had them read the HTML goldmark made (`mathjax`: the formulas' Markdown
 *   escapes are Markdown's), and one whose layouts load neither had no math
 *   at all (`none`): `\[1\]` is an escaped bracket to goldmark, as it
 *   shows it, not a formula.
 * - Eleventy and Astro: `dollars` where the site depends on a markdown-it
 *   or remark plugin that reads `$…$` (markdown-it-mathjax3,
 *   markdown-it-texmath, markdown-it-katex, remark-math…); `mathjax` where
 *   an Eleventy plugin typesets the HTML after Markdown
 *   (eleventy-plugin-mathjax, eleventy-plugin-katex).
 *
 * Nothing is set where nothing says: the default reads no single `$`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MathDialect } from "../content/types.ts";
import { ASTRO_CONFIGS } from "./astro.ts";
import { ELEVENTY_CONFIGS } from "./eleventy.ts";
import { HUGO_CONFIGS } from "./hugo-config.ts";
import type { Generator } from "./model.ts";

/** Plugins that read `$…$` inline and `$$…$$` display, by their package names. */
const DOLLAR_PLUGINS =
  /["'`](?:markdown-it-mathjax3?|markdown-it-texmath|markdown-it-(?:[a-z-]*-)?katex|@[a-z0-9-]+\/markdown-it-katex|markdown-it-math|@mdit\/plugin-(?:katex|mathjax|tex)(?:-slim)?|remark-math|@vscode\/markdown-it-katex)["'`/]/;

/** Plugins that typeset the HTML Markdown made. */
const HTML_PLUGINS = /["'`]eleventy-plugin-(?:mathjax|katex)["'`/]/;

export function mathDialectOf(generator: Generator, root: string): MathDialect | undefined {
  if (generator === "jekyll") return jekyllMarkdown(root) === "kramdown" ? "kramdown" : undefined;
  if (generator === "hugo")
    return (
      hugoPassthrough(root) ??
      (loadsMath(join(root, "layouts")) || loadsMath(join(root, "themes")) ? "mathjax" : "none")
    );
  const configs = [...(generator === "eleventy" ? ELEVENTY_CONFIGS : ASTRO_CONFIGS), "package.json"].map(
    (name) => textOf(join(root, name)),
  );
  if (configs.some((text) => DOLLAR_PLUGINS.test(text))) return "dollars";
  return configs.some((text) => HTML_PLUGINS.test(text)) ? "mathjax" : undefined;
}

/** Whether a template of `folder` (and its folders) loads MathJax or KaTeX. */
function loadsMath(folder: string): boolean {
  if (!existsSync(folder)) return false;
  return readdirSync(folder, { recursive: true, encoding: "utf8" }).some(
    (name) => name.endsWith(".html") && /mathjax|katex/i.test(textOf(join(folder, name))),
  );
}

/** `markdown:` in _config.yml, kramdown when it says none (Jekyll's default). */
function jekyllMarkdown(root: string): string {
  const config = textOf(join(root, "_config.yml")) || textOf(join(root, "_config.yaml"));
  return /^markdown:\s*["']?([A-Za-z]+)/m.exec(config)?.[1].toLowerCase() ?? "kramdown";
}

/** Goldmark's passthrough, as Hugo's configuration (any of its files and formats) enables it. */
function hugoPassthrough(root: string): MathDialect | undefined {
  const folder = join(root, "config/_default");
  const files = [
    ...HUGO_CONFIGS.map((name) => join(root, name)),
    ...(existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : []),
  ];
  const config = files.map(textOf).join("\n");
  const at = config.search(/passthrough/i);
  if (at === -1) return undefined;
  // Its inline delimiters, in TOML (`inline = [['$', '$']]`), YAML (`- - $`) or JSON (`["$", "$"]`).
  const inline = config.slice(at).match(/inline[\s\S]{0,200}/)?.[0] ?? "";
  return /\[\s*['"]\$['"]\s*,|-\s+-\s+['"]?\$['"]?\s*$/m.test(inline) ? "dollars" : "latex";
}

function textOf(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * Which delimiters a source site's math is written with, for the new site's
 * `markdown.math` (src/render/markdown/math.ts): what the source's own
 * Markdown reader made of them, read from its configuration, never run.
 *
 * - Jekyll: kramdown (its default Markdown), `$$` only.
 * - Hugo: goldmark's passthrough extension where the configuration enables
 *   it, `dollars` where its inline delimiters include `$`, else `latex`.
 * - Eleventy and Astro: `dollars` where the site depends on a markdown-it
 *   or remark plugin that reads `$…$` (markdown-it-mathjax3,
 *   markdown-it-texmath, markdown-it-katex, remark-math…).
 *
 * Nothing is set where nothing says: the default reads no single `$`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MathDialect } from "../content/types.ts";
import { ASTRO_CONFIGS } from "./astro.ts";
import { ELEVENTY_CONFIGS } from "./eleventy.ts";
import { HUGO_CONFIGS } from "./hugo.ts";
import type { Generator } from "./model.ts";

/** Plugins that read `$…$` inline and `$$…$$` display, by their package names. */
const DOLLAR_PLUGINS = /["'`](?:markdown-it-mathjax3?|markdown-it-texmath|markdown-it-(?:[a-z-]*-)?katex|@[a-z0-9-]+\/markdown-it-katex|markdown-it-math|@mdit\/plugin-(?:katex|mathjax|tex)(?:-slim)?|remark-math|@vscode\/markdown-it-katex)["'`/]/;

export function mathDialectOf(generator: Generator, root: string): MathDialect | undefined {
  if (generator === "jekyll") return jekyllMarkdown(root) === "kramdown" ? "kramdown" : undefined;
  if (generator === "hugo") return hugoPassthrough(root);
  const configs = [...(generator === "eleventy" ? ELEVENTY_CONFIGS : ASTRO_CONFIGS), "package.json"];
  return configs.some((name) => DOLLAR_PLUGINS.test(textOf(join(root, name)))) ? "dollars" : undefined;
}

/** `markdown:` in _config.yml, kramdown when it says none (Jekyll's default). */
function jekyllMarkdown(root: string): string {
  const config = textOf(join(root, "_config.yml")) || textOf(join(root, "_config.yaml"));
  return /^markdown:\s*["']?([A-Za-z]+)/m.exec(config)?.[1].toLowerCase() ?? "kramdown";
}

/** Goldmark's passthrough, as Hugo's configuration (any of its files and formats) enables it. */
function hugoPassthrough(root: string): MathDialect | undefined {
  const folder = join(root, "config/_default");
  const files = [...HUGO_CONFIGS.map((name) => join(root, name)), ...(existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : [])];
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

/**
 * TeX math as each generator's authors delimit it, rendered at build time to
 * MathML (src/render/markdown/math.ts): a post with every form
 * (test/fixtures/markdown/math/formulas.md) built by the real CLI on a site
 * that reads `$…$` (`markdown: { math: dollars }`), held to its page (MathML,
 * no delimiter left in the text, no Markdown inside a formula, no style
 * attribute), to its Markdown (the TeX as written) and to its warning (the
 * formula that does not parse, at its line); then each dialect's reading of
 * the same lines, and the themes' stylesheets to every class a formula may
 * carry.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import type { Finding } from "../src/findings.ts";
import { renderMarkdown } from "../src/render/markdown/index.ts";
import { STYLE_CLASSES, withoutStyles } from "../src/render/markdown/math-render.ts";
import type { MathDialect } from "../src/content/types.ts";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { decodeEntities, scratchDir } from "./helpers/site.ts";

const FIXTURE = join(ROOT, "test/fixtures/markdown/math/formulas.md");

const built = (async () => {
  const dir = scratchDir("sitegen-math-");
  const content = join(dir, "content");
  cpSync(join(ROOT, "test/fixtures/sites/kontor"), content, { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  cpSync(FIXTURE, join(content, "blog/formulas.md"));
  appendFileSync(join(content, "site.yaml"), "markdown:\n  math: dollars\n");
  const args = ["--content", content, "--templates", join(dir, "templates")];
  const build = await sitegenHere(["build", ...args, "--out", join(dir, "dist")]);
  const checked = await sitegenHere(["check", ...args, "--dist", join(dir, "none"), "--json"]);
  const page = readFileSync(join(dir, "dist/blog/formulas/index.html"), "utf8");
  return {
    build,
    content,
    findings: JSON.parse(checked.stdout).findings as Finding[],
    article: page.slice(page.indexOf("<article"), page.indexOf("</article>")),
    markdown: readFileSync(join(dir, "dist/blog/formulas.md"), "utf8"),
    llmsFull: readFileSync(join(dir, "dist/llms-full.txt"), "utf8"),
  };
})();

/** What a reader sees as text: the article without its formulas, code and tags. */
const visibleText = (html: string) =>
  decodeEntities(
    html
      .replace(/<math[\s\S]*?<\/math>/g, " ")
      .replace(/<pre[\s\S]*?<\/pre>/g, " ")
      .replace(/<code[\s\S]*?<\/code>/g, " ")
      .replace(/<[^>]+>/g, " "),
  );

test("every form is MathML in the page: no delimiter is left as text, nothing in a formula is Markdown, and no formula writes a style", async () => {
  const { build, article } = await built;
  assert.equal(build.status, 0, build.stderr);
  const formulas = article.match(/<math[\s\S]*?<\/math>/g) ?? [];
  // $…$, \(…\), mid-sentence $$…$$, the aligned $$ block, the \[ block.
  assert.equal(formulas.length, 5);
  assert.equal(
    formulas.filter((formula) => formula.startsWith('<math display="block"')).length,
    3,
    "$$ and \\[ display; $ and \\( inline",
  );
  const text = visibleText(article);
  for (const delimiter of ["$$", "\\(", "\\)", "\\[", "\\]", "\\hat", "\\frac", "\\begin"])
    assert.ok(!text.includes(delimiter), `${delimiter} shows as text`);
  for (const formula of formulas) {
    assert.doesNotMatch(formula, /<(?:em|strong|a|p|li|ul)\b/, "no Markdown inside a formula");
    assert.doesNotMatch(formula, /\sstyle=/, "no style attribute, which the page's policy blocks");
  }
  // `\\` ends a row of the aligned block: two rows, not one line with a backslash.
  const aligned = formulas.find((formula) => formula.includes("<mtable"))!;
  assert.equal(aligned.match(/<mtr>/g)?.length, 2);
  // The first formula's subscripts are subscripts, not emphasis between them.
  assert.match(formulas[0], /<msub><mover><mi>y<\/mi>.*<\/mover><mn>1<\/mn><\/msub>/);
});

test("prices stay prices, and math in code is code", async () => {
  const { article } = await built;
  assert.match(article, /a coffee costs \$5 and a lunch \$10, or \$5-\$10 a day\./);
  assert.match(article, /<code>\$\$x_1\$\$<\/code> and <code>\\\(y\\\)<\/code>/);
  assert.match(article, /<code class="language-tex">\$\$ \\int_0\^1 x\^2 \\, dx \$\$\n<\/code>/);
});

test("the Markdown representation and llms-full.txt keep the TeX as written", async () => {
  const { markdown, llmsFull } = await built;
  const source = readFileSync(FIXTURE, "utf8");
  const body = source.slice(source.indexOf("\n---\n", 4) + 5).trim();
  assert.ok(markdown.includes(body), "the body, every backslash and underscore as written");
  assert.ok(llmsFull.includes(body));
});

test("a formula that does not parse is a warning at its line, shown as written", async () => {
  const { findings, article, content } = await built;
  const math = findings.filter((finding) => finding.kind === "math");
  const line =
    readFileSync(FIXTURE, "utf8")
      .split("\n")
      .findIndex((text) => text.startsWith("A broken one")) + 1;
  assert.deepEqual(
    math.map((finding) => [finding.file?.slice(content.length + 1), finding.line, finding.level]),
    [["blog/formulas.md", line, "warning"]],
  );
  assert.match(math[0].message, /does not parse.*Unexpected end of input/);
  assert.match(article, /A broken one: <code class="math-source">\$\$\\frac\{1\}\{\$\$<\/code> and on\./);
  assert.deepEqual(
    findings.filter((finding) => finding.kind === "csp-blocked"),
    [],
    "a formula brings nothing the policy blocks",
  );
});

/** What `text` renders as in each dialect: each formula as `[inline: tex]` or `[display: tex]`, the rest as text. */
function readAs(math: MathDialect, text: string): string {
  const { html } = renderMarkdown(text, "en", { math });
  return decodeEntities(
    html
      .replace(
        /<math( display="block")?[^>]*>([\s\S]*?)<\/math>/g,
        (_, display: string | undefined, inner: string) =>
          `[${display ? "display" : "inline"}: ${inner.replace(/<[^>]+>/g, "")}]`,
      )
      .replace(/<\/?p>/g, "")
      .trim(),
  );
}

test("each dialect reads the delimiters its generator reads, and a price is never math", () => {
  const cases: [text: string, expected: Record<MathDialect, string>][] = [
    [
      "a $$x_1$$ b",
      {
        kramdown: "a [inline: x1] b",
        latex: "a [inline: x1] b",
        dollars: "a [display: x1] b",
        mathjax: "a [display: x1] b",
        none: "a $$x_1$$ b",
      },
    ],
    [
      "$$\nx_1\n$$",
      {
        kramdown: "[display: x1]",
        latex: "[display: x1]",
        dollars: "[display: x1]",
        mathjax: "[display: x1]",
        none: "$$\nx_1\n$$",
      },
    ],
    [
      "$$ is what it cost\n\nand $$",
      {
        kramdown: "$$ is what it cost\nand $$",
        latex: "$$ is what it cost\nand $$",
        dollars: "$$ is what it cost\nand $$",
        mathjax: "$$ is what it cost\nand $$",
        none: "$$ is what it cost\nand $$",
      },
    ],
    [
      "a \\(x_1\\) b",
      {
        kramdown: "a (x_1) b",
        latex: "a [inline: x1] b",
        dollars: "a [inline: x1] b",
        mathjax: "a (x_1) b",
        none: "a (x_1) b",
      },
    ],
    [
      "a $x_1$ b",
      {
        kramdown: "a $x_1$ b",
        latex: "a $x_1$ b",
        dollars: "a [inline: x1] b",
        mathjax: "a [inline: x1] b",
        none: "a $x_1$ b",
      },
    ],
    [
      "$5 and $10",
      {
        kramdown: "$5 and $10",
        latex: "$5 and $10",
        dollars: "$5 and $10",
        mathjax: "$5 and $10",
        none: "$5 and $10",
      },
    ],
    [
      "costs $5-$10, US$20 or $ 30$",
      {
        kramdown: "costs $5-$10, US$20 or $ 30$",
        latex: "costs $5-$10, US$20 or $ 30$",
        dollars: "costs $5-$10, US$20 or $ 30$",
        mathjax: "costs $5-$10, US$20 or $ 30$",
        none: "costs $5-$10, US$20 or $ 30$",
      },
    ],
    [
      "an escaped \\$x\\$ and \\\\(y)",
      {
        kramdown: "an escaped $x$ and \\(y)",
        latex: "an escaped $x$ and \\(y)",
        dollars: "an escaped $x$ and \\(y)",
        mathjax: "an escaped $x$ and \\(y)",
        none: "an escaped $x$ and \\(y)",
      },
    ],
  ];
  for (const [text, expected] of cases) {
    for (const dialect of Object.keys(expected) as MathDialect[])
      assert.equal(readAs(dialect, text), expected[dialect], `${dialect}: ${JSON.stringify(text)}`);
  }
});

test("a formula its author wrote through Markdown, for MathJax in the browser (a Hugo site without passthrough), is read as Markdown left it", () => {
  // `\_`, `\*` and `\|` were Markdown's escapes, so MathJax saw `_`, `*` and `|`; `\\(` was how `\(` reached the page.
  const text = "the divergence $D\\_{KL}(P \\| Q)$ and \\\\(g^\\*\\_q\\\\) and $$a \\\\\\\\ b$$";
  assert.equal(
    readAs("mathjax", text),
    "the divergence [inline: DKL(P|Q)] and [inline: gq∗] and [display: ab]",
  );
  assert.deepEqual(renderMarkdown(text, "en", { math: "mathjax" }).warnings, []);
  // eleventy-plugin-mathjax's README writes `\\\(` for `\(`, which Markdown makes `\(` too.
  assert.equal(
    readAs("mathjax", "so \\\\\\( \\TeX \\\\\\) and\n\n\\\\\\[ 1 + 1 = 2 \\\\\\]"),
    "so [inline: TEX] and\n[display: 1+1=2]",
  );
  // Read as TeX written for TeX, `\_` is an underscore character and `\(` Markdown's parenthesis.
  assert.equal(readAs("dollars", text).split(" and ")[0], "the divergence [inline: D_KL(P‖Q)]");
});

test("TeX between single dollars on a site that has not chosen its delimiters is text, and the author is told once a page which setting reads it", () => {
  const text =
    "A price of $5 and $10 is text.\n\nThe noise $\\epsilon$ on\nthe parameter $\\theta$ and $x_1$.";
  const { html, warnings } = renderMarkdown(text, "en", {});
  assert.ok(!html.includes("<math"));
  assert.deepEqual(
    warnings.map(({ kind, line }) => [kind, line]),
    [["math-delimiters", 3]],
  );
  assert.match(warnings[0].message, /^`\$\\epsilon\$` reads as TeX between single dollars/);
  assert.match(warnings[0].hint, /markdown: \{ math: dollars \}/);
  assert.deepEqual(
    renderMarkdown("A price of $5 and $10, a word $P$.", "en", {}).warnings,
    [],
    "a price or a letter is not named",
  );
  assert.deepEqual(
    renderMarkdown(text, "en", { math: "kramdown" }).warnings,
    [],
    "a site that chose kramdown's reading chose it",
  );
});

test("a display block opened on a line of its own may hold a blank line, as kramdown's and texmath's do, in a list item too; MathJax after Markdown saw two paragraphs", () => {
  const text = "- a list\n\n  $$\n  \\begin{aligned}\n  a &= b \\\\\n\n  c &= d\n  \\end{aligned}\n  $$";
  for (const dialect of ["kramdown", "latex", "dollars"] as const)
    assert.match(readAs(dialect, text), /^<ul>\n<li>\na list\n\[display: a=bc=d\]\n<\/li>\n<\/ul>$/, dialect);
  assert.ok(!readAs("mathjax", text).includes("[display"));
});

test("a paragraph's line breaks inside a formula are the formula's: kramdown's $$ across lines stays one formula", () => {
  assert.equal(
    readAs("kramdown", "so $$a +\nb_1$$ and\n$$c$$ here"),
    "so [inline: a+b1] and\n[inline: c] here",
  );
});

test("what MathJax reads and Temml alone refuses is read as MathJax reads it: a display environment inline, a command as a subscript, an underscore in text", () => {
  const { html, warnings } = renderMarkdown(
    "so $$t_\\max$$ and $$\\begin{align*} a &= b \\\\ c &= d \\end{align*}$$ hold for $$\\mathcal{L}_\\text{style_fwd}$$",
    "en",
    { math: "kramdown" },
  );
  assert.deepEqual(warnings, []);
  assert.match(html, /<mtext>style_fwd<\/mtext>/);
  assert.match(html, /<msub><mi>t<\/mi><mrow><mi>max<\/mi>/);
  assert.match(html, /<math display="block"[^>]*><mtable/);
});

test("a formula in a heading is a formula in the table of contents too, never its TeX", () => {
  const { html } = renderMarkdown("* TOC\n{:toc}\n\n## Choosing $$\\beta_t$$\n\ntext", "en", {
    math: "kramdown",
  });
  const nav = html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
  assert.match(nav, /Choosing <math><msub><mi>β<\/mi><mi>t<\/mi><\/msub><\/math>/);
  assert.ok(!nav.includes("\\beta"));
});

test("Temml's style attributes become MathML's colour attributes and the themes' classes", () => {
  assert.equal(withoutStyles('<mi style="color:#ff0000;">x</mi>'), '<mi mathcolor="#ff0000">x</mi>');
  assert.equal(
    withoutStyles('<mtd class="tml-left" style="padding-left:0em;padding-right:5.9776pt;">'),
    '<mtd class="tml-left tml-pl-0 tml-pr-col">',
  );
  assert.equal(
    withoutStyles('<math display="block" class="tml-display" style="display:block math;">'),
    '<math display="block" class="tml-display">',
  );
  for (const theme of ["templates", "starter/templates"]) {
    const css = readFileSync(join(ROOT, theme, "assets/site.css"), "utf8");
    for (const name of new Set([
      ...Object.values(STYLE_CLASSES),
      "tml-display",
      "tml-left",
      "tml-right",
      "tml-jot",
      "tml-small",
    ])) {
      assert.match(css, new RegExp(`\\.${name}\\b[^{]*\\{`), `${theme}'s stylesheet styles .${name}`);
    }
  }
});

/** A source site of `files`, imported by the real CLI: the new site's `markdown.math`. */
async function importedMath(files: Record<string, string>): Promise<unknown> {
  const dir = scratchDir("sitegen-math-import-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, "source", path)), { recursive: true });
    writeFileSync(join(dir, "source", path), text);
  }
  const run = await sitegenHere(["import", join(dir, "source"), join(dir, "site")]);
  assert.equal(run.status, 0, run.stderr);
  return (
    parse(readFileSync(join(dir, "site/content/site.yaml"), "utf8")) as { markdown?: { math?: unknown } }
  ).markdown?.math;
}

const POST = "---\ntitle: Loss\ndate: 2024-01-02\n---\n\nThe loss $$L_1$$ falls.\n";

test("sitegen import sets the delimiters the source's Markdown reader took for math", async () => {
  assert.equal(
    await importedMath({ "_config.yml": "title: A\n", "_posts/2024-01-02-loss.md": POST }),
    "kramdown",
    "Jekyll: kramdown, its default",
  );
  assert.equal(
    await importedMath({
      "_config.yml": "title: A\nmarkdown: CommonMarkGhPages\n",
      "_posts/2024-01-02-loss.md": POST,
    }),
    undefined,
    "Jekyll with another reader: the default",
  );
  const hugo = (passthrough: string) => ({
    "hugo.toml": `title = "A"\nbaseURL = "https://a.example/"\n${passthrough}`,
    "content/posts/loss.md": POST,
  });
  assert.equal(
    await importedMath(
      hugo(
        "[markup.goldmark.extensions.passthrough]\nenable = true\n[markup.goldmark.extensions.passthrough.delimiters]\nblock = [['\\\\[', '\\\\]'], ['$$', '$$']]\ninline = [['\\\\(', '\\\\)'], ['$', '$']]\n",
      ),
    ),
    "dollars",
  );
  assert.equal(
    await importedMath(
      hugo(
        "[markup.goldmark.extensions.passthrough]\nenable = true\n[markup.goldmark.extensions.passthrough.delimiters]\nblock = [['$$', '$$']]\ninline = [['\\\\(', '\\\\)']]\n",
      ),
    ),
    "latex",
  );
  assert.equal(
    await importedMath(hugo("")),
    "none",
    "Hugo without passthrough or a math library showed no math: its escaped brackets are text",
  );
  assert.equal(
    await importedMath({
      ...hugo(""),
      "layouts/partials/math.html": '<script src="https://cdn.example/mathjax/tex-chtml.js"></script>\n',
    }),
    "mathjax",
    "Hugo whose layouts load MathJax: it read what goldmark made",
  );
  const eleventy = (config: string) => ({ "eleventy.config.js": config, "posts/loss.md": POST });
  assert.equal(
    await importedMath(
      eleventy(
        'const mathjax3 = require("markdown-it-mathjax3");\nmodule.exports = (config) => { config.amendLibrary("md", (md) => md.use(mathjax3)); };\n',
      ),
    ),
    "dollars",
  );
  assert.equal(
    await importedMath(
      eleventy(
        'const mathjax = require("eleventy-plugin-mathjax");\nmodule.exports = (config) => { config.addPlugin(mathjax); };\n',
      ),
    ),
    "mathjax",
    "a plugin that typesets Eleventy's HTML",
  );
  assert.equal(
    await importedMath(eleventy("module.exports = () => ({});\n")),
    undefined,
    "Eleventy without a math plugin: the default",
  );
});

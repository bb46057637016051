/**
 * Code, tables and headings in the HTML of a page: fenced code is highlighted
 * at build time (highlight.js classes, no script), the Markdown
 * representations keep the fences as they are, code blocks and tables scroll
 * in boxes a keyboard can reach, and every heading of the text has a visible
 * link to itself. The syntax colours meet WCAG AA on the code background in
 * both colour schemes.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createRequire } from "node:module";
import { LANGUAGES } from "../src/render/media/highlight.ts";
import { renderMarkdown } from "../src/render/markdown/index.ts";
import { builtSite, ROOT } from "./helpers/dist.ts";
import { contrastRatio } from "./helpers/wcag.ts";
import { readSource } from "./helpers/site.ts";

const dist = builtSite();
const source = readSource();
const FENCE = /^```(\S*)\n([\s\S]*?)^```$/gm;

describe("fenced code", () => {
  it("is highlighted in the HTML of every page and post, in every language the content uses", () => {
    // A language's blocks: whether highlight.js marked any token in them (a lone command line may have none).
    const seen = new Map<string, boolean>();
    for (const route of source.routes) {
      const page = readFileSync(join(dist, route.path.slice(1), "index.html"), "utf8");
      const blocks = [
        ...page.matchAll(/<pre tabindex="0"><code class="language-([\w-]+)">([\s\S]*?)<\/code><\/pre>/g),
      ];
      const fences = [...route.body.matchAll(FENCE)].filter(([, language]) => language !== "");
      assert.equal(blocks.length, fences.length, `${route.path}: one highlighted block per fence`);
      fences.forEach(([, language], i) => {
        assert.equal(blocks[i][1], language, route.path);
        if (language === "text")
          assert.doesNotMatch(blocks[i][2], /<span/, `${route.path}: text stays plain`);
        seen.set(language, seen.get(language) === true || /<span class="hljs-[\w-]+">/.test(blocks[i][2]));
      });
    }
    for (const language of [
      "java",
      "json",
      "yaml",
      "sql",
      "bash",
      "python",
      "http",
      "properties",
      "nginx",
      "protobuf",
    ])
      assert.equal(seen.get(language), true, `${language} is among the fences, and highlighted`);
  });

  it("stays as the author wrote it in the Markdown representations, fence and language included", () => {
    for (const post of source.published) {
      const markdown = readFileSync(join(dist, "blog", `${post.slug}.md`), "utf8");
      for (const [fence] of post.body.matchAll(FENCE))
        assert.ok(markdown.includes(fence), `${post.slug}.md keeps ${fence.split("\n")[0]}`);
      assert.doesNotMatch(markdown, /hljs|<span|<pre/, post.slug);
    }
  });

  it("in a language highlight.js does not know, or none, is shown as escaped plain text", () => {
    const { html } = renderMarkdown("```klingon\nif (a < b && c) { qapla' }\n```\n\n```\n<none>\n```\n");
    assert.equal(
      html,
      '<pre tabindex="0"><code class="language-klingon">if (a &lt; b &amp;&amp; c) { qapla\' }\n</code></pre>\n<pre tabindex="0"><code>&lt;none&gt;\n</code></pre>\n',
    );
  });

  it("is escaped inside the highlighting: the code cannot write markup", () => {
    const { html } = renderMarkdown('```html\n<script>alert("x")</script>\n```\n');
    assert.doesNotMatch(html, /<script/);
    assert.match(html, /&lt;/);
  });

  it("may name a language by any alias highlight.js gives it, and only those", () => {
    const require = createRequire(import.meta.url);
    const hljs = (require("highlight.js/lib/core") as typeof import("highlight.js").default).newInstance();
    for (const [file, aliases] of Object.entries(LANGUAGES)) {
      hljs.registerLanguage(file, require(`highlight.js/lib/languages/${file}`));
      assert.deepEqual(aliases, hljs.getLanguage(file)!.aliases ?? [], file);
    }
    assert.match(
      renderMarkdown("```yml\na: 1\n```\n").html,
      /<code class="language-yml"><span class="hljs-attr">a:<\/span>/,
    );
    assert.match(renderMarkdown("```SH\necho hi\n```\n").html, /<span class="hljs-built_in">echo<\/span>/);
  });

  it("is highlighted the same whatever was highlighted before in the process (render lanes see posts in any order)", () => {
    const block =
      '```http\nHTTP/1.1 409 Conflict\nContent-Type: application/json\n\n{"status": 409, "title": "Conflict"}\n```\n';
    const run = (before: string) =>
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `const { renderMarkdown } = await import("./src/render/markdown/index.ts"); renderMarkdown(${JSON.stringify(before)}); process.stdout.write(renderMarkdown(${JSON.stringify(block)}).html);`,
        ],
        { cwd: ROOT, encoding: "utf8" },
      );
    const alone = run("");
    assert.match(alone, /hljs-attribute/);
    // JSON first: the HTTP body is JSON, which a lane that had not seen a JSON fence yet would not know.
    assert.equal(run('```json\n{"a": 1}\n```\n```yaml\na: 1\n```\n```xml\n<a/>\n```\n'), alone);
    assert.match(alone, /hljs-punctuation|hljs-number/, "the body is highlighted as JSON");
  });
});

describe("scroll boxes and headings", () => {
  it("code blocks and tables scroll in boxes that take keyboard focus", () => {
    const { html } = renderMarkdown("| a | b |\n|---|---|\n| `x` | y |\n\n    indented code\n");
    assert.match(html, /^<div class="table-scroll" tabindex="0">\n<table>[\s\S]*<\/table>\n<\/div>\n/);
    assert.match(html, /<pre tabindex="0"><code>indented code\n<\/code><\/pre>/);
    for (const post of source.published) {
      const page = readFileSync(join(dist, "blog", post.slug, "index.html"), "utf8");
      assert.doesNotMatch(page, /<pre(?! tabindex="0")/, `${post.slug}: every <pre> takes focus`);
      assert.equal(
        (page.match(/<table>/g) ?? []).length,
        (page.match(/<div class="table-scroll" tabindex="0">\n<table>/g) ?? []).length,
        `${post.slug}: every table is in a scroll box`,
      );
    }
  });

  it("every heading of the text has a visible link to itself, named by the heading", () => {
    const { html, ids } = renderMarkdown("## Errors {#errors}\n\nText.\n\n### A “quoted” heading\n");
    assert.deepEqual(ids, ["errors", "a-quoted-heading"]);
    assert.match(
      html,
      /<div class="heading"><h2 id="errors">Errors<\/h2>\n<a class="heading-anchor" href="#errors" aria-labelledby="errors">#<\/a><\/div>/,
    );
    assert.match(
      html,
      /<div class="heading"><h3 id="a-quoted-heading">A “quoted” heading<\/h3>\n<a class="heading-anchor" href="#a-quoted-heading" aria-labelledby="a-quoted-heading">#<\/a><\/div>/,
    );
    const developers = readFileSync(join(dist, "developers/index.html"), "utf8");
    const headings = [...developers.matchAll(/<h([2-6]) id="([^"]+)">/g)];
    assert.ok(headings.length > 5);
    for (const [, , id] of headings)
      assert.ok(
        developers.includes(`<a class="heading-anchor" href="#${id}" aria-labelledby="${id}">#</a>`),
        `#${id} has its anchor link`,
      );
  });
});

describe("syntax colours", () => {
  const contrast = contrastRatio;

  it("meet 4.5:1 against the code background in the light, dark and print schemes", () => {
    const css = readFileSync(join(ROOT, "templates/assets/site.css"), "utf8");
    const blocks = {
      light: css.slice(css.indexOf(":root {")),
      dark: css.slice(css.indexOf("@media (prefers-color-scheme: dark)")),
      print: css.slice(css.indexOf("@media print")),
    };
    const variable = (block: string, name: string, fallback?: string): string => {
      const value = new RegExp(`--${name}:\\s*([^;]+);`)
        .exec(block.slice(0, block.indexOf("\n}\n") + 1))?.[1]
        .trim();
      if (value === undefined) return fallback ?? assert.fail(`--${name} is not set`);
      return value.startsWith("var(--") ? variable(blocks.light, value.slice(6, -1)) : value;
    };
    const tokens = [...css.matchAll(/color: var\(--(code-[a-z]+)\)/g)].map((match) => match[1]);
    assert.ok(tokens.length >= 7, `${tokens.length} syntax colours`);
    for (const [scheme, block] of Object.entries(blocks)) {
      const background = variable(block, "code-bg");
      for (const token of new Set(tokens)) {
        const ratio = contrast(variable(block, token), background);
        assert.ok(ratio >= 4.5, `${scheme}: --${token} on ${background} is ${ratio.toFixed(2)}:1`);
      }
    }
  });
});

/**
 * sitegen's own markup never breaks sitegen's own policy. The page's
 * Content-Security-Policy allows no inline style, so what sitegen writes for
 * the author's Markdown (a table column aligned with `|---:|`) comes as a
 * class that both themes' stylesheets style, never as a `style` attribute
 * that the browser would drop with an error per cell. What the author wrote
 * that the policy blocks is still a warning, at the line of its construct
 * (a table's row, not the body's first line), and no hint offers
 * `'unsafe-inline'`.
 */
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Finding } from "../src/findings.ts";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";

const FIXTURES = join(ROOT, "test/fixtures/markdown");

interface Built {
  root: string;
  findings: Finding[];
}

/** The kitchen sink in a site of `theme`: the Halyard templates with the second site's content, or a site as `sitegen init` writes it. */
async function kitchenSink(theme: "halyard" | "starter", extra: Record<string, string> = {}): Promise<Built> {
  const root = join(tempDir(`sitegen-own-markup-${theme}-`), "site");
  if (theme === "halyard") {
    cpSync(join(ROOT, "test/fixtures/sites/kontor"), join(root, "content"), { recursive: true });
    cpSync(join(ROOT, "templates"), join(root, "templates"), { recursive: true });
  } else {
    const init = await sitegenHere(["init", root, "--no-install"]);
    assert.equal(init.status, 0, init.stderr);
  }
  for (const post of ["kitchen-sink.md", "heading-attributes.md"])
    cpSync(join(FIXTURES, post), join(root, "content/blog", post));
  mkdirSync(join(root, "content/static"), { recursive: true });
  cpSync(join(FIXTURES, "hafen.svg"), join(root, "content/static/hafen.svg"));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(root, "content/blog", name), text);
  const run = await sitegenHere(["build", "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr || run.stdout);
  return { root, findings: JSON.parse(run.stdout).findings };
}

const article = (root: string, slug: string) => {
  const page = readFileSync(join(root, "dist/blog", slug, "index.html"), "utf8");
  return page.slice(page.indexOf("<article"), page.indexOf("</article>"));
};

for (const theme of ["halyard", "starter"] as const) {
  test(`the kitchen sink's aligned table is aligned by classes the ${theme} theme styles, and nothing sitegen writes is blocked`, async () => {
    const { root, findings } = await kitchenSink(theme);
    const html = article(root, "kitchen-sink");
    assert.match(
      html,
      /<th class="align-left">Broker<\/th>\n<th class="align-center">Protocol<\/th>\n<th class="align-right">Messages a second<\/th>/,
    );
    assert.match(html, /<td class="align-right">12,000<\/td>/);
    assert.doesNotMatch(html, /text-align/);
    // Each csp-blocked finding of the kitchen sink is at a line where its author wrote what is blocked.
    const source = readFileSync(join(root, "content/blog/kitchen-sink.md"), "utf8").split("\n");
    const blocked = findings.filter((f) => f.kind === "csp-blocked" && f.file?.endsWith("kitchen-sink.md"));
    assert.deepEqual(
      blocked.filter((f) => !/style=|<script|<style|\bon[a-z]+=|https?:/.test(source[f.line! - 1] ?? "")),
      [],
    );
    // The theme's stylesheet, as the page links it, aligns each class.
    const page = readFileSync(join(root, "dist/blog/kitchen-sink/index.html"), "utf8");
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page)![1];
    const css = readFileSync(join(root, "dist", new URL(href, "https://x.example").pathname), "utf8");
    for (const align of ["left", "center", "right"])
      assert.match(css, new RegExp(`td\\.align-${align}[^{]*\\{ text-align: ${align}; \\}`));
  });
}

test("what the author wrote in a table's cell is blocked at the cell's row, and no hint offers 'unsafe-inline'", async () => {
  const post = [
    "---",
    "title: Styled by hand",
    "description: A table with a styled word and a picture from elsewhere in its cells.",
    "date: 2025-06-20",
    "---",
    "",
    "A paragraph first.",
    "",
    "| Word | Picture |",
    "|-----:|---------|",
    "| plain | none |",
    '| <span style="color: red">red</span> | ![a chart](https://images.example/chart.png) |',
    "",
    '<button onclick="go()">Go</button>',
    "",
  ].join("\n");
  const { findings } = await kitchenSink("starter", { "styled.md": post });
  const mine = findings
    .filter((f) => f.file?.endsWith("styled.md"))
    .map((f) => [f.kind, f.line, f.message.replace(/ is blocked.*/, "")]);
  assert.deepEqual(mine, [
    ["csp-blocked", 12, "a `style` attribute on <span>"],
    ["csp-blocked", 12, '<img src="https://images.example/chart.png">'],
    ["csp-blocked", 14, "the event handler `onclick` on <button>"],
  ]);
  for (const finding of findings)
    assert.doesNotMatch(`${finding.message} ${finding.hint ?? ""}`, /unsafe-inline/);
  const style = findings.find((f) => f.file?.endsWith("styled.md") && f.message.includes("`style`"))!;
  assert.match(style.hint!, /a class, and the class a rule in the theme's stylesheet/);
});

/**
 * Raw HTML a post leaves open, whose content runs to its end tag (a comment,
 * `<template>`, `<textarea>`, `<script>`, `<style>`, `<title>`, …), swallowed
 * the rest of the page: the footer and the previous and next links became a
 * comment, a template's inert content or a text area's text, and in
 * llms-full.txt the next posts' sections went into the comment too. Each is a
 * warning at its line, and is closed at the end of the post's body, in the
 * page and in its Markdown, so the page's own parts and the agent files stay
 * whole.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import MarkdownIt from "markdown-it";
import type { Finding } from "../src/findings.ts";
import { sitegenHere } from "./helpers/dist.ts";
import { tempProject } from "./helpers/project.ts";

/** Each construct left open, at line 10 of its post, with a paragraph before and after. */
const OPENED: Record<string, { opener: string; named: string }> = {
  comment: { opener: "<!-- a note to self, never closed", named: "a comment (`<!--`)" },
  template: { opener: "<template>", named: "<template>" },
  textarea: { opener: '<textarea name="draft">', named: "<textarea>" },
  script: { opener: '<script type="application/ld+json">', named: "<script>" },
  style: { opener: "<style>", named: "<style>" },
  title: { opener: "<title>A title in the body", named: "<title>" },
};

/** Elements whose content is no element to a browser: what is inside one is not shown as the page's parts. */
const SWALLOWING = new Set([
  "template",
  "textarea",
  "script",
  "style",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
]);

const built = (async () => {
  const root = tempProject();
  for (const [name, { opener }] of Object.entries(OPENED)) {
    const text = [
      "---",
      `title: "Left open: ${name}"`,
      `description: "A post whose ${name} is never closed."`,
      "date: 2026-11-20",
      "---",
      "",
      "The first paragraph is shown.",
      "",
      "## Before",
      opener,
      "",
      "The rest of the post.",
      "",
      "## After",
      "",
      "More text.",
      "",
    ];
    writeFileSync(join(root, "content/blog", `open-${name}.md`), text.join("\n"));
  }
  const run = await sitegenHere(["build", "--json"], { cwd: root });
  return { root, run, findings: (run.status === 0 ? JSON.parse(run.stdout).findings : []) as Finding[] };
})();

/** Whether an element is on the page as an element: not inside an element whose content a browser does not show as elements. */
function shown(element: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent)
    if ("name" in parent && SWALLOWING.has(parent.name)) return false;
  return true;
}

test("raw HTML left open is a warning at its line, naming what is open", async () => {
  const { run, findings } = await built;
  assert.equal(run.status, 0, run.stderr || run.stdout);
  const unclosed = findings
    .filter((f) => f.kind === "unclosed-html")
    .map((f) => [f.file?.replace(/.*\/content\//, "content/"), f.line, f.message]);
  assert.deepEqual(
    unclosed,
    Object.entries(OPENED)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, { named }]) => [
        `content/blog/open-${name}.md`,
        10,
        `${named} is never closed: it would take in the rest of the page; closed at the end of the post`,
      ]),
  );
  for (const finding of findings.filter((f) => f.kind === "unclosed-html"))
    assert.match(finding.hint!, /close it where it ends/);
});

test("the page's own parts stay whole: the footer and the neighbours' links are elements after a post left open", async () => {
  const { root } = await built;
  for (const name of Object.keys(OPENED)) {
    const html = readFileSync(join(root, "dist/blog", `open-${name}`, "index.html"), "utf8");
    const document = parseDocument(html);
    const footer = DomUtils.findOne((element) => element.name === "footer", document.children);
    assert.ok(footer && shown(footer), `${name}: the footer is on the page`);
    assert.ok(html.trimEnd().endsWith("</html>"), `${name}: the page ends as the template does`);
  }
});

test("llms-full.txt stays whole: a post left open is closed at the end of its Markdown, and the next sections are shown", async () => {
  const { root } = await built;
  for (const name of Object.keys(OPENED)) {
    const markdown = readFileSync(join(root, "dist/blog", `open-${name}.md`), "utf8");
    assert.match(markdown, /More text\.\n[\s\S]*(-->|<\/[a-z]+>)\n$/, `${name}'s .md ends with its closing`);
  }
  const full = readFileSync(join(root, "dist/llms-full.txt"), "utf8");
  const document = parseDocument(new MarkdownIt({ html: true }).render(full));
  const headings = DomUtils.findAll(
    (element) => /^h[1-6]$/.test(element.name) && shown(element),
    document.children,
  ).map((element) => DomUtils.textContent(element));
  // Every post's title, as llms-full.txt heads its section, is a heading a reader of it is shown.
  for (const post of [
    "Left open: comment",
    "Left open: template",
    "Left open: textarea",
    "Exactly-once is a property of your system, not your broker",
  ]) {
    assert.ok(
      headings.some((heading) => heading.includes(post)),
      `${post} is a heading of llms-full.txt`,
    );
  }
});

test("a tag opened within a sentence and never closed is the author's text, shown as typed, with a warning at its line", async () => {
  const root = tempProject();
  const text = [
    "---",
    "title: Async scripts",
    "description: A post that names a tag in a sentence and never closes it.",
    "date: 2026-11-21",
    "---",
    "",
    "You may have heard of adding async to the <script> tag to load it later.",
    "",
    "## After",
    "",
    "The rest of the post is shown.",
    "",
  ];
  writeFileSync(join(root, "content/blog/named-tag.md"), text.join("\n"));
  const run = await sitegenHere(["build", "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr || run.stdout);
  const html = readFileSync(join(root, "dist/blog/named-tag/index.html"), "utf8");
  assert.match(html, /heard of adding async to the &lt;script&gt; tag to load it later\./);
  const after = DomUtils.findOne(
    (element) => element.name === "h2" && DomUtils.textContent(element).includes("After"),
    parseDocument(html).children,
  );
  assert.ok(after && shown(after), "the rest of the post is on the page");
  const warning = (JSON.parse(run.stdout).findings as Finding[]).find((f) => f.kind === "unclosed-html");
  assert.equal(warning?.line, 7);
  assert.match(
    warning!.message,
    /^<script> opens within a sentence and is never closed: shown as the text it is/,
  );
});

/**
 * Markdown as people write it for Jekyll, Hugo, Eleventy, Astro and GitHub
 * (test/fixtures/markdown/: one post per construct, and a kitchen sink with
 * all of them), copied into a site and built with the real CLI: every post
 * builds, the build warns where it changed what was written (an H1 in the
 * body), and no page shows a construct as text: no escaped HTML, no HTML
 * comment, no footnote marker, no `:::`, no `[!NOTE]`, no `{: }`. The
 * Markdown representation is what the author wrote, links made absolute.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bodyAt, parseMarkdownFile } from "../src/content/frontmatter.ts";
import type { Finding } from "../src/findings.ts";
import { mayHoldShortcode } from "../src/render/markdown/emoji.ts";
import { renderMarkdown } from "../src/render/markdown/index.ts";
import { ROOT } from "./helpers/dist.ts";
import { scratchDir, sitegenAsync } from "./helpers/site.ts";

const FIXTURES = join(ROOT, "test/fixtures/markdown");
const BASE = "https://kontor-nord.example";
const posts = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".md") && name !== "README.md")
  .map((name) => name.slice(0, -3));

/** The second site with every fixture post in its blog, built once for every test here. */
const built = (async () => {
  const dir = scratchDir("sitegen-dialect-");
  const content = join(dir, "content");
  cpSync(join(ROOT, "test/fixtures/sites/kontor"), content, { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  for (const post of posts) cpSync(join(FIXTURES, `${post}.md`), join(content, "blog", `${post}.md`));
  // The kitchen sink's cover beside it, as test/helpers/kitchen-sink.ts lays it: an Astro blog's single-file post and its picture.
  cpSync(join(FIXTURES, "hafen.svg"), join(content, "blog/kitchen-sink-cover.svg"));
  mkdirSync(join(content, "static"), { recursive: true });
  cpSync(join(FIXTURES, "hafen.svg"), join(content, "static/hafen.svg"));
  const args = ["--content", content, "--templates", join(dir, "templates")];
  const checked = await sitegenAsync(["check", ...args, "--dist", join(dir, "none"), "--json"]);
  const build = await sitegenAsync(["build", ...args, "--out", join(dir, "dist")]);
  return {
    dir,
    content,
    out: join(dir, "dist"),
    checked,
    build,
    findings: JSON.parse(checked.stdout).findings as Finding[],
  };
})();

const html = async (slug: string) =>
  readFileSync(join((await built).out, "blog", slug, "index.html"), "utf8");
const article = async (slug: string) => {
  const page = await html(slug);
  return page.slice(page.indexOf("<article"), page.indexOf("</article>"));
};

test("every post builds, and the build warns only where it changed what was written (an H1 in the body), or where the site's policy blocks an embed", async () => {
  const { build, checked, findings, content } = await built;
  assert.equal(build.status, 0, build.stderr);
  assert.equal(checked.status, 0, checked.stdout);
  const warnings = findings
    .filter((f) => f.level !== "note")
    .map((f) => [f.kind, f.file?.slice(content.length + 1), f.line, f.message.replace(/: .*/, "")]);
  // Findings come grouped by kind, then in file order (src/findings.ts).
  assert.deepEqual(warnings, [
    [
      "csp-blocked",
      "blog/raw-html.md",
      23,
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"> is blocked by the page\'s Content-Security-Policy (`frame-src`)',
    ],
    ["title-heading", "blog/h1-other.md", 8, "a level-1 heading in the body"],
    ["title-heading", "blog/h1-title.md", 8, "a level-1 heading that repeats the title"],
    ["title-heading", "blog/kitchen-sink.md", 9, "a level-1 heading that repeats the title"],
  ]);
  const embed = findings.find((f) => f.file?.endsWith("raw-html.md"))!;
  assert.equal(
    embed.hint,
    'allow it in site.yaml: `security: { frame-src: ["https://www.youtube-nocookie.com"] }`, or leave it out',
  );
});

test("no post shows a construct as text", async () => {
  for (const slug of posts) {
    // Code may show anything: the kitchen sink's table shows how the constructs are written.
    const text = (await article(slug)).replace(/<pre[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, "");
    for (const shown of [
      "&lt;figure",
      "&lt;details",
      "&lt;iframe",
      "&lt;sup",
      "&lt;kbd",
      "&lt;br",
      "&lt;svg",
      "&lt;!--",
      "<!--more-->",
      "[^",
      ":::",
      "[!NOTE]",
      "[!CAUTION]",
      "{:",
      "{ #",
      "{#",
      "{% highlight",
      "{{&lt; highlight",
      "[ ]",
      "[x]",
    ]) {
      assert.ok(!text.includes(shown), `${slug} shows ${shown}`);
    }
  }
});

test("raw HTML passes through, block and inline, and a site image gets its size", async () => {
  const text = await article("raw-html");
  assert.match(
    text,
    /<figure>\n {2}<img src="\/hafen.svg" alt="A harbour crane drawn in lines" width="240" height="120">\n {2}<figcaption>/,
  );
  assert.match(
    text,
    /<details>\n<summary>What the crane lifts<\/summary>\n<p>Containers, mostly, and once a piano.<\/p>\n<\/details>/,
  );
  assert.match(
    text,
    /H<sub>2<\/sub>O, and E = mc<sup>2<\/sup>\. Press <kbd>Ctrl<\/kbd>\+<kbd>C<\/kbd> to copy\.<br>/,
  );
  assert.match(text, /<svg width="12" height="12" viewBox="0 0 12 12" role="img" aria-label="a dot"><circle/);
  assert.match(
    text,
    /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="A talk about harbours"/,
  );
});

test("<!--more--> ends the summary the description is made of, and never shows", async () => {
  const { out } = await built;
  const index = JSON.parse(readFileSync(join(out, "blog-index.json"), "utf8")) as {
    posts: { slug: string; description: string }[];
  };
  assert.equal(
    index.posts.find((post) => post.slug === "summary-marker")?.description,
    "The first paragraph says what the post is about. And the second one finishes the thought.",
  );
  assert.match(
    await article("summary-marker"),
    /<p>And the second one finishes the thought\.<\/p>\n<p>The rest of the post/,
  );
});

test("footnotes: a URL alone and a word are notes, each linked both ways, with ids the link check knows", async () => {
  const url = await article("footnote-url");
  assert.match(
    url,
    /The paper that started it all<sup class="footnote-ref"><a href="#fn1" id="fnref1">\[1\]<\/a><\/sup>/,
  );
  assert.match(
    url,
    /<li id="fn1" class="footnote-item"><p><a href="https:\/\/example\.org\/papers\/1978-lamport\.pdf">https:\/\/example\.org\/papers\/1978-lamport\.pdf<\/a> <a href="#fnref1" class="footnote-backref" aria-label="Back to reference 1">/,
  );
  assert.match(
    await article("footnote-text"),
    /<li id="fn1" class="footnote-item"><p>Footnote\. <a href="#fnref1"/,
  );
  const { ids } = renderMarkdown("A[^a] and B[^a].\n\n[^a]: Note.\n");
  assert.deepEqual(ids, ["fnref1", "fnref1:1", "fn1"]);
});

test("heading attributes in pandoc's and kramdown's forms, spaces inside the braces too, and links to them", async () => {
  const text = await article("heading-attributes");
  assert.match(text, /<h2 id="compiling">Compiling<\/h2>/);
  assert.match(text, /<h2 id="linking" class="step">Linking<\/h2>/);
  assert.match(text, /<h2 id="setup">Installing<\/h2>/);
  assert.match(await article("kitchen-sink"), /<a href="\/blog\/heading-attributes\/#compiling">/);
});

test("kramdown's attribute lists on the line after a block and after a link, and its table of contents", async () => {
  const text = await article("kramdown-ial");
  assert.match(
    text,
    /<nav class="toc" aria-label="Contents">\n<ul>\n<li><a href="#first-part">First part<\/a><\/li>\n<li><a href="#second">Second part<\/a><\/li>\n<\/ul>\n<\/nav>/,
  );
  assert.match(text, /<p class="lead">A lead paragraph\.<\/p>/);
  assert.match(
    text,
    /Read <a href="https:\/\/jekyllrb\.com\/docs\/" target="_blank">the docs<\/a> first, or see <a href="http:\/\/localhost:4000" target="_blank">http:\/\/localhost:4000<\/a>\./,
    "a span IAL after a link, written or bare, is the link's",
  );
  assert.match(
    text,
    /<a href="\/"><img src="\/hafen\.svg" alt="Harbour" class="icon" width="70" height="88"><\/a> and the sentence goes on\./,
    "a span IAL wrapped onto the next line is the image's",
  );
  assert.match(
    text,
    /<code class="language-ruby">puts <span class="hljs-string">/,
    "`{: .language-ruby}` names the code's language",
  );
  assert.match(text, /<h2 id="second">Second part<\/h2>/);
  assert.match(text, /<ul class="compact">/);
  const { html: table } = renderMarkdown("| a |\n|---|\n| 1 |\n{: .wide}\n");
  assert.match(table, /<table class="wide">[\s\S]*<td>1<\/td>\n<\/tr>\n<\/tbody>/);
  assert.doesNotMatch(table, /\{:/);
  assert.match(
    renderMarkdown("[[toc]]\n\n## Only part\n").html,
    /^<nav class="toc" aria-label="Contents">\n<ul>\n<li><a href="#only-part">Only part<\/a><\/li>\n<\/ul>\n<\/nav>\n/,
    "VitePress's [[toc]] too",
  );
  assert.equal(
    renderMarkdown("Use the placeholder {name}.\n\nA map {a b}\n").html,
    "<p>Use the placeholder {name}.</p>\n<p>A map {a b}</p>\n",
    "braces that are not attributes stay text",
  );
});

test("GitHub alerts and ::: containers are admonitions with their kind in words", async () => {
  assert.match(
    await article("alert"),
    /<div class="admonition admonition-note" role="note">\n<p class="admonition-title">Note<\/p>\n<p>Useful information that users should know\.<\/p>\n<\/div>/,
  );
  assert.match(
    await article("alert"),
    /<div class="admonition admonition-caution" role="note">\n<p class="admonition-title">Caution<\/p>/,
  );
  assert.match(
    await article("alert"),
    /<div class="admonition admonition-tip" role="note">\n<p class="admonition-title">A title of its own<\/p>\n<p>As Hugo and Obsidian write it\.<\/p>\n<\/div>/,
  );
  assert.match(
    await article("container"),
    /<div class="admonition admonition-note" role="note">\n<p class="admonition-title">Note<\/p>\n<p>Back up the database before you start\.<\/p>\n<\/div>/,
  );
  assert.match(
    await article("container"),
    /<div class="admonition admonition-warning" role="note">\n<p class="admonition-title">Mind the gap<\/p>/,
  );
});

test("emphasis that closes on a CJK full stop before a letter is bold, as kramdown shows it", async () => {
  const text = await article("cjk-emphasis");
  assert.match(text, /<p>港口的规则很简单：<strong>先到先停。<\/strong>其他的船等一等。<\/p>/);
  assert.match(text, /<p><strong>この文は太字です。<\/strong>次の文は違います。<\/p>/);
});

test("task lists, bare URLs, definition lists and emoji", async () => {
  const tasks = await article("task-list");
  assert.match(
    tasks,
    /<input type="checkbox" class="task-list-item-checkbox" id="task-item-0" checked disabled><label class="task-list-item-label" for="task-item-0"> Write the post<\/label>/,
  );
  const urls = await article("bare-urls");
  assert.match(
    urls,
    /<a href="https:\/\/spec\.commonmark\.org\/0\.31\.2\/">https:\/\/spec\.commonmark\.org\/0\.31\.2\/<\/a>/,
  );
  assert.match(urls, /<a href="http:\/\/www\.commonmark\.org">www\.commonmark\.org<\/a>/);
  assert.match(urls, /The file README\.md is not a link\./);
  // GFM ends a bare URL before an entity reference, with or without the `;` linkify-it would take.
  assert.match(
    urls,
    /is at &lt;<a href="https:\/\/downloads\.example\/harbour-1\.0\.tar\.gz">https:\/\/downloads\.example\/harbour-1\.0\.tar\.gz<\/a>&gt;; the old one/,
  );
  assert.match(
    urls,
    /\[&lt;URL:<a href="https:\/\/downloads\.example\/harbour-0\.9\.tar\.gz">https:\/\/downloads\.example\/harbour-0\.9\.tar\.gz<\/a>&gt;\]\./,
  );
  const sink = await article("kitchen-sink");
  assert.match(sink, /<dl>\n<dt>Term<\/dt>\n<dd>Its definition/);
  assert.match(sink, /Emoji by name: 🎉 🚀\./);
});

test("emoji: every name the plugin knows has the shape a page is scanned for, and a page without that shape keeps its colons", async () => {
  const { default: names } = await import("markdown-it-emoji/lib/data/full.mjs" as string);
  const all = Object.keys(names as Record<string, string>);
  assert.ok(all.length > 1800, `${all.length} names`);
  assert.deepEqual(
    all.filter((name) => !mayHoldShortcode(`:${name}:`)),
    [],
  );
  assert.deepEqual(
    ["12:30:00", "http://localhost:8080:", '{"a":"b"}', ":no_such_emoji_here:", ":tada :", "::"].filter(
      mayHoldShortcode,
    ),
    [],
  );
  assert.deepEqual([":tada:", "x:tada:y", "at 10:30:tada:", ":a:rocket:"].filter(mayHoldShortcode), [
    ":tada:",
    "x:tada:y",
    "at 10:30:tada:",
    ":a:rocket:",
  ]);
  assert.equal(
    renderMarkdown("At 10:30: :tada: and :rocket:, then `:tada:` in code.\n").html.trim(),
    "<p>At 10:30: 🎉 and 🚀, then <code>:tada:</code> in code.</p>",
  );
  assert.equal(
    renderMarkdown("Ratio 3:4, time 10:30, a URL https://example.com/a:b.\n").html.trim(),
    '<p>Ratio 3:4, time 10:30, a URL <a href="https://example.com/a:b">https://example.com/a:b</a>.</p>',
  );
  assert.equal(
    renderMarkdown("Not a name: :no_such_emoji_here:.\n").html.trim(),
    "<p>Not a name: :no_such_emoji_here:.</p>",
  );
});

test("Liquid and Hugo highlight blocks are code: a `# comment` inside is no heading, and no template tag is reported", async () => {
  const text = await article("liquid-highlight");
  assert.match(
    text,
    /<pre tabindex="0"><code class="language-ruby"><span class="hljs-comment"># a comment, not a heading<\/span>/,
  );
  assert.match(
    text,
    /<pre tabindex="0"><code class="language-go"><span class="hljs-comment">\/\/ also code<\/span>/,
  );
  assert.doesNotMatch(text, /<h\d[^>]*>a comment/);
  const { findings } = await built;
  assert.deepEqual(
    findings.filter((f) => f.file?.endsWith("liquid-highlight.md")),
    [],
  );
});

test("the Markdown representation is what the author wrote, links made absolute", async () => {
  const { out } = await built;
  for (const slug of [
    "kitchen-sink",
    "kramdown-ial",
    "heading-attributes",
    "raw-html",
    "liquid-highlight",
    "summary-marker",
  ]) {
    const source = readFileSync(join(FIXTURES, `${slug}.md`), "utf8");
    const body = bodyAt(source, parseMarkdownFile(source, slug).bodyLine, slug).trim();
    const markdown = readFileSync(join(out, "blog", `${slug}.md`), "utf8");
    assert.ok(
      markdown.includes(`\n${body.replace(/\]\(\//g, `](${BASE}/`)}\n`),
      `${slug}.md holds the body as written:\n${markdown}`,
    );
  }
});

test("a site's own excerpt_separator ends the summary as <!--more--> does, and never shows", async () => {
  const dir = scratchDir("sitegen-separator-");
  const content = join(dir, "content");
  cpSync(join(ROOT, "test/fixtures/sites/kontor"), content, { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  appendFileSync(join(content, "site.yaml"), '\nexcerpt_separator: "<!-- excerpt -->"\n');
  writeFileSync(
    join(content, "blog/own-marker.md"),
    '---\ntitle: "Its own marker"\ndate: 2025-06-14\nlang: en\n---\n\nThe summary, in two\nlines.\n\nAnd a second paragraph.\n\n<!-- excerpt -->\n\nThe rest.\n',
  );
  writeFileSync(
    join(content, "blog/described.md"),
    '---\ntitle: "Described"\ndescription: "As written."\ndate: 2025-06-15\nlang: en\n---\n\nFirst.\n\n<!-- excerpt -->\n\nRest.\n',
  );
  const run = await sitegenAsync([
    "build",
    "--content",
    content,
    "--templates",
    join(dir, "templates"),
    "--out",
    join(dir, "dist"),
  ]);
  assert.equal(run.status, 0, run.stderr);
  const index = JSON.parse(readFileSync(join(dir, "dist/blog-index.json"), "utf8")) as {
    posts: { slug: string; description: string }[];
  };
  assert.equal(
    index.posts.find((post) => post.slug === "own-marker")?.description,
    "The summary, in two lines. And a second paragraph.",
  );
  assert.equal(index.posts.find((post) => post.slug === "described")?.description, "As written.");
  const page = readFileSync(join(dir, "dist/blog/own-marker/index.html"), "utf8");
  assert.doesNotMatch(page, /<!-- excerpt -->/);
  assert.match(page, /<p>And a second paragraph\.<\/p>\n<p>The rest\.<\/p>/);
});

test("Jekyll's link tags name files of the site: resolved in the HTML and the Markdown, outside code; `{% raw %}`, which only Liquid takes away, shown as written and reported; a tag naming nothing is a broken link at its line", async () => {
  const dir = scratchDir("sitegen-jekyll-links-");
  const content = join(dir, "content");
  cpSync(join(ROOT, "test/fixtures/sites/kontor"), content, { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  cpSync(join(FIXTURES, "jekyll-links"), content, { recursive: true });
  mkdirSync(join(content, "static"), { recursive: true });
  cpSync(join(FIXTURES, "hafen.svg"), join(content, "static/hafen.svg"));
  const args = [
    "--content",
    content,
    "--templates",
    join(dir, "templates"),
    "--out",
    join(dir, "dist"),
    "--cache",
    join(dir, "cache"),
    "--json",
  ];
  const run = await sitegenAsync(["build", ...args]);
  assert.equal(run.status, 0, run.stderr);
  const page = readFileSync(join(dir, "dist/blog/links/index.html"), "utf8");
  const text = page.slice(page.indexOf("<article"), page.indexOf("</article>"));
  assert.match(
    text,
    /A <a href="\/blog\/kranlog\/">log<\/a>, the <a href="\/blog\/kranlog\/">same<\/a>, <a href="\/blog\/kranlog\/">linked<\/a>, our <a href="\/leistungen\/">services<\/a>\./,
  );
  assert.match(
    text,
    /<a href="\/kontakt\/">Contact<\/a>, <img src="https:\/\/kontor-nord\.example\/hafen\.svg" alt="A crane">, <a href="https:\/\/kontor-nord\.example\/">home<\/a>, <a href="\/leistungen\/">relative<\/a>, <a href="https:\/\/kontor-nord\.example\/kontakt\/">absolute<\/a>\./,
  );
  assert.match(text, /<a href="\/impressum\/">In HTML<\/a>, and <a href="\/kontakt\/">by reference<\/a>\./);
  // Code shows the tags as written, a raw block's too: no Liquid runs in this content to take them away.
  assert.match(text, /In code: <code>\{% post_url 2019-03-04-kranlog %\}<\/code>\./);
  assert.match(
    text,
    /<code class="language-liquid">\{% link leistungen\.md %\}\n\{% raw %\}\{\{ page\.title \}\}\{% endraw %\}\n<\/code>/,
  );
  // Outside code the raw tags are words too, and a link tag between them is resolved like any other.
  assert.match(
    text,
    /Raw: \{% raw %\}\{\{ site\.title \}\} and \/blog\/kranlog\/\{% endraw %\}, as written\./,
  );
  assert.match(
    text,
    /A \[lost post\]\(\{% post_url 2018-01-01-verschollen %\}\) and a \[lost page\]\(\{% link verschollen\.md %\}\)\./,
  );

  const markdown = readFileSync(join(dir, "dist/blog/links.md"), "utf8");
  assert.match(
    markdown,
    /^A \[log\]\(https:\/\/kontor-nord\.example\/blog\/kranlog\/\), the \[same\]\(https:\/\/kontor-nord\.example\/blog\/kranlog\/\)/m,
  );
  assert.match(
    markdown,
    /^<a href="\/impressum\/">In HTML<\/a>, and \[by reference\]\[ref\]\.\n\n\[ref\]: \/kontakt\/$/m,
  );
  assert.match(
    markdown,
    /^```liquid\n\{% link leistungen\.md %\}\n\{% raw %\}\{\{ page\.title \}\}\{% endraw %\}\n```$/m,
  );
  assert.match(
    markdown,
    /^A \[lost post\]\(\{% post_url 2018-01-01-verschollen %\}\) and a \[lost page\]\(\{% link verschollen\.md %\}\)\.$/m,
  );

  const findings = (JSON.parse(run.stdout).findings as Finding[]).filter((f) =>
    f.file?.endsWith("2019-05-06-links.md"),
  );
  assert.deepEqual(
    findings.map((f) => [f.kind, f.line, f.target, f.message]),
    [
      [
        "broken-link",
        24,
        "{% link verschollen.md %}",
        "`{% link verschollen.md %}` names nothing the site publishes: shown as written",
      ],
      [
        "broken-link",
        24,
        "{% post_url 2018-01-01-verschollen %}",
        "`{% post_url 2018-01-01-verschollen %}` names nothing the site publishes: shown as written",
      ],
      ...["{% raw %}", "{{ site.title }}", "{% endraw %}"].map((tag) => [
        "template-tag",
        22,
        undefined,
        `template tag \`${tag}\` is not run: readers would see it as written`,
      ]),
    ],
  );

  // The post a tag names moves: the page that names it is made again, though its own file and its neighbours are unchanged.
  const kranlog = join(content, "blog/2019/2019-03-04-kranlog.md");
  writeFileSync(kranlog, readFileSync(kranlog, "utf8").replace("lang: en\n", "lang: en\nslug: kran\n"));
  const again = await sitegenAsync(["build", ...args]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(
    readFileSync(join(dir, "dist/blog/links/index.html"), "utf8"),
    /A <a href="\/blog\/kran\/">log<\/a>/,
  );
});

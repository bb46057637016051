/**
 * An Astro site's MDX components (a card grid, a figure of a picture Astro
 * processed, a key shown inline) moved as what the site's own Astro made of
 * them: their titles, captions and pictures are words and images the old
 * page showed, which the component kept as written would lose. Astro comes
 * from npm into a folder beside the clone (.ci/run installs it there, as the
 * MCP Inspector): a run without it skips, naming the install, and CI fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";
import { astroSkip, installAstro } from "./helpers/astro.ts";
import { mdxCalls } from "../src/import/mdx-calls.ts";

const FIXTURE = join(ROOT, "test/fixtures/generators/astro-components");
const POST = "src/content/blog/keeper-notes.mdx";

test("an MDX post's components are moved as what the site's own Astro made of them, named at their lines, and the new page shows their words and picture", {
  skip: astroSkip,
}, async () => {
  const { site, report } = await importedAgainst(FIXTURE, (source, out) => {
    installAstro(source);
    return { command: join(source, "node_modules/.bin/astro"), args: ["build", "--outDir", out] };
  });
  const moved = readFileSync(join(site, "content/blog/keeper-notes.md"), "utf8");
  // The card's title (a prop), the figure's caption and processed picture, the key's words: the components' own output.
  assert.match(moved, /<h3>Wick trimming<\/h3>/);
  assert.match(moved, /<h3>Lens polishing<\/h3>/);
  assert.match(moved, /<figcaption>The lantern after its spring overhaul<\/figcaption>/);
  // The key's inline variable was the old theme's to read, and the new page's Content-Security-Policy blocks it: left out.
  assert.match(moved, /<kbd>Shift plus Horn<\/kbd> twice/);
  // A code block inside a component: its output holds the block, and nothing of the markers the build put around it.
  assert.match(moved, /<div class="card-body">\s*<pre[^>]*>[\s\S]*signed at dawn/);
  assert.doesNotMatch(moved, /sitegen-code|<p>\s*<\/p>/);
  // Two calls of one component on one line: each its own output, in its place.
  assert.match(moved, /^## Signals <kbd>Fog<\/kbd> and <kbd>Storm<\/kbd>$/m);
  assert.ok(
    !report.build.warnings.some((warning: { kind: string }) => warning.kind === "csp-blocked"),
    JSON.stringify(report.build.warnings),
  );
  // The author's words inside a component, and around them, all there; a component shown in code stays code.
  assert.match(moved, /Trim the wick <strong>evenly<\/strong> so the flame burns without smoke\./);
  assert.match(moved, /^The lamp is lit at dusk and trimmed at midnight\.$/m);
  assert.match(moved, /^The log is signed before the relief keeper arrives\.$/m);
  assert.match(moved, /^<Card title="Shown as code">Never run\.<\/Card>$/m);
  assert.doesNotMatch(moved, /<CardGrid|<Figure|<Keys|sitegen-call|\{keeper\}|\{lantern/);
  // An expression as what it gave; a comment, the author's note to themselves, as an HTML comment, hidden as MDX hid it.
  assert.match(
    moved,
    /^The keeper this season is Ada Brightwater\.<!-- Ask the relief keeper's name too\. -->$/m,
  );
  const picture = /<img src="(\/_astro\/lantern\.[^"]+\.webp)"/.exec(moved)?.[1];
  const original = /<img src="(\/_astro\/lantern\.[^"]+\.png)" alt="The lantern by day"/.exec(moved)?.[1];
  assert.ok(picture && original, moved);
  // Each call taken is named at its file:line, and none is still called left as written.
  const taken = report.notes
    .filter(
      (note: { file: string; why: string }) => note.file.endsWith(POST) && /Astro ran it/.test(note.why),
    )
    .map((note: { line: number; why: string }) => `${note.line} ${note.why.split(":")[0].split(" ")[0]}`);
  assert.deepEqual(
    taken,
    ["15 <CardGrid>", "24 <Figure", "26 <Keys", "34 {keeper}", "36 <img", "38 <Keys", "38 <Keys", "40 <Card"],
    JSON.stringify(report.notes),
  );
  assert.ok(
    !report.left.some((left: { why: string }) => /MDX component/.test(left.why)),
    JSON.stringify(report.left),
  );
  // The new page shows them, its picture the file Astro wrote, published at its path.
  const page = readFileSync(join(site, "dist/blog/keeper-notes/index.html"), "utf8");
  for (const words of [
    "Wick trimming",
    "Lens polishing",
    "The lantern after its spring overhaul",
    "Shift plus Horn",
    "Ada Brightwater",
  ])
    assert.ok(page.includes(words), words);
  for (const file of [picture, original])
    assert.ok(page.includes(file) && existsSync(join(site, "dist", file)), file);
  // Held to the old page: every word and the picture kept.
  const proof = report.proof.pages.find((each: { old: string }) => each.old === "/blog/keeper-notes/");
  assert.deepEqual(proof.media, { old: 2, kept: 2 }, JSON.stringify(proof.missing));
  assert.equal(proof.words.kept, proof.words.old, JSON.stringify(proof.missing));
});

test("where the site has no Astro of its own installed, each component stays as written with its warning, and the configuration's note says why", async () => {
  const source = join(tempDir("sitegen-astro-components-"), "source");
  cpSync(FIXTURE, source, { recursive: true });
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  const moved = readFileSync(join(site, "content/blog/keeper-notes.md"), "utf8");
  assert.match(moved, /^ {2}<Card title="Wick trimming">$/m);
  assert.match(
    moved,
    /^<Figure src=\{lantern\} alt="The great lantern" caption="The lantern after its spring overhaul" \/>$/m,
  );
  const left = report.left
    .filter(
      (each: { file: string; why: string }) => each.file.endsWith(POST) && /MDX component/.test(each.why),
    )
    .map((each: { line: number }) => each.line);
  assert.deepEqual(left, [15, 16, 19, 24, 26, 38, 38, 40]);
  assert.match(moved, /^The keeper this season is \{keeper\}\./m);
  const note = report.notes.find((each: { file: string }) => each.file.endsWith("astro.config.mjs"));
  assert.match(
    note?.why ?? "",
    /kept as written.*has not installed its own Astro/,
    JSON.stringify(report.notes),
  );
});

test("where the site's own Astro fails to build it, each component stays as written and the configuration's note says why, at the source's files", {
  skip: astroSkip,
}, async () => {
  const source = join(tempDir("sitegen-astro-fails-"), "source");
  cpSync(FIXTURE, source, { recursive: true });
  installAstro(source);
  // A component the post imports that is not there: Astro stops at it.
  rmSync(join(source, "src/components/Keys.astro"));
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  const moved = readFileSync(join(site, "content/blog/keeper-notes.md"), "utf8");
  assert.match(moved, /^ {2}<Card title="Wick trimming">$/m);
  assert.match(moved, /<Keys combo="Shift\+Horn" \/> twice/);
  const note = report.notes.find((each: { file: string }) => each.file.endsWith("astro.config.mjs"));
  assert.match(
    note?.why ?? "",
    /kept as written.*astro build failed: .*Keys\.astro/,
    JSON.stringify(report.notes),
  );
  assert.doesNotMatch(
    note.why,
    /sitegen-astro-build-/,
    "named at the source's files, not the scratch copy's",
  );
  // The same build would have placed the post: its address is computed from its route, and the report says why.
  assert.match(report.addresses.notAsked, /^astro build failed: .*Keys\.astro/);
  assert.deepEqual([report.addresses.generator, report.addresses.computed], [0, 1]);
  assert.ok(
    report.left.some((each: { line: number; why: string }) => each.line === 26 && /<Keys>/.test(each.why)),
  );
});

test("a component call runs to its own closing tag, past one of its name inside it, a `>` in an expression and code; an expression and an HTML element JSX gives a value are calls too, a comment and a style none", () => {
  const body = [
    "Text <Badge text={a > b ? `x>` : 'y'} /> more.",
    "",
    "<Tabs>",
    "  <Tabs>",
    '    <Tab label="a">one</Tab>',
    "  </Tabs>",
    "</Tabs>",
    "",
    "`<Card>` and `{code}` in code, and:",
    "",
    "```",
    "<Card>",
    "```",
    'In {year}, <span class="x">plain</span> and <img src={pic.src} alt="A pier" />.',
    "{/* don't show this */}",
    '<div style={{ textAlign: "center" }}>',
    "![A pier](./pier.png)",
    "</div>",
    '<Aside type="note">Unclosed',
  ].join("\n");
  const calls = mdxCalls(body, 5);
  assert.deepEqual(
    calls.map((call) => [
      call.name,
      call.line,
      call.endLine,
      body.slice(call.start, call.end).split("\n").at(-1),
    ]),
    [
      ["Badge", 5, 5, "<Badge text={a > b ? `x>` : 'y'} />"],
      ["Tabs", 7, 11, "</Tabs>"],
      ["{year}", 18, 18, "{year}"],
      ["img", 18, 18, '<img src={pic.src} alt="A pier" />'],
    ],
  );
});

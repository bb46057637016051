/**
 * Jekyll's content has its Liquid run as Jekyll runs it, before Markdown:
 * test/fixtures/jekyll-liquid/ is a Jekyll site (its _config.yml, an
 * include with a parameter, a data file, two posts full of Liquid), built by
 * real Jekyll as the reference, and by sitegen from its files copied into an
 * `init` site as a blog copied from Jekyll brings them (content/_config.yml,
 * content/_includes/, content/_data/, the posts in content/blog/). The post
 * says what Jekyll's says, on its page and in its Markdown. What cannot run
 * (test/fixtures/jekyll-liquid-faults/, with a post that has no Liquid and one that reads the time) is shown as written with a warning at
 * its line, and the rest of the post still runs. Content that is not
 * Jekyll's runs no Liquid.
 */
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { needTools } from "../scripts/tools.mjs";
import { EPOCH, ROOT, sitegen, sitegenHere, tempDir, type CliResult } from "./helpers/dist.ts";

const FIXTURE = join(ROOT, "test/fixtures/jekyll-liquid");
const FAULTS = join(ROOT, "test/fixtures/jekyll-liquid-faults");
const POST = "2024-03-05-liquid-at-work.md";

/** A new site holding the fixture's posts and, with `jekyll`, its configuration, includes and data, as a blog copied from Jekyll brings them. */
async function siteWith(options: { jekyll: boolean; faults?: boolean }): Promise<string> {
  const root = join(tempDir("sitegen-liquid-"), "site");
  const init = await sitegenHere(["init", root, "--no-install"]);
  assert.equal(init.status, 0, init.stderr);
  for (const name of readdirSync(join(root, "content/blog")))
    rmSync(join(root, "content/blog", name), { recursive: true });
  const siteFile = join(root, "content/site.yaml");
  writeFileSync(siteFile, readFileSync(siteFile, "utf8").replace(/^name: .*$/m, "name: Field Notes"));
  if (options.jekyll)
    for (const name of ["_config.yml", "_includes", "_data"])
      cpSync(join(FIXTURE, name), join(root, "content", name), { recursive: true });
  cpSync(join(FIXTURE, "_posts"), join(root, "content/blog"), { recursive: true });
  if (options.faults) cpSync(FAULTS, join(root, "content/blog"), { recursive: true });
  return root;
}

async function build(root: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const run = await sitegenHere(["build", ...args], { cwd: root, env: { SITEGEN_WORKERS: "0", ...env } });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return run;
}

/** A page's text, line by line, as a reader sees it: a block's tags end a line, other tags are nothing (a URL made a link is its text), entities read, quotes straight (kramdown curls them, as a typographer may), spaces collapsed. */
function textLines(html: string): string[] {
  const entities: Record<string, string> = {
    "&lt;": "<",
    "&gt;": ">",
    "&amp;": "&",
    "&quot;": '"',
    "&#39;": "'",
    "&#x27;": "'",
  };
  return html
    .replace(
      /<\/?(?:p|div|li|ul|ol|h[1-6]|pre|dl|dt|dd|aside|nav|table|tr|td|th|blockquote|br|section|article|header|footer|main|figure|figcaption)\b[^>]*>/gi,
      "\n",
    )
    .replace(/<[^>]+>/g, "")
    .replace(/&(?:lt|gt|amp|quot|#39|#x27);/g, (entity) => entities[entity])
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
}

let jekyllOut: string | undefined;

/** A file of real Jekyll's build of the fixture, built once. */
function jekyllBuilt(jekyll: string, file: string): string {
  if (!jekyllOut) {
    const source = join(tempDir("sitegen-liquid-jekyll-"), "source");
    cpSync(FIXTURE, source, { recursive: true });
    const out = join(source, "..", "out");
    const run = spawnSync(jekyll, ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out], {
      encoding: "utf8",
      env: { ...process.env, TZ: "UTC" },
    });
    assert.equal(run.status, 0, run.stderr);
    jekyllOut = out;
  }
  return join(jekyllOut, file);
}

const fromCache = (run: CliResult) => Number(/\((\d+) posts? from the cache/.exec(run.stdout)?.[1] ?? "NaN");

describe("Jekyll's content", () => {
  let root: string;
  let built: CliResult;
  const page = () => readFileSync(join(root, "dist/blog/liquid-at-work/index.html"), "utf8");
  const markdown = () => readFileSync(join(root, "dist/blog/liquid-at-work.md"), "utf8");

  before(async () => {
    root = await siteWith({ jekyll: true, faults: true });
    built = await build(root);
  });

  test("a post's Liquid says what Jekyll's says: include with a parameter, assign, if, a loop over site.posts, site.data, filters, page and site, raw, code", (t) => {
    const tools = needTools(["jekyll"]);
    if (tools.skip) return t.skip(tools.skip);
    const expected = textLines(
      readFileSync(jekyllBuilt(tools.path("jekyll"), "2024/03/05/liquid-at-work.html"), "utf8"),
    );
    // Held to the reference whole: a line Jekyll wrote that sitegen's page lacks is a difference.
    assert.ok(expected.length >= 10, expected.join("\n"));
    const shown = textLines(page());
    const told = textLines(markdown());
    for (const line of expected) {
      assert.ok(
        shown.some((each) => each.includes(line)),
        `the page lacks Jekyll's line: ${line}`,
      );
      assert.ok(
        told.some((each) => each.includes(line)),
        `the Markdown lacks Jekyll's line: ${line}`,
      );
    }
  });

  test("a post that says render_with_liquid: false shows its Liquid as written, as Jekyll 4 does, and is not warned about", (t) => {
    const told = readFileSync(join(root, "dist/blog/liquid-as-written.md"), "utf8");
    assert.match(told, /shows it: \{\{ page\.title \}\} and \{% include note\.html %\} stay as typed\./);
    assert.doesNotMatch(built.stderr, /2023-12-01-liquid-as-written\.md/);
    const tools = needTools(["jekyll"]);
    if (tools.skip) return t.skip(tools.skip);
    assert.match(
      readFileSync(jekyllBuilt(tools.path("jekyll"), "2023/12/01/liquid-as-written.html"), "utf8"),
      /shows it: \{\{ page\.title \}\} and \{% include note\.html %\} stay as typed\./,
    );
  });

  test("the Markdown representation shows what Liquid made, not the tags", () => {
    const told = markdown();
    assert.match(told, /HELLO FROM LIQUID on Field Notes, by Ada Field\./);
    assert.match(told, /The mood in code: calm/);
    // What `{% raw %}` holds is shown as written, its own tags gone.
    assert.match(told, /In Liquid, \{\{ page\.title \}\} prints the title\./);
    assert.doesNotMatch(told, /\{%|\{\{ (?!page\.title \}\} prints)/);
    // Its description is the first paragraph with no Liquid in its text, which would show holes where the values go.
    assert.match(told, /^> A post whose Liquid runs before Markdown reads it, as Jekyll runs it\.$/m);
  });

  test("the link tags give the URLs they gave before, through the engine", () => {
    const told = readFileSync(join(root, "dist/blog/what-cannot-run.md"), "utf8");
    assert.match(told, /\[the earlier note\]\(https:\/\/example\.com\/blog\/an-earlier-note\/\)/);
    assert.match(told, /\[the first post\]\(https:\/\/example\.com\/blog\/liquid-at-work\/\)/);
    assert.match(told, /\[about\]\(https:\/\/example\.com\/about\/\)/);
    assert.match(told, /\[home\]\(https:\/\/example\.com\/\)/);
    // A `highlight` block is code: what it holds ran, and it is shown as code, on the page and as a fence in its Markdown.
    assert.match(told, /^```ruby\nputs "What cannot run"\n```$/m);
    assert.match(
      readFileSync(join(root, "dist/blog/what-cannot-run/index.html"), "utf8"),
      /<code[^>]*>[\s\S]*puts[\s\S]*What cannot run[\s\S]*<\/code>/,
    );
  });

  test("what cannot run is shown as written, with its warning at its line, and the rest of the post runs", () => {
    const file = "content/blog/2024-04-01-what-cannot-run.md";
    const warned = (line: number, words: RegExp) =>
      assert.match(built.stderr, new RegExp(`warning: ${file}:${line}:1: ${words.source}`), built.stderr);
    warned(6, /`\{% youtube dQw4w9WgXcQ %\}` cannot run \(Liquid has no tag `youtube`/);
    warned(10, /`\{% include missing\.html %\}` cannot run \(no content\/_includes\/missing\.html\)/);
    // An include is looked up among the site's includes and nowhere else.
    warned(12, /`\{% include \.\.\/site\.yaml %\}` cannot run/);
    warned(14, /`\{% post_url 2001-01-01-nothing %\}` names nothing the site publishes/);
    // A loop that would make a hundred million numbers is stopped, not run to the end.
    warned(20, /`\{% for i in \(1\.\.100000000\) %\}` cannot run \(memory alloc limit exceeded\)/);
    // A link an include made, many lines below where the post ends, is told at the include's line.
    assert.match(built.stderr, new RegExp(`warning: ${file}:24(?::\\d+)?: .*/nowhere/`), built.stderr);
    // Jekyll's include_relative reads a file beside the post: it is said so, not taken for a plugin's tag.
    warned(
      26,
      /`\{% include_relative snippet\.md %\}` cannot run \(`include_relative` reads a file beside the text/,
    );
    const told = readFileSync(join(root, "dist/blog/what-cannot-run.md"), "utf8");
    for (const tag of [
      "{% youtube dQw4w9WgXcQ %}",
      "{% include missing.html %}",
      "{% include ../site.yaml %}",
      "[gone]({% post_url 2001-01-01-nothing %})",
    ])
      assert.ok(told.includes(tag), `${tag} is not shown as written:\n${told}`);
    assert.match(told, /The end of What cannot run\./);
    assert.doesNotMatch(told, /languages:/);
  });

  test("the posts Liquid ran in are made again when an include, or a post they list, changes; the others are taken from the cache", async () => {
    // An hour later, nothing changed: the build's time (site.time) alone makes no post again.
    const warm = await build(root, [], { SOURCE_DATE_EPOCH: String(Number(EPOCH) + 3600) });
    assert.equal(fromCache(warm), 6);
    const include = join(root, "content/_includes/note.html");
    writeFileSync(include, readFileSync(include, "utf8").replace('class="note"', 'class="note changed"'));
    await build(root);
    assert.match(page(), /<aside class="note changed">/);
    const earlier = join(root, "content/blog/2023-11-20-an-earlier-note.md");
    writeFileSync(
      earlier,
      readFileSync(earlier, "utf8").replace("title: An earlier note", "title: A retitled note"),
    );
    const retitled = await build(root);
    assert.match(page(), /A retitled note, 20 Nov 2023/);
    // The retitled post, its neighbour (which names it) and the three Liquid ran in are made; the post without Liquid is not.
    assert.equal(fromCache(retitled), 1);
  });

  test("a page is the same at every build: now is the build's time, and sample picks the same post", () => {
    const told = readFileSync(join(root, "dist/blog/same-every-build.md"), "utf8");
    assert.match(told, /^Made on 2026-12-01, 01 Dec 2026; one post picked: Same at every build\.$/m);
  });

  test("render workers make the same pages", async () => {
    const one = join(root, "dist-here");
    const lanes = join(root, "dist-lanes");
    await build(root, ["--out", one, "--no-cache"]);
    // Which lane rendered each request (src/execute/lane-events.ts): the workers must have rendered some, each with an engine of its own.
    const answered: string[] = [];
    const heard = (event: unknown) => answered.push((event as { lane: string }).lane);
    subscribe("sitegen:render-lanes", heard);
    try {
      await build(root, ["--out", lanes, "--no-cache"], { SITEGEN_WORKERS: "2" });
    } finally {
      unsubscribe("sitegen:render-lanes", heard);
    }
    assert.ok(
      answered.some((lane) => lane.startsWith("worker")),
      answered.join(", "),
    );
    for (const file of [
      "blog/liquid-at-work/index.html",
      "blog/liquid-at-work.md",
      "blog/what-cannot-run.md",
    ])
      assert.equal(readFileSync(join(lanes, file), "utf8"), readFileSync(join(one, file), "utf8"), file);
  });
});

test("a date's month is written in English, as Jekyll's strftime writes it, whatever the machine's language", async () => {
  const root = await siteWith({ jekyll: true });
  // The binary, in a process of its own: a process's language is fixed when it starts.
  const run = sitegen(["build", "--no-cache"], {
    cwd: root,
    env: { LANG: "de_DE.UTF-8", LC_ALL: "de_DE.UTF-8", SITEGEN_WORKERS: "0" },
  });
  assert.equal(run.status, 0, run.stderr);
  const told = readFileSync(join(root, "dist/blog/liquid-at-work.md"), "utf8");
  assert.match(told, /Liquid at work, 05 Mar 2024/);
  assert.match(told, /05 March 2024/);
});

test("content that is not Jekyll's runs no Liquid: its tags are shown as written, each with a warning", async () => {
  const root = await siteWith({ jekyll: false });
  const run = await build(root);
  assert.match(
    run.stderr,
    new RegExp(
      `warning: content/blog/${POST}:6: template tag \`\\{% assign greeting = "Hello from Liquid" %\\}\` is not run`,
    ),
  );
  const told = readFileSync(join(root, "dist/blog/liquid-at-work.md"), "utf8");
  assert.match(told, /\{\{ greeting \| upcase \}\} on \{\{ site\.title \}\}/);
});

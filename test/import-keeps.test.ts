/**
 * `sitegen import` deletes nothing an author wrote, and reads each
 * generator's configuration as the generator does. Each fixture here holds
 * what a real site lost before (a footnote, a link through `{{ site.baseurl
 * }}{% post_url %}`, a picture beside its post, a link nothing answers, a
 * kramdown attribute, a collection declared through a variable, an undated
 * post) and the settings its old addresses came from (Jekyll's posts as a
 * collection with a pattern of their own and a collection of HTML, Hugo's
 * `:filename` dates, an Eleventy configuration only package.json names,
 * Starlight's docs in two languages). Each is built by its own generator
 * where it runs here (Debian's Jekyll and Hugo, Eleventy from npm), and the
 * import is held to that: the generator is kept out of its PATH, so every
 * address is the import's own model of it. Astro's addresses are its
 * documented routing, written by hand.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";
import { readScript, withoutTypes } from "../src/import/script.ts";

const FIXTURES = join(ROOT, "test/fixtures/generators");
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

/** A PATH holding Node alone: the import cannot ask Jekyll or Hugo for its addresses, and computes each one. */
const NODE_ONLY = (() => {
  const dir = tempDir("sitegen-node-only-");
  symlinkSync(process.execPath, join(dir, "node"));
  return dir;
})();

interface Case {
  fixture: string;
  /** The generator's build of the copied fixture, into `out` (or its own output folder, `written`). */
  build?: (source: string, out: string) => { command: string; args: string[] };
  written?: string;
  basePath: string;
  /** Where the generator is not run: each page's address by its title, from its documented routing. */
  documented?: Record<string, string>;
  /** Pages the generator wrote from no file of the source (Hugo's list of a section without an _index file), by title. */
  madeFromNothing?: string[];
  /** A setting of the fixture changed before it is built and imported. */
  change?: { file: string; to: (text: string) => string };
}

const CASES: Case[] = [
  {
    fixture: "jekyll-kept",
    build: (source, out) => ({
      command: "jekyll",
      args: ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    }),
    basePath: "/blog-x",
  },
  {
    fixture: "hugo-filename",
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "",
    madeFromNothing: ["Blogs"],
  },
  // Hugo's uglyURLs: each page at `x.html`, a section's list too (a real blog's 540 posts).
  {
    fixture: "hugo-filename",
    change: { file: "hugo.toml", to: (text) => `uglyURLs = true\n${text}` },
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "",
    madeFromNothing: ["Blogs"],
  },
  // A theme's example: [Languages.fa] and [Params] in the theme's own case, a content folder for each language.
  {
    fixture: "hugo-theme-languages",
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "",
    madeFromNothing: ["Tides", "Posts", "https://tides.example/"],
  },
  {
    fixture: "eleventy-elsewhere",
    build: () => ({ command: process.execPath, args: [ELEVENTY, "--config=_build/eleventy.js", "--quiet"] }),
    written: "_site",
    basePath: "",
  },
  // Eleventy's pathPrefix: the site served under /harbour/, which Eleventy's files and addresses leave out.
  {
    fixture: "eleventy-elsewhere",
    change: {
      file: "_build/eleventy.js",
      to: (text) => text.replace("return { dir:", 'return { pathPrefix: "/harbour/", dir:'),
    },
    build: () => ({ command: process.execPath, args: [ELEVENTY, "--config=_build/eleventy.js", "--quiet"] }),
    written: "_site",
    basePath: "/harbour",
  },
  // The script runs Eleventy's file with Node (`node --env-file=.env node_modules/.bin/eleventy --config=…`), as a site
  // whose configuration needs Node's own flags does.
  {
    fixture: "eleventy-elsewhere",
    change: {
      file: "package.json",
      to: (text) =>
        text.replace('"eleventy --config', '"node --env-file=.env node_modules/.bin/eleventy --config'),
    },
    build: () => ({ command: process.execPath, args: [ELEVENTY, "--config=_build/eleventy.js", "--quiet"] }),
    written: "_site",
    basePath: "",
  },
  {
    fixture: "astro-collections",
    basePath: "",
    documented: {
      "Hello from the harbour": "/posts/hello/",
      "Second light": "/posts/second-light/",
      "Paper style": "/posts/paper-style/",
      "Tide table": "/notes/tide-table/",
    },
  },
  {
    fixture: "astro-starlight",
    basePath: "",
    documented: {
      "Harbour docs": "/",
      "Mooring a boat": "/guides/example/",
      "Amarrer un bateau": "/fr/guides/example/",
      Knots: "/reference/example/",
    },
  },
];

interface Moved {
  case: Case;
  source: string;
  site: string;
  report: Record<string, any>;
  /** Each page the generator wrote, by its title: its address. */
  published: Map<string, string>;
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/i
    .exec(html)?.[1]
    ?.trim()
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/** A fixture copied, built by its generator, and imported with the generator out of reach. */
async function move(each: Case): Promise<Moved> {
  const source = join(tempDir(`sitegen-keeps-${each.fixture}-`), "source");
  cpSync(join(FIXTURES, each.fixture), source, { recursive: true });
  if (each.change)
    writeFileSync(
      join(source, each.change.file),
      each.change.to(readFileSync(join(source, each.change.file), "utf8")),
    );
  const published = new Map(Object.entries(each.documented ?? {}));
  if (each.build) {
    const out = join(source, "..", "out");
    const { command, args } = each.build(source, out);
    const tool = command === "jekyll" || command === "hugo" ? needTools([command]).path(command) : command;
    const run = spawnSync(tool, args, { cwd: source, encoding: "utf8" });
    assert.equal(run.status, 0, `${each.fixture}: ${run.stderr}`);
    const folder = each.written ? join(source, each.written) : out;
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
      const path = relative(folder, join(entry.parentPath, entry.name)).split("\\").join("/");
      const title = titleOf(readFileSync(join(folder, path), "utf8"));
      if (title) published.set(title, `${each.basePath}/${path.replace(/(^|\/)index\.html$/, "$1")}`);
    }
    // The generator's output is no part of the source the import reads.
    if (each.written)
      cpSync(folder, join(source, "..", "written"), { recursive: true }), spawnSync("rm", ["-r", folder]);
  }
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"], { env: { PATH: NODE_ONLY } });
  assert.equal(run.status, 0, `${each.fixture}: ${run.stdout}\n${run.stderr}`);
  return { case: each, source, site, report: JSON.parse(run.stdout), published };
}

const moved: Moved[] = [];
for (const each of CASES) moved.push(await move(each));
const byFixture = (name: string) => moved.find((each) => each.case.fixture === name)!;

/** The Markdown files under a folder, by their title. */
function textsByTitle(folder: string): Map<string, { path: string; text: string }> {
  const texts = new Map<string, { path: string; text: string }>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (
      !entry.isFile() ||
      !/\.(md|markdown|html)$/.test(entry.name) ||
      entry.parentPath.includes("_layouts") ||
      entry.parentPath.includes("_includes") ||
      entry.parentPath.includes("layouts")
    )
      continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, "utf8");
    const title = /^title:\s*"?(.+?)"?\s*$/m.exec(text)?.[1];
    if (title) texts.set(title, { path, text });
  }
  return texts;
}

/** What a text holds for a reader: its words (outside link targets and template tags), links, images, footnotes and attributes. */
function inventory(text: string) {
  const body = text.replace(/^(---|\+\+\+)\n[\s\S]*?\n\1\n/, "");
  const tagless = body.replace(/\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g, " ");
  const prose = tagless
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/^ {0,3}\[(?!\^)[^\]]+\]:\s*\S+.*$/gm, "")
    .replace(/<[^>]+>/g, " ");
  const words = new Map<string, number>();
  for (const word of prose.match(/\p{L}[\p{L}\p{N}'’]*/gu) ?? []) words.set(word, (words.get(word) ?? 0) + 1);
  return {
    words,
    links:
      (body.match(/(?<!!)\[[^\]]*\]\([^)]*\)/g) ?? []).length +
      (body.match(/^ {0,3}\[(?!\^)[^\]]+\]:/gm) ?? []).length,
    images: (body.match(/!\[[^\]]*\]\(/g) ?? []).length + (body.match(/<img\b/g) ?? []).length,
    footnotes: (body.match(/\[\^[^\]]+\]/g) ?? []).length,
    attributes: (body.match(/\{:[^}]*\}/g) ?? []).length,
  };
}

test("every post and page of each fixture arrives, and the build after the import passes", () => {
  for (const each of moved) {
    assert.equal(
      each.report.build.ok,
      true,
      `${each.case.fixture}: ${JSON.stringify(each.report.build.errors)}`,
    );
    const movedFiles = new Set((each.report.moved as { file: string }[]).map((entry) => entry.file));
    for (const [title] of each.published) {
      if (each.case.madeFromNothing?.includes(title)) continue;
      const source = [...textsByTitle(each.source)].find(([written]) => written === title);
      assert.ok(source, `${each.case.fixture}: the page "${title}" the generator wrote has a source file`);
      assert.ok(
        [...movedFiles].some((file) => source[1].path.endsWith(file.replace(/^.*?source\//, ""))),
        `${each.case.fixture}: "${title}" is moved`,
      );
    }
  }
});

test("the moved text holds every word, link, image, footnote and attribute of the source, converted or as written", () => {
  let compared = 0;
  for (const each of moved) {
    const sources = textsByTitle(each.source);
    const targets = textsByTitle(join(each.site, "content"));
    for (const [title, source] of sources) {
      // A text the generator did not publish (a file its glob passes over) is no page to keep.
      if (!each.published.has(title)) continue;
      const target = targets.get(title);
      assert.ok(target, `${each.case.fixture}: "${title}" has a moved file`);
      const [before, after] = [inventory(source.text), inventory(target.text)];
      for (const [word, count] of before.words)
        assert.ok(
          (after.words.get(word) ?? 0) >= count,
          `${each.case.fixture}: "${title}" keeps the word "${word}" ×${count}`,
        );
      for (const kind of ["links", "images", "footnotes", "attributes"] as const)
        assert.equal(after[kind], before[kind], `${each.case.fixture}: "${title}" keeps its ${kind}`);
      compared++;
    }
  }
  assert.ok(compared >= 15, `${compared} texts compared`);
});

test("each old address is the one the generator published, computed from its configuration where the generator is not asked", () => {
  for (const each of moved) {
    const sources = textsByTitle(each.source);
    for (const [title, url] of each.published) {
      const source = sources.get(title);
      if (!source) continue;
      const entry = (each.report.moved as { file: string; from: string[] }[]).find((candidate) =>
        source.path.endsWith(candidate.file.replace(/^.*?source\//, "")),
      );
      assert.equal(decodeURI(entry?.from[0] ?? ""), decodeURI(url), `${each.case.fixture}: "${title}"`);
    }
  }
});

test("a footnote, a link through {{ site.baseurl }}{% post_url %}, a link nothing answers and a kramdown attribute are kept; tags split at spaces", () => {
  const jekyll = byFixture("jekyll-kept");
  const first = readFileSync(join(jekyll.site, "content/blog/2020-01-01-first.md"), "utf8");
  assert.match(
    first,
    /^\[\^1\]: The footnote text, with \[a link of its own\]\(https:\/\/example\.org\/tides\)\.$/m,
  );
  assert.match(first, /^tags:\n {2}- alpha\n {2}- beta$/m);
  assert.match(first, /^categories:\n {2}- harbour\n {2}- notes$/m);
  const second = readFileSync(join(jekyll.site, "content/blog/2020-02-02-second.md"), "utf8");
  assert.match(second, /Back to \[my previous post\]\(\/blog\/first\/\)/);
  assert.match(
    second,
    /The \[anchoring rules\]\(\/docs\/rules\/anchoring\/\) went with the old host, and \[the spring chart\]\(\.\.\/charts\/spring\/\) with it\./,
  );
  assert.match(second, /^\[#\]\(#signal\)\{:#signal\} The flags say/m);
  assert.match(second, /^!\[A picture nobody kept\]\(\/blog-x\/images\/lost\.png\)$/m);
  const unresolved = (jekyll.report.unresolved as { file: string; line: number; url: string }[]).map(
    (each) => `${each.file.replace(/^.*source\//, "")}:${each.line}: ${each.url}`,
  );
  assert.ok(
    unresolved.includes("_posts/2020-02-02-second.md:8: /docs/rules/anchoring/"),
    unresolved.join("\n"),
  );
  assert.ok(
    unresolved.includes("_posts/2020-02-02-second.md:16: /blog-x/images/lost.png"),
    unresolved.join("\n"),
  );
  assert.ok(
    !unresolved.some((each) => each.includes("#signal")),
    "the id the attribute gives its link is one a fragment may name",
  );
  // The collection of HTML documents is moved as pages whose body is HTML.
  assert.match(readFileSync(join(jekyll.site, "content/pages/almanac/spring.md"), "utf8"), /^markup: html$/m);
});

test("Hugo's :filename dates a post by its name and takes its slug from the rest, a link to a content file goes to its post", () => {
  const hugo = byFixture("hugo-filename");
  const enums = readFileSync(join(hugo.site, "content/blog/2015-05-05-where-enums-shine.markdown"), "utf8");
  assert.match(enums, /^date: 2015-05-05$/m);
  assert.match(
    enums,
    /\[the next post\]\(\/blog\/on-match\/\) says they do, in \[its arms\]\(\/blog\/on-match\/#arms\)/,
  );
  assert.match(
    readFileSync(join(hugo.site, "content/blog/2015-06-01-on-match.md"), "utf8"),
    /^date: 2015-06-01$/m,
    "the name's day over the front matter's, as the handlers' order says",
  );
});

test("a Hugo configuration's keys are read in any case, as Hugo reads them: each language's posts are moved as translations at their old addresses", () => {
  const hugo = byFixture("hugo-theme-languages");
  assert.equal(hugo.report.read.posts, 4);
  const persian = readFileSync(join(hugo.site, "content/blog/first-tide.fa.md"), "utf8");
  assert.match(persian, /^lang: fa$/m);
  assert.match(persian, /^ {2}- \/fa\/posts\/first-tide\/$/m);
});

test("an Eleventy configuration package.json's scripts name is read; an undated post is dated by its file and named in the report; a picture beside a post moves with it", () => {
  const eleventy = byFixture("eleventy-elsewhere");
  assert.ok(
    eleventy.report.left.some(
      (each: { file: string; why: string }) =>
        each.file.endsWith("_build/eleventy.js") && /as `npm run build` names it/.test(each.why),
    ),
  );
  const undated = readFileSync(join(eleventy.site, "content/blog/undated.md"), "utf8");
  assert.match(undated, /^date: \d{4}-\d{2}-\d{2}$/m);
  assert.ok(
    eleventy.report.notes.some(
      (each: { file: string; why: string }) =>
        each.file.endsWith("src/blog/undated.md") && /^no `date`: dated /.test(each.why),
    ),
  );
  assert.ok(existsSync(join(eleventy.site, "content/blog/bundled/images/x.png")));
  assert.ok(
    existsSync(join(eleventy.site, "content/static/img/logo.png")),
    "the passthrough copy a constant names",
  );
  assert.match(
    readFileSync(join(eleventy.site, "content/blog/bundled/index.md"), "utf8"),
    /^!\[A picture\]\([^)]*images\/x\.png\)$/m,
  );
});

test("Astro collections declared through variables, a spread and an imported constant are moved, with the pictures their texts show", () => {
  const astro = byFixture("astro-collections");
  assert.equal(
    astro.report.read.posts,
    3,
    "the three posts the glob pattern takes (one dated by AstroPaper's pubDatetime); the underscored file it passes over is not read",
  );
  assert.match(
    readFileSync(join(astro.site, "content/blog/paper-style.md"), "utf8"),
    /^date: 2024-07-01T09:00:00Z$/m,
  );
  assert.ok(existsSync(join(astro.site, "content/blog/hello/hello.png")));
  assert.match(
    readFileSync(join(astro.site, "content/blog/hello/index.md"), "utf8"),
    /^!\[pic\]\(\.\/hello\.png\)$/m,
  );
  assert.ok(
    !existsSync(join(astro.site, "content/blog/first-post.md")),
    "the starter's post gave way to the site's own",
  );
});

test("Starlight's docs are pages at their own paths, each translation beside its text in its language", () => {
  const starlight = byFixture("astro-starlight");
  const english = readFileSync(join(starlight.site, "content/pages/guides/example.md"), "utf8");
  const french = readFileSync(join(starlight.site, "content/pages/fr/guides/example.md"), "utf8");
  assert.match(english, /^translationKey: docs:guides\/example$/m);
  assert.match(french, /^translationKey: docs:guides\/example$/m);
  assert.match(french, /^lang: fr$/m);
  assert.match(readFileSync(join(starlight.site, "content/site.yaml"), "utf8"), /^languages: \[ en, fr \]$/m);
});

test("a post of the source that would not arrive is an error and nothing is written, unless --accept-loss is given", async () => {
  const source = join(tempDir("sitegen-keeps-loss-"), "source");
  cpSync(join(FIXTURES, "jekyll-kept"), source, { recursive: true });
  writeFileSync(
    join(source, "_posts/2020-03-03-broken.md"),
    "---\ntitle: [unclosed\n---\n\nA post whose front matter no reader can read.\n",
  );
  const site = join(source, "..", "site");
  const refused = await sitegenHere(["import", source, site, "--no-build"], { env: { PATH: NODE_ONLY } });
  assert.equal(refused.status, 1, refused.stdout);
  assert.match(
    refused.stderr,
    /_posts\/2020-03-03-broken\.md(:\d+)?: a post of the source that would not arrive/,
  );
  assert.match(refused.stderr, /--accept-loss/);
  assert.ok(!existsSync(site), "nothing was written");
  const accepted = await sitegenHere(["import", source, site, "--no-build", "--accept-loss", "--json"], {
    env: { PATH: NODE_ONLY },
  });
  assert.equal(accepted.status, 0, accepted.stderr);
  assert.ok(
    JSON.parse(accepted.stdout).left.some(
      (each: { file: string; post?: boolean }) =>
        each.file.endsWith("_posts/2020-03-03-broken.md") && each.post === true,
    ),
  );
  assert.ok(existsSync(join(site, "content/blog/2020-01-01-first.md")));
  // An Eleventy post no reader can read stops the import as well.
  const eleventy = join(tempDir("sitegen-keeps-loss-eleventy-"), "source");
  cpSync(join(FIXTURES, "eleventy-elsewhere"), eleventy, { recursive: true });
  writeFileSync(join(eleventy, "src/blog/broken.md"), "---\ntitle: [unclosed\n---\n\nUnread.\n");
  const stopped = await sitegenHere(["import", eleventy, join(eleventy, "..", "site"), "--no-build"], {
    env: { PATH: NODE_ONLY },
  });
  assert.equal(stopped.status, 1, stopped.stdout);
  assert.match(stopped.stderr, /src\/blog\/broken\.md(:\d+)?: a post of the source that would not arrive/);
});

test("an Astro post's picture named percent-encoded (`./t%C3%A9l%C3%A9ph%C3%A9rique.svg`) moves beside the post under its file's own name, where the text finds it", async () => {
  const source = join(tempDir("sitegen-keeps-encoded-"), "source");
  cpSync(join(FIXTURES, "astro-encoded-image"), source, { recursive: true });
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"], { env: { PATH: NODE_ONLY } });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.ok(
    existsSync(join(site, "content/blog/cable-car/téléphérique.svg")),
    JSON.stringify(report.written),
  );
  assert.deepEqual(
    report.build.warnings.filter((each: { kind: string }) => each.kind === "broken-image"),
    [],
  );
  // The build found the picture where the moved text names it.
  assert.match(
    readFileSync(join(site, "content/blog/cable-car/index.md"), "utf8"),
    /^!\[téléphérique\.svg\]\(/m,
  );
});

test("a TypeScript configuration of 1.7 MB is read whole, its types erased and its values where they were", () => {
  mkdirSync(tempDir("sitegen-keeps-big-"), { recursive: true });
  const unit = (index: number) =>
    `type Row${index} = { id: string; when?: Date };\nexport interface Shape${index} { base: string }\nconst c${index}: Record<string, number> = { a${index}: ${index} } as const satisfies Record<string, number>;\nfunction f${index}(x: string, y?: number): string { return x!.trim(); }\nconst t${index} = c${index}.a${index} > 1 ? (c${index}) : { a${index}: 0 };\n`;
  let source =
    'import { defineCollection } from "astro:content";\nimport type { Loader } from "astro/loaders";\n';
  for (let index = 0; source.length < 1_700_000; index++) source += unit(index);
  source +=
    "export const collections = { posts: defineCollection({ loader: glob({ base: 'src/posts' }) }) };\n";
  const read = readScript(source, true);
  assert.equal(read.problem, undefined, `line ${read.line}`);
  const last = read.program!.body.at(-1) as unknown as {
    declaration: { declarations: { id: { name: string } }[] };
  };
  assert.equal(last.declaration.declarations[0].id.name, "collections");
  assert.equal(withoutTypes(source).split("\n").length, source.split("\n").length, "every line where it was");
});

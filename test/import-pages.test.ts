/**
 * What moving real sites found left behind or changed, each as a fixture of
 * its own, built by its generator where it runs here (Debian's Jekyll and
 * Hugo, Eleventy from npm; Astro's built folder is its documented routing,
 * written by hand) and imported with that folder as the reference:
 *
 * - a Jekyll page of HTML outside any collection (`kits/run.html`) is moved
 *   as a page, its HTML as written; a page that lists the site's posts or
 *   tags (or one category's) is the new site's own to make, its old address a 301 to it; a
 *   post's time is shown on the day the site's `timezone` gave it; a post
 *   named with a one-digit month is a post, one dated in a form only Ruby
 *   reads is dated as Jekyll read it; kramdown's addresses with spaces keep
 *   their pictures;
 * - Hugo shows Liquid's `{% raw %}` as written, and so does the move; the
 *   proof reads a highlighter's numbers in code as the author's where they
 *   are tokens of it, and an autolink's escapes as the characters they are;
 * - Astro's `.astro` pages answer with a 301 to their counterpart (a
 *   language's home, the search page) or are named by kind; its posts in
 *   two language folders are translations, by path or `translationId`;
 * - an Eleventy permalink that code computes (a function in a data file,
 *   `eleventyComputed.permalink`) comes from the site's own Eleventy, else
 *   from the built folder, else is reported unknown, never guessed.
 *
 * Old addresses are held on the preview server, Netlify's emulator and
 * Cloudflare's runtime.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { answersOnEveryHost } from "./helpers/landings.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURES = join(ROOT, "test/fixtures");
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
const tools = needTools(["jekyll", "hugo"]);

type Report = ReturnType<typeof JSON.parse>;

/** The fixture copied, built by its generator into out/ beside it, and imported with that folder as the old site. */
async function moved(
  fixture: string,
  build: (source: string, out: string) => { command: string; args: string[] },
  prepare?: (source: string) => void,
  built?: (out: string) => void,
): Promise<{ source: string; out: string; site: string; report: Report }> {
  const source = join(tempDir(`sitegen-pages-${fixture}-`), "source");
  cpSync(join(FIXTURES, fixture), source, { recursive: true });
  prepare?.(source);
  const out = join(source, "..", "out");
  mkdirSync(out);
  const { command, args } = build(source, out);
  const generated = spawnSync(command, args, { cwd: source, encoding: "utf8" });
  assert.equal(generated.status, 0, generated.stderr);
  built?.(out);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return { source, out, site, report: JSON.parse(run.stdout) };
}

const unanswered = (report: Report) => JSON.stringify(report.proof.answered.unanswered);
const pageOf = (report: Report, old: string) =>
  report.proof.pages.find((each: { old: string }) => each.old === old);

test("a Jekyll page of HTML is moved as written and its old address answers; the theme's lists of posts and tags lead to the new ones; each post is held to its old page, its day and pictures too", {
  skip: tools.skip,
}, async () => {
  // The second page of the posts' list, where jekyll-paginate (not installed here) writes it; the second page of the
  // category's notes/, where octopress-paginate (nor it) writes it, and the page jekyll-redirect-from writes for an old
  // name of that list; and the old site's page for an address it did not have, written as a folder (`/404/`), which
  // the new site's own 404 replaces.
  const paginated = (out: string) => {
    const page = (path: string, body: string) => {
      mkdirSync(join(out, path), { recursive: true });
      writeFileSync(
        join(out, path, "index.html"),
        `<!DOCTYPE html><html><head><title>Harbour kits</title>${body}</head><body><main><h3>Editor tips</h3></main></body></html>\n`,
      );
    };
    page("page2", "");
    page("notes/2", "");
    page("logbook", '<meta http-equiv="refresh" content="0; url=/notes/">');
    page("404", "");
  };
  const { site, report } = await moved(
    "import-jekyll-pages",
    (source, out) => ({
      command: tools.path("jekyll"),
      args: ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    }),
    undefined,
    paginated,
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  assert.equal(report.proof.answered.answer, report.proof.answered.old, unanswered(report));
  const run = readFileSync(join(site, "content/pages/kits/run.md"), "utf8");
  assert.match(run, /^markup: html$/m);
  assert.match(
    run,
    /^<h3>Run your html code<\/h3>\n<p>Paste a fragment of markup into the box, and the harbour's sandbox shows it\.<\/p>\n<textarea id="code" rows="8" cols="60"><\/textarea>$/m,
  );
  assert.deepEqual(pageOf(report, "/kits/run.html").words, { old: 18, kept: 18 });
  // The theme's lists: not moved as pages of Liquid, each old address a 301 to the new site's list.
  for (const list of ["archive.html", "tags.html", "index.html", "harbour.html"])
    assert.ok(
      report.left.some(
        (each: { file: string; why: string }) =>
          each.file.endsWith(`source/${list}`) && /^a list of the site's (posts|tags)/.test(each.why),
      ),
      list,
    );
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  assert.match(redirects, /^ {2}\/archive\.html: \/blog\/$/m);
  assert.match(redirects, /^ {2}\/tags\.html: \/tags\/$/m);
  assert.match(
    redirects,
    /^ {2}\/page2\/: \/blog\/$/m,
    "a list's page the new blog does not have leads to its first",
  );
  // A list of one category's posts leads to that category's page; `category:` is one category, its words kept together, as Jekyll reads it.
  assert.match(redirects, /^ {2}\/harbour\.html: \/tags\/harbour-notes\/$/m);
  // So does a page its paginator fills with one category's posts, each of its numbered pages, and an old name for it.
  for (const old of ["/notes/", "/notes/2/", "/logbook/"])
    assert.match(redirects, new RegExp(`^ {2}${old}: /tags/harbour-notes/$`, "m"), old);
  assert.match(
    readFileSync(join(site, "content/blog/2012-10-26-late-tide.md"), "utf8"),
    /^category:\n {2}- Harbour Notes$/m,
  );
  // 18:13 UTC on the 26th is the 27th in Hong Kong, the day the old page showed.
  assert.match(
    readFileSync(join(site, "content/blog/2012-10-26-late-tide.md"), "utf8"),
    /^date: 2012-10-27 02:13:57 \+08:00$/m,
  );
  const tide = pageOf(report, "/archive/late-tide.html");
  assert.deepEqual(
    [tide.words.kept, tide.media],
    [tide.words.old, { old: 2, kept: 2 }],
    JSON.stringify(tide.missing),
  );
  assert.match(
    readFileSync(join(site, "content/blog/2012-10-26-late-tide.md"), "utf8"),
    /^!\[The first flow\]\(<\/images\/flow \(1\)\.png> "Flow one"\)$/m,
  );
  assert.match(
    readFileSync(join(site, "content/blog/2012-10-26-late-tide.md"), "utf8"),
    /`!\[\]\(a b\.png\)` code stay code/,
  );
  assert.ok(
    existsSync(join(site, "content/blog/2017-4-20-editor-tips.md")),
    "a post named with a one-digit month is a post",
  );
  // A date only Ruby's Time.parse reads is written as Jekyll read it, and the report says so.
  assert.match(
    readFileSync(join(site, "content/blog/2021-09-03-slack-water.md"), "utf8"),
    /^date: ["']?2021-09-03T\d{2}:21:31[+-]\d{2}:\d{2}["']?$/m,
  );
  assert.ok(
    report.notes.some(
      (each: { file: string; why: string }) =>
        each.file.endsWith("2021-09-03-slack-water.md") &&
        /only Ruby reads: written as Jekyll read it/.test(each.why),
    ),
    JSON.stringify(report.notes),
  );
  await answersOnEveryHost(site, [
    ["/kits/run.html", "/kits/run/"],
    ["/archive.html", "/blog/"],
    ["/tags.html", "/tags/"],
    ["/harbour.html", "/tags/harbour-notes/"],
    ["/page2/", "/blog/"],
    ["/archive/late-tide.html", "/blog/late-tide/"],
    ["/archive/editor-tips.html", "/blog/editor-tips/"],
  ]);
});

test("a Hugo post keeps the Liquid tags Hugo showed as written, and is held to its old page word for word: numbers its code starts lines with, an autolink's escapes", {
  skip: tools.skip,
}, async () => {
  const { site, report } = await moved("import-hugo-kept", (source, out) => ({
    command: tools.path("hugo"),
    args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
  }));
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  assert.equal(report.proof.answered.answer, report.proof.answered.old, unanswered(report));
  for (const old of ["/posts/liquid-braces/", "/posts/escaping/"]) {
    const page = pageOf(report, old);
    assert.equal(page.words.kept, page.words.old, `${old}: ${JSON.stringify(page.missing)}`);
  }
  const html = readFileSync(join(site, "dist/blog/liquid-braces/index.html"), "utf8");
  assert.match(html, /\{%raw%\}\{\{thing\}\}\{%endraw%\}/);
  assert.match(html, /Hugo shows \{% raw %\} and \{% endraw %\} here/);
  // No Liquid of Jekyll's is converted in a Hugo text.
  assert.ok(!Object.keys(report.converted).includes("{% raw %}"), JSON.stringify(report.converted));
});

test("an Astro site's .astro pages lead to their counterparts, a language's home to the home and its search to the search page; what has none is named by kind; its posts in two languages are translations", async () => {
  const root = join(FIXTURES, "import-astro-pages");
  const site = join(tempDir("sitegen-pages-astro-"), "site");
  const run = await sitegenHere([
    "import",
    join(root, "source"),
    site,
    "--old-site",
    join(root, "built"),
    "--json",
  ]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  assert.deepEqual(report.proof.answered.unanswered, [{ url: "/uses.html", kind: "other" }]);
  assert.equal(report.proof.answered.answer, report.proof.answered.old - 1);
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  for (const line of ["/en.html: /", "/search.html: /search/", "/en/search.html: /search/"])
    assert.match(redirects, new RegExp(`^ {2}${line.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`, "m"));
  assert.ok(
    !report.lost.some((each: { url: string }) => each.url === "/en.html"),
    "an old page that leads to its counterpart is not lost",
  );
  // By their path below the locale's folder (farol.md), and by the id the English one names (translationId: mare).
  const keys = (name: string) =>
    /^translationKey: (.+)$/m.exec(readFileSync(join(site, "content/blog", name), "utf8"))?.[1];
  assert.equal(keys("the-lighthouse.en.md"), keys("farol.md"));
  assert.equal(keys("tides.en.md"), keys("mare.md"));
  assert.notEqual(keys("farol.md"), keys("mare.md"));
  for (const page of report.proof.pages)
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
  // A collection no route lists had no page of its own on the old site: moved, and said so.
  assert.ok(
    report.unknownUrls.some(
      (each: { file: string; why: string }) =>
        each.file.endsWith("notes/knot.md") && /published no page of it/.test(each.why),
    ),
    JSON.stringify(report.unknownUrls),
  );
  await answersOnEveryHost(site, [
    ["/en.html", "/"],
    ["/search.html", "/search/"],
    ["/en/search.html", "/search/"],
    ["/en/the-lighthouse.html", "/blog/farol-en/"],
    ["/mare.html", "/blog/mare/"],
  ]);
});

test("an Eleventy permalink computed by code comes from the site's own Eleventy, else from its built folder, and is never guessed", async () => {
  const fixture = "import-eleventy-permalink";
  const eleventy = (_source: string, out: string) => ({
    command: process.execPath,
    args: [ELEVENTY, `--output=${out}`, "--quiet"],
  });
  const published = {
    "blog/first-light.md": "/notes/first-light/",
    "blog/second-light.md": "/kept/second/",
    "essays/harbour-walls.md": "/essays/2020/harbour-walls/",
  };
  const fromOf = (report: Report) =>
    Object.fromEntries(
      (report.moved as { file: string; from: string[] }[]).map((each) => [
        each.file.replace(/^.*\/src\//, ""),
        each.from[0],
      ]),
    );
  // Eleventy's own build is the reference: each page where the site's code put it.
  const { out, report: asked } = await moved(fixture, eleventy, (source) => {
    mkdirSync(join(source, "node_modules/.bin"), { recursive: true });
    symlinkSync(ELEVENTY, join(source, "node_modules/.bin/eleventy"));
  });
  const written = readdirSync(out, { recursive: true })
    .filter((path) => String(path).endsWith("index.html"))
    .map((path) => `/${String(path).replace(/index\.html$/, "")}`)
    .sort();
  assert.deepEqual(written, Object.values(published).sort());
  assert.deepEqual(asked.addresses, { generator: 3, folder: 0, computed: 0 });
  assert.deepEqual(fromOf(asked), published);
  assert.equal(asked.proof.answered.answer, asked.proof.answered.old, unanswered(asked));

  // Without the site's Eleventy, the built folder gives them, each page found by its title.
  const { report: found } = await moved(fixture, eleventy);
  assert.match(found.addresses.notAsked, /has not installed its own Eleventy/);
  assert.deepEqual(fromOf(found), published);
  assert.equal(found.proof.answered.answer, found.proof.answered.old, unanswered(found));

  // With neither, the address is unknown and said so, where it was computed from the file's path before.
  const source = join(tempDir("sitegen-pages-eleventy-alone-"), "source");
  cpSync(join(FIXTURES, fixture), source, { recursive: true });
  const alone = await sitegenHere(["import", source, join(source, "..", "site"), "--no-build", "--json"]);
  assert.equal(alone.status, 0, alone.stderr);
  const report = JSON.parse(alone.stdout);
  assert.deepEqual(fromOf(report), {
    "blog/first-light.md": undefined,
    "blog/second-light.md": "/kept/second/",
    "essays/harbour-walls.md": undefined,
  });
  const unknown = (report.unknownUrls as { file: string; why: string }[]).map(
    (each) => `${each.file.replace(/^.*\/src\//, "")}: ${each.why}`,
  );
  assert.ok(
    unknown.some((line) =>
      /^blog\/first-light\.md: its permalink is computed by code \(`permalink` in .*blog\.11tydata\.js\)/.test(
        line,
      ),
    ),
    unknown.join("\n"),
  );
  assert.ok(
    unknown.some((line) =>
      /^essays\/harbour-walls\.md: its permalink is computed by code \(`eleventyComputed\.permalink` in .*essays\.11tydata\.js\)/.test(
        line,
      ),
    ),
    unknown.join("\n"),
  );
  rmSync(join(source, ".."), { recursive: true, force: true });
});

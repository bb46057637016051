/**
 * A move proved against the old site itself. Each fixture is built by its
 * own generator (Debian's Jekyll and Hugo), and `sitegen import` is given
 * that built folder (`--old-site`): every address comes from the generator
 * (Jekyll's Ruby API, `hugo list all`) or the built folder, never from a copy
 * of its rules; every page the old site published answers, its lists and
 * tag pages by site.yaml's `redirects:`; and each moved page is held to the
 * old one's words, images and links, a page that lost a sentence named with
 * what it lost.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, startPreviewServer, tempDir, type Running } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURES = join(ROOT, "test/fixtures/generators");
const tools = needTools(["jekyll", "hugo"]);
const servers: Running[] = [];
after(async () => {
  for (const server of servers) await server.stop();
});

/** The fixture copied and built by its generator into out/, beside it. */
function builtByItsGenerator(
  fixture: string,
  command: (source: string, out: string) => string[],
  tool: "jekyll" | "hugo",
  add?: (source: string) => void,
): { source: string; out: string } {
  const source = join(tempDir(`sitegen-proof-${fixture}-`), "source");
  cpSync(join(FIXTURES, fixture), source, { recursive: true });
  add?.(source);
  const out = join(source, "..", "out");
  mkdirSync(out);
  const run = spawnSync(tools.path(tool), command(source, out), { cwd: source, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return { source, out };
}

async function imported(
  source: string,
  out: string,
): Promise<{ site: string; report: ReturnType<typeof JSON.parse> }> {
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return { site, report: JSON.parse(run.stdout) };
}

test("a Jekyll site: every address from Jekyll itself, every old page answers, and a sentence the old page had and the source lost is named", {
  skip: tools.skip,
}, async () => {
  // A month of one digit in a post's name, which Jekyll publishes (its DATE_FILENAME_MATCHER reads \d{1,2}).
  const { source, out } = builtByItsGenerator(
    "jekyll",
    (src, dest) => ["build", "--disable-disk-cache", "--quiet", "-s", src, "-d", dest],
    "jekyll",
    (src) => {
      writeFileSync(
        join(src, "_posts/2017-4-20-editor-tips.md"),
        "---\ntitle: Editor tips\n---\n\nThree tips for the editor, one for each hand and one for the feet.\n",
      );
    },
  );
  // What a reader of the old site saw and its source no longer holds: the proof must find it missing.
  const page = join(out, "docs/history/index.html");
  writeFileSync(
    page,
    readFileSync(page, "utf8").replace("</body>", "<p>Quartermasters tallied seventeen harpoons.</p></body>"),
  );
  const { site, report } = await imported(source, out);
  assert.deepEqual(report.addresses, {
    generator: report.read.posts + report.read.pages,
    folder: 0,
    computed: 0,
  });
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  assert.ok(
    report.moved.some((each: { from: string[] }) => each.from.includes("/2017/04/20/editor-tips/")),
    "the post of a one-digit month is moved",
  );
  const history = report.proof.pages.find((each: { old: string }) => each.old === "/docs/history/");
  assert.ok(history.words.kept < history.words.old);
  for (const word of ["quartermasters", "tallied", "seventeen", "harpoons"])
    assert.ok(history.missing.words.includes(word), word);
  const about = report.proof.pages.find((each: { old: string }) => each.old === "/about/");
  assert.equal(about.words.kept, about.words.old, JSON.stringify(about.missing));

  // Later, with no import: the same proof from the built site, and a page of the old site nothing answers fails it.
  const compared = await sitegenHere(["compare", out, "--dist", join(site, "dist")]);
  assert.equal(compared.status, 0, compared.stderr);
  assert.match(
    compared.stdout,
    new RegExp(
      `old pages that answer \\(200, or a 301 to a page that does\\): ${report.proof.answered.old}/${report.proof.answered.old}`,
    ),
  );
  mkdirSync(join(out, "lost-page"));
  writeFileSync(
    join(out, "lost-page/index.html"),
    "<html><body><p>Only the old site had this.</p></body></html>",
  );
  const missing = await sitegenHere(["compare", out, "--dist", join(site, "dist")]);
  assert.equal(missing.status, 1);
  assert.match(missing.stdout, /old pages with no answer, document \(1\):\n {4}\/lost-page\//);
});

test("a Hugo site in three languages: addresses from `hugo list all`, its tag, list and language pages redirected to their counterparts, each answering on the preview server", {
  skip: tools.skip,
}, async () => {
  const { source, out } = builtByItsGenerator(
    "hugo-multilingual",
    (src, dest) => ["--source", src, "--destination", dest, "--quiet", "--noBuildLock"],
    "hugo",
  );
  const { site, report } = await imported(source, out);
  assert.ok(report.addresses.generator >= 15, JSON.stringify(report.addresses));
  assert.equal(report.addresses.computed, 0);
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  assert.match(redirects, /^ {2}\/field\/tags\/: \/tags\/$/m);
  assert.match(redirects, /^ {2}\/field\/fr\/categories\/: \/tags\/$/m);
  // The move's own proof, read from the build: no tag, list or archive page of the old site is left without an answer.
  const kinds = new Set(report.proof.answered.unanswered.map((each: { kind: string }) => each.kind));
  for (const kind of ["home", "listing", "tags", "archive"])
    assert.ok(!kinds.has(kind), `${kind}: ${JSON.stringify(report.proof.answered.unanswered)}`);
  const server = await startPreviewServer(join(site, "dist"));
  servers.push(server);
  for (const [from, to] of [
    ["/field/tags/", "/tags/"],
    ["/field/fr/categories/", "/tags/"],
  ]) {
    const response = await fetch(new URL(from, server.url), {
      redirect: "manual",
      headers: { accept: "text/html" },
    });
    assert.equal(response.status, 301, from);
    assert.equal(response.headers.get("location"), to, from);
    assert.equal((await fetch(new URL(to, server.url))).status, 200, to);
  }
});

test("site.yaml's redirects: each a 301 on every host's rules; one to a path the site does not publish is left out, with a warning at its line", async () => {
  const root = join(tempDir("sitegen-redirects-"), "site");
  assert.equal((await sitegenHere(["init", root, "--no-install"])).status, 0);
  appendFileSync(
    join(root, "content/site.yaml"),
    "redirects:\n  /archives/: /blog/\n  /tag/nowhere/: /tags/nowhere/\n",
  );
  const lines = readFileSync(join(root, "content/site.yaml"), "utf8").split("\n");
  const build = await sitegenHere(["build"], { cwd: root });
  assert.equal(build.status, 0, build.stderr);
  assert.match(
    build.stderr,
    new RegExp(
      `content/site\\.yaml:${lines.indexOf("  /tag/nowhere/: /tags/nowhere/") + 1}: the redirect from \`/tag/nowhere/\` leads to \`/tags/nowhere/\`, which the site does not publish: left out`,
    ),
  );
  const rules = readFileSync(join(root, "dist/_redirects"), "utf8");
  assert.match(rules, /^\/archives\/ \/blog\/ 301$/m);
  assert.doesNotMatch(rules, /nowhere/);
});

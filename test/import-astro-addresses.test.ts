/**
 * Where an Astro site published each text, asked of its own Astro, with no
 * built folder given: a route's code decides it (a year from the entry's
 * date, a page that renders one entry by name, a `slug:` of its own, all
 * under the site's base path), which no copy of Astro's routing rules
 * knows. The fixture is built by Astro as the reference, and imported
 * without `--old-site`: each old address is the page Astro wrote, and leads
 * to the moved page on every host. Astro comes from npm into a folder beside
 * the clone (test/helpers/astro.ts): a run without it skips, and CI fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { answersOnEveryHost } from "./helpers/landings.ts";
import { astroSkip, installAstro } from "./helpers/astro.ts";
import { problemOf } from "../src/import/astro-build.ts";

const FIXTURE = join(ROOT, "test/fixtures/generators/astro-addresses");

/** Each text and the page Astro's build wrote it to: the logbook's year, the note's page and the custom slug only Astro's code gives. */
const PUBLISHED = {
  "src/content/posts/first-light.md": "/harbour/blog/first-light/",
  "src/content/posts/lamp-room.md": "/harbour/blog/the-lamp-room/",
  "src/content/posts/fog-signal.mdx": "/harbour/blog/fog-signal/",
  "src/logbook/storm-watch.md": "/harbour/logbook/2023/storm-watch/",
  "src/logbook/calm-week.md": "/harbour/logbook/2024/calm-week/",
  "src/content/docs/guides/lighting-up.md": "/harbour/docs/guides/lighting-up/",
  "src/content/docs/reference/signals.md": "/harbour/docs/reference/signals/",
  "src/notes/history.md": "/harbour/history/",
  "src/pages/about.md": "/harbour/about/",
};

type Report = ReturnType<typeof JSON.parse>;

const oldAddresses = (report: Report) =>
  Object.fromEntries(
    (report.moved as { file: string; from: string[] }[]).map((each) => [
      each.file.replace(/^.*?\/source\//, ""),
      each.from[0],
    ]),
  );

test("without a built folder, each text's old address is the page the site's own Astro built it to, and leads to the moved page on every host", {
  skip: astroSkip,
}, async () => {
  const source = join(tempDir("sitegen-astro-addresses-"), "source");
  cpSync(FIXTURE, source, { recursive: true });
  installAstro(source);
  // The reference: the site as Astro builds it, its pages under the base path where its host serves them.
  const out = join(source, "..", "out");
  mkdirSync(out);
  const built = spawnSync(join(source, "node_modules/.bin/astro"), ["build", "--outDir", out], {
    cwd: source,
    encoding: "utf8",
  });
  assert.equal(built.status, 0, built.stderr);
  const pages = readdirSync(out, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith("index.html"))
    .map((path) => `/harbour/${path.replace(/index\.html$/, "")}`);
  for (const address of Object.values(PUBLISHED)) assert.ok(pages.includes(address), address);

  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.addresses, { generator: 9, folder: 0, computed: 0 });
  assert.deepEqual(oldAddresses(report), { ...PUBLISHED, "src/notes/tide-tip.md": undefined });
  // The tip beneath every guide is on two pages alike, neither its own: not taken, and said so.
  const tip = report.notes.find((note: { file: string }) => note.file.endsWith("notes/tide-tip.md"));
  assert.match(
    tip?.why ?? "",
    /showed its text alike on 2 pages \(\/harbour\/docs\//,
    JSON.stringify(report.notes),
  );
  // The same build gave the MDX post's expression: one build of the site for both.
  assert.ok(
    report.notes.some(
      (note: { file: string; line: number; why: string }) =>
        note.file.endsWith("fog-signal.mdx") && note.line === 8 && /Astro ran it/.test(note.why),
    ),
    JSON.stringify(report.notes),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  const moved = (report.moved as { file: string; to: string }[]).map((each) => [
    PUBLISHED[each.file.replace(/^.*?\/source\//, "") as keyof typeof PUBLISHED],
    each.to,
  ]);
  await answersOnEveryHost(
    site,
    moved.filter((pair): pair is [string, string] => pair[0] !== undefined),
    { samePath: true },
  );
});

test("where the site has not installed its own Astro, the addresses are computed from its routes and the report says why Astro was not asked", async () => {
  const source = join(tempDir("sitegen-astro-addresses-alone-"), "source");
  cpSync(FIXTURE, source, { recursive: true });
  const run = await sitegenHere(["import", source, join(source, "..", "site"), "--no-build", "--json"]);
  assert.equal(run.status, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.match(report.addresses.notAsked, /has not installed its own Astro/);
  assert.equal(report.addresses.generator, 0);
  // The routes as sitegen reads them give the logbook no year: what the site's own Astro is asked for.
  assert.equal(oldAddresses(report)["src/logbook/storm-watch.md"], "/harbour/logbook/storm-watch/");
  assert.equal(oldAddresses(report)["src/notes/history.md"], undefined);
});

test("the reason Astro's build failed is its own error line: a flagged error, or one Node printed as the process ended", () => {
  const flagged = [
    "12:00:01 [build] Building static entrypoints...",
    "12:00:02 [ERROR] [vite] ✗ Build failed in 1.20s",
    'Could not resolve "../components/Keys.astro" from "src/content/blog/notes.mdx"',
    "  Stack trace:",
    "    at resolve (file:///x.js:1:1)",
  ].join("\n");
  assert.equal(
    problemOf(flagged),
    '[vite] Could not resolve "../components/Keys.astro" from "src/content/blog/notes.mdx"',
  );
  const uncaught = [
    "12:00:03 ✓ Completed in 8ms.",
    "",
    "node:internal/process/promises:391",
    "    triggerUncaughtException(err, true /* fromPromise */);",
    "    ^",
    "",
    "MissingSharp: Could not find Sharp. Please install Sharp (`sharp`) manually into your project.",
    "  loc: undefined,",
    "  type: 'AstroError'",
    "}",
    "",
    "Node.js v20.20.2",
  ].join("\n");
  assert.equal(
    problemOf(uncaught),
    "MissingSharp: Could not find Sharp. Please install Sharp (`sharp`) manually into your project.",
  );
});

/**
 * The cache fuzz: seeded random edits of a site's posts and random
 * tampering with its build cache between warm builds, through the real CLI.
 * The site is the starter's with the fixture's posts (its post page shows
 * its neighbours' titles) and a post with code, so the cache holds pages,
 * records and highlighted blocks. Each round edits the content as a commit
 * does (retitle, re-date, re-tag, make a draft, delete, add, rename, a new
 * paragraph), then does to `.sitegen-cache` what a careless user, a broken
 * disk or an attacker would: objects edited, cut short, swapped, replaced by
 * links out of the tree or to /proc/self/environ; records edited, or forged
 * with their checksum made again (a slug or ETag that climbs out, a status
 * turned, a key out of the content); highlighted blocks planted; the index
 * cut short or a link; the folder's parts (a highlighter's folder among
 * them), its mark or the folder itself replaced by links.
 *
 * What every round must end in: `sitegen build` exits 0 and writes, byte for
 * byte, what `sitegen build --no-cache` writes (the cache refused, with a
 * note, or records dropped and built again); never a byte of a file outside
 * the site, never a file outside it removed, changed or written, never a
 * stack trace.
 *
 * What it does not try: a forgery of what a post shows (a record's title, an
 * object and its name made again together). Nothing in a cache tells a
 * forgery from what sitegen wrote: whoever writes the folder writes the
 * pages. That is why a deploy preview saves no cache (src/hosts/netlify/
 * cache-plugin.ts) and docs/content/pages/deploy/build-cache.md says whom a
 * cache must come from.
 */
import { execFile } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rng } from "../bench/random.ts";
import { CLI, EPOCH, ROOT } from "../test/helpers/dist.ts";
import { assertSameTree, readTree } from "../test/helpers/site.ts";
import { EDITS, picker, posts, TAMPERINGS, type Round } from "./cache-tamperings.ts";
import { countsLine } from "./counts.ts";

export interface CacheFuzzOptions {
  seed: number;
  /** Warm builds, each after an edit and some tampering. */
  rounds: number;
  log?: (text: string) => void;
}

export interface CacheReport {
  rounds: number;
  /** What was tried, by kind: each content edit and each tampering, counted. */
  tried: Record<string, number>;
  /** How the warm builds ended: `equal to cold`, and of those, `cache refused` or `posts built again` as their notes said. */
  outcomes: Record<string, number>;
  failures: string[];
}

/** The CLI in `cwd`, as a user runs it. */
function runCli(cwd: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const { NETLIFY: _n, URL: _u, CONTEXT: _c, ...env } = process.env;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd,
        env: { ...env, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1" },
        encoding: "utf8",
        timeout: 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** The starter's site with the fixture's posts and a post with code, in `work`. */
async function baseSite(work: string): Promise<string> {
  const site = join(work, "site");
  const made = await runCli(work, ["init", site, "--no-install"]);
  if (made.status !== 0) throw new Error(`sitegen init failed:\n${made.stderr}`);
  cpSync(join(ROOT, "test/fixtures/starter-blog/blog"), join(site, "content/blog"), { recursive: true });
  writeFileSync(
    join(site, "content/blog/with-code.md"),
    '---\ntitle: "With code"\ndescription: "A post with code, highlighted."\ndate: 2026-03-03\ntags: [code]\n---\n\n```python\nfor attempt in range(3):\n    send("<message>") & log(attempt)\n```\n\n```json\n{"a": [1, 2]}\n```\n',
  );
  return site;
}

/** Everything under `dir`, as it is, to tell whether a build touched it. */
function snapshot(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) found.set(path, readFileSync(path));
    }
  };
  walk(dir);
  return found;
}

export async function fuzzCache(options: CacheFuzzOptions): Promise<CacheReport> {
  const work = join(tmpdir(), `sitegen-cache-fuzz-${process.pid}-${options.seed}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const next = rng(options.seed);
  const token = `canary-${options.seed}-outside-the-tree`;
  const round: Round = {
    site: "",
    cache: "",
    outside: join(work, "outside"),
    token,
    next,
    pick: picker(next),
  };
  mkdirSync(join(round.outside, "objects"), { recursive: true });
  writeFileSync(join(round.outside, "secret"), `${token}\n`);
  writeFileSync(join(round.outside, "objects", "keep"), `${token} kept\n`);
  const report: CacheReport = { rounds: 0, tried: {}, outcomes: {}, failures: [] };
  const count = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);
  try {
    round.site = await baseSite(work);
    round.cache = join(round.site, ".sitegen-cache");
    const first = await runCli(round.site, ["build", "--quiet"]);
    if (first.status !== 0) throw new Error(`the site failed to build:\n${first.stderr}`);
    for (let index = 0; index < options.rounds; index++) {
      report.rounds++;
      const files = posts(round);
      const edit = round.pick(Object.keys(EDITS));
      if (files.length > 3) EDITS[edit](round, round.pick(files));
      count(report.tried, `edit: ${edit}`);
      const tamperings = Array.from({ length: 1 + Math.floor(next() * 2) }, () =>
        round.pick(Object.keys(TAMPERINGS)),
      );
      for (const tampering of tamperings) {
        try {
          TAMPERINGS[tampering](round);
        } catch {
          // A tampering that finds nothing to tamper with (no objects left, a part already gone) tampers with nothing.
        }
        count(report.tried, `cache: ${tampering}`);
      }
      const label = `round ${index} (${edit}; ${tamperings.join(", ")})`;
      // Taken after the tampering: a cache folder moved out of the site, as a link's target, is held to it too.
      const outsideBefore = snapshot(round.outside);
      const warm = await runCli(round.site, ["build", "--json", "--out", "warm"]);
      const cold = await runCli(round.site, ["build", "--json", "--no-cache", "--out", "cold"]);
      for (const [name, run] of [
        ["warm", warm],
        ["cold", cold],
      ] as const) {
        if (/\n\s+at .+:\d+:\d+\)?\n|\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/.test(run.stderr))
          report.failures.push(
            `${label}: the ${name} build printed a stack trace:\n${run.stderr.slice(0, 1500)}`,
          );
      }
      if (cold.status !== 0) {
        // An edit the content cannot take (every post a draft…) is the content fuzz's concern; the cache's is equality.
        count(report.outcomes, "content refused, cold and warm alike");
        if (warm.status !== cold.status)
          report.failures.push(
            `${label}: the cold build exited ${cold.status}, the warm one ${warm.status}:\n${cold.stderr.slice(0, 1500)}`,
          );
      } else if (warm.status !== 0) {
        report.failures.push(
          `${label}: the warm build exited ${warm.status} where the cold one built:\n${warm.stderr.slice(0, 1500)}`,
        );
      } else {
        const note = (JSON.parse(warm.stdout) as { cache?: { note?: string } }).cache?.note ?? "";
        const warmTree = readTree(join(round.site, "warm"));
        try {
          assertSameTree(warmTree, readTree(join(round.site, "cold")));
          count(
            report.outcomes,
            note.startsWith("not used: it") && /symbolic link|CACHEDIR/.test(note)
              ? "equal to cold, the cache refused"
              : /built again/.test(note)
                ? "equal to cold, posts built again"
                : "equal to cold",
          );
        } catch (error) {
          report.failures.push(
            `${label}: the warm build differs from the cold one: ${(error as Error).message} (the cache's note: ${note || "none"})`,
          );
        }
        if ([...warmTree].some(([, bytes]) => bytes.includes(token)))
          report.failures.push(`${label}: the warm build published a file from outside the site`);
        if (/not used: it (is a symbolic link|holds files and no CACHEDIR)/.test(note)) {
          // A refused folder stays refused: the next round starts from a cache of sitegen's again.
          rmSync(round.cache, { recursive: true, force: true });
        }
      }
      const outsideAfter = snapshot(round.outside);
      for (const [path, bytes] of outsideBefore)
        if (!outsideAfter.get(path)?.equals(bytes))
          report.failures.push(`${label}: ${path}, outside the site, was removed or changed`);
      for (const path of outsideAfter.keys())
        if (!outsideBefore.has(path)) report.failures.push(`${label}: ${path} was written outside the site`);
      for (const out of ["warm", "cold"]) rmSync(join(round.site, out), { recursive: true, force: true });
      // A cache left as a link to a folder outside: the folder it pointed at is outside, and stays; the link goes.
      if (lstatSync(round.cache, { throwIfNoEntry: false })?.isSymbolicLink()) rmSync(round.cache);
      options.log?.(`${label}: ${report.failures.length} failure(s) so far`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return report;
}

export function formatCacheReport(report: CacheReport): string {
  return [
    `cache: ${report.rounds} warm builds; tried ${countsLine(report.tried)}; ${countsLine(report.outcomes)}; ${report.failures.length} failure(s)`,
    ...report.failures.slice(0, 20).map((failure) => `  failure: ${failure}`),
  ].join("\n");
}

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
import { createHash } from "node:crypto";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rng } from "../bench/synthetic.ts";
import { CLI, EPOCH, ROOT } from "../test/helpers/dist.ts";
import { assertSameTree, readTree } from "../test/helpers/site.ts";

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

type Next = () => number;
type Pick = <T>(items: readonly T[]) => T;

function picker(next: Next): Pick {
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
}

/** A round's view of the site: its folders, the secret outside it, and the seeded choices. */
interface Round {
  site: string;
  cache: string;
  /** A folder beside the site, as the rest of the machine: a file there is never published, never removed. */
  outside: string;
  token: string;
  next: Next;
  pick: Pick;
}

interface Index {
  records: Record<string, Record<string, unknown> & { post: Record<string, unknown>; files: { file: string; written: { etag: string; bytes: number } }[] }>;
}

const blog = (round: Round) => join(round.site, "content/blog");
const posts = (round: Round) => readdirSync(blog(round)).filter((name) => name.endsWith(".md")).sort();

function setField(file: string, name: string, value: string): void {
  const text = readFileSync(file, "utf8");
  const line = new RegExp(`^${name}:.*$`, "m");
  writeFileSync(file, line.test(text) ? text.replace(line, `${name}: ${value}`) : text.replace(/^---\n/, `---\n${name}: ${value}\n`));
}

/** The edits a commit makes between two deploys, each on a post the seed picks. */
const EDITS: Record<string, (round: Round, post: string) => void> = {
  retitle: (round, post) => setField(join(blog(round), post), "title", `"Retitled ${Math.floor(round.next() * 1e6)}"`),
  "re-date": (round, post) => setField(join(blog(round), post), "date", `20${10 + Math.floor(round.next() * 15)}-0${1 + Math.floor(round.next() * 9)}-1${Math.floor(round.next() * 9)}`),
  "re-tag": (round, post) => setField(join(blog(round), post), "tags", `[${round.pick(["fog", "rope", "later", "maths"])}, ${round.pick(["notes", "tides", "new-tag"])}]`),
  "make a draft": (round, post) => setField(join(blog(round), post), "status", "draft"),
  publish: (round, post) => setField(join(blog(round), post), "status", "published"),
  delete: (round, post) => rmSync(join(blog(round), post)),
  add: (round) => writeFileSync(join(blog(round), `added-${Math.floor(round.next() * 1e6)}.md`), `---\ntitle: "Added ${Math.floor(round.next() * 1e6)}"\ndescription: "A post written between two builds."\ndate: 2025-0${1 + Math.floor(round.next() * 9)}-10\ntags: [later]\n---\n\nWritten between two builds.\n`),
  rename: (round, post) => renameSync(join(blog(round), post), join(blog(round), `renamed-${post}`)),
  paragraph: (round, post) => writeFileSync(join(blog(round), post), `${readFileSync(join(blog(round), post), "utf8")}\nA paragraph added later.\n`),
  none: () => {},
};

/** A record's checksum as src/write/cache.ts makes it: what a forger makes again. */
function recordSum(key: string, rest: unknown): string {
  return createHash("sha256").update(key).update("\0").update(JSON.stringify(rest)).digest("base64url").slice(0, 22);
}

function readIndex(round: Round): Index | undefined {
  try {
    return JSON.parse(readFileSync(join(round.cache, "index.json"), "utf8")) as Index;
  } catch {
    return undefined;
  }
}

/** Writes the index back; `forged`: each record's checksum made again, so that only the checks that believe nothing of it can hold it back. */
function writeIndex(round: Round, index: Index, forged: boolean): void {
  if (forged) {
    for (const [key, record] of Object.entries(index.records)) {
      const { sum: _sum, ...rest } = record;
      index.records[key] = { sum: recordSum(key, rest), ...rest } as Index["records"][string];
    }
  }
  writeFileSync(join(round.cache, "index.json"), JSON.stringify(index));
}

/** The objects in the cache, by name. */
function objects(round: Round): string[] {
  try {
    return readdirSync(join(round.cache, "objects")).sort();
  } catch {
    return [];
  }
}

/** A record of the index, picked by the seed, and the index it is in; undefined when there is none. */
function someRecord(round: Round): { index: Index; key: string; record: Index["records"][string] } | undefined {
  const index = readIndex(round);
  const keys = index ? Object.keys(index.records).sort() : [];
  if (!index || keys.length === 0) return undefined;
  const key = round.pick(keys);
  return { index, key, record: index.records[key] };
}

/** A record forged, its checksum made again: each way out or past a check that a record may try. */
const FORGERIES: Record<string, (record: Index["records"][string], round: Round) => void> = {
  "a slug that climbs out": (record) => (record.post.slug = "../../../escaped/x"),
  "an ETag that names a file outside": (record, round) => (record.files[0].written.etag = `"../../../${round.outside.split("/").pop()}/secret"`),
  "a file outside the output": (record) => (record.files[0].file = "../../escaped.html"),
  "a status turned": (record) => (record.post.status = record.post.status === "draft" ? "published" : "draft"),
  "an alias that climbs out": (record) => (record.post.aliases = [{ path: "/../../escaped/" }]),
  "a size of nothing": (record) => (record.files[0].written.bytes = 0),
  "a negative size": (record) => (record.files[1].written.bytes = -1),
  "a body of its own": (record) => (record.post.body = "A body nobody wrote."),
  "an image of another scheme": (record) => (record.post.image = "javascript:alert(1)"),
  "a date that is no day": (record) => ((record.post.date = "2024-13-45"), (record.post.published = "2024-13-45T00:00:00Z")),
};

/** Each way to tamper with the cache, as a careless user, a broken disk or an attacker would. */
const TAMPERINGS: Record<string, (round: Round) => void> = {
  "object edited in place": (round) => {
    const name = objects(round)[0] && round.pick(objects(round));
    if (!name) return;
    const bytes = readFileSync(join(round.cache, "objects", name));
    if (bytes.length > 0) bytes[Math.floor(round.next() * bytes.length)] ^= 0x20;
    writeFileSync(join(round.cache, "objects", name), bytes);
  },
  "object cut short": (round) => {
    const name = objects(round)[0] && round.pick(objects(round));
    if (name) truncateSync(join(round.cache, "objects", name), Math.floor(round.next() * 100));
  },
  "objects swapped": (round) => {
    const all = objects(round);
    if (all.length < 2) return;
    const [a, b] = [round.pick(all), round.pick(all)];
    const [pathA, pathB] = [join(round.cache, "objects", a), join(round.cache, "objects", b)];
    const bytesA = readFileSync(pathA);
    writeFileSync(pathA, readFileSync(pathB));
    writeFileSync(pathB, bytesA);
  },
  "object a link to a file outside": (round) => {
    const found = someRecord(round);
    if (!found) return;
    const { written } = found.record.files[0];
    const object = join(round.cache, "objects", written.etag.slice(1, -1));
    rmSync(object, { force: true });
    symlinkSync(join(round.outside, "secret"), object);
    written.bytes = readFileSync(join(round.outside, "secret")).length;
    writeIndex(round, found.index, true);
  },
  "object a link to /proc/self/environ": (round) => {
    const found = someRecord(round);
    if (!found) return;
    const { written } = found.record.files[round.pick([0, 1])];
    const object = join(round.cache, "objects", written.etag.slice(1, -1));
    rmSync(object, { force: true });
    symlinkSync("/proc/self/environ", object);
    written.bytes = 0;
    writeIndex(round, found.index, true);
  },
  "object a folder": (round) => {
    const name = objects(round)[0] && round.pick(objects(round));
    if (!name) return;
    rmSync(join(round.cache, "objects", name));
    mkdirSync(join(round.cache, "objects", name));
  },
  "record edited": (round) => {
    const found = someRecord(round);
    if (!found) return;
    const edits = [() => (found.record.post.title = "A title nobody wrote"), () => (found.record.post.status = "published"), () => (found.record.source = "x"), () => (found.record.files = [])];
    round.pick(edits)();
    writeIndex(round, found.index, false);
  },
  "record forged": (round) => {
    const found = someRecord(round);
    if (!found) return;
    const forgery = round.pick(Object.keys(FORGERIES));
    FORGERIES[forgery](found.record, round);
    writeIndex(round, found.index, true);
  },
  "record with a key out of the content": (round) => {
    const found = someRecord(round);
    if (!found) return;
    found.index.records[`../../${round.outside.split("/").pop()}/secret.md`] = found.record;
    writeIndex(round, found.index, true);
  },
  "highlighted block planted": (round) => {
    const highlight = join(round.cache, "highlight");
    for (const highlighter of existsSync(highlight) ? readdirSync(highlight) : []) {
      for (const block of readdirSync(join(highlight, highlighter))) {
        const planted = round.pick(['<script>alert("planted")</script>', `<span class="hljs-keyword">${round.token}</span>`, "text nobody wrote"]);
        writeFileSync(join(highlight, highlighter, block), `${createHash("sha256").update(planted).digest("base64url")}\n${planted}`);
      }
    }
    // Without the index every page is rendered again, and every block is looked for in the cache.
    rmSync(join(round.cache, "index.json"), { force: true });
  },
  "highlighted block a link": (round) => {
    const highlight = join(round.cache, "highlight");
    for (const highlighter of existsSync(highlight) ? readdirSync(highlight) : []) {
      for (const block of readdirSync(join(highlight, highlighter))) {
        rmSync(join(highlight, highlighter, block));
        symlinkSync(join(round.outside, "secret"), join(highlight, highlighter, block));
      }
    }
    rmSync(join(round.cache, "index.json"), { force: true });
  },
  "index cut short": (round) => {
    const index = join(round.cache, "index.json");
    if (existsSync(index)) truncateSync(index, Math.floor(round.next() * readFileSync(index).length));
  },
  "index a link": (round) => {
    rmSync(join(round.cache, "index.json"), { force: true });
    symlinkSync(join(round.outside, "secret"), join(round.cache, "index.json"));
  },
  "objects/ a link to a folder outside": (round) => {
    rmSync(join(round.cache, "objects"), { recursive: true, force: true });
    symlinkSync(join(round.outside, "objects"), join(round.cache, "objects"));
  },
  "images/ a link to a folder outside": (round) => {
    rmSync(join(round.cache, "images"), { recursive: true, force: true });
    symlinkSync(join(round.outside, "objects"), join(round.cache, "images"));
  },
  "a highlighter's folder a link to a folder outside": (round) => {
    const highlight = join(round.cache, "highlight");
    for (const highlighter of existsSync(highlight) ? readdirSync(highlight) : []) {
      rmSync(join(highlight, highlighter), { recursive: true, force: true });
      symlinkSync(join(round.outside, "objects"), join(highlight, highlighter));
    }
    rmSync(join(round.cache, "index.json"), { force: true });
  },
  "mark removed": (round) => rmSync(join(round.cache, "CACHEDIR.TAG"), { force: true }),
  "cache folder a link": (round) => {
    const elsewhere = join(round.outside, `cache-${Math.floor(round.next() * 1e9)}`);
    if (existsSync(round.cache)) renameSync(round.cache, elsewhere);
    else mkdirSync(elsewhere);
    symlinkSync(elsewhere, round.cache);
  },
};

/** The CLI in `cwd`, as a user runs it. */
function runCli(cwd: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const { NETLIFY: _n, URL: _u, CONTEXT: _c, ...env } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: { ...env, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1" }, encoding: "utf8", timeout: 300_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The starter's site with the fixture's posts and a post with code, in `work`. */
async function baseSite(work: string): Promise<string> {
  const site = join(work, "site");
  const made = await runCli(work, ["init", site, "--no-install"]);
  if (made.status !== 0) throw new Error(`sitegen init failed:\n${made.stderr}`);
  cpSync(join(ROOT, "test/fixtures/starter-blog/blog"), join(site, "content/blog"), { recursive: true });
  writeFileSync(join(site, "content/blog/with-code.md"), '---\ntitle: "With code"\ndescription: "A post with code, highlighted."\ndate: 2026-03-03\ntags: [code]\n---\n\n```python\nfor attempt in range(3):\n    send("<message>") & log(attempt)\n```\n\n```json\n{"a": [1, 2]}\n```\n');
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
  const round: Round = { site: "", cache: "", outside: join(work, "outside"), token, next, pick: picker(next) };
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
      const tamperings = Array.from({ length: 1 + Math.floor(next() * 2) }, () => round.pick(Object.keys(TAMPERINGS)));
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
      for (const [name, run] of [["warm", warm], ["cold", cold]] as const) {
        if (/\n\s+at .+:\d+:\d+\)?\n|\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/.test(run.stderr)) report.failures.push(`${label}: the ${name} build printed a stack trace:\n${run.stderr.slice(0, 1500)}`);
      }
      if (cold.status !== 0) {
        // An edit the content cannot take (every post a draft…) is the content fuzz's concern; the cache's is equality.
        count(report.outcomes, "content refused, cold and warm alike");
        if (warm.status !== cold.status) report.failures.push(`${label}: the cold build exited ${cold.status}, the warm one ${warm.status}:\n${cold.stderr.slice(0, 1500)}`);
      } else if (warm.status !== 0) {
        report.failures.push(`${label}: the warm build exited ${warm.status} where the cold one built:\n${warm.stderr.slice(0, 1500)}`);
      } else {
        const note = (JSON.parse(warm.stdout) as { cache?: { note?: string } }).cache?.note ?? "";
        const warmTree = readTree(join(round.site, "warm"));
        try {
          assertSameTree(warmTree, readTree(join(round.site, "cold")));
          count(report.outcomes, note.startsWith("not used: it") && /symbolic link|CACHEDIR/.test(note) ? "equal to cold, the cache refused" : /built again/.test(note) ? "equal to cold, posts built again" : "equal to cold");
        } catch (error) {
          report.failures.push(`${label}: the warm build differs from the cold one: ${(error as Error).message} (the cache's note: ${note || "none"})`);
        }
        if ([...warmTree].some(([, bytes]) => bytes.includes(token))) report.failures.push(`${label}: the warm build published a file from outside the site`);
        if (/not used: it (is a symbolic link|holds files and no CACHEDIR)/.test(note)) {
          // A refused folder stays refused: the next round starts from a cache of sitegen's again.
          rmSync(round.cache, { recursive: true, force: true });
        }
      }
      const outsideAfter = snapshot(round.outside);
      for (const [path, bytes] of outsideBefore) if (!outsideAfter.get(path)?.equals(bytes)) report.failures.push(`${label}: ${path}, outside the site, was removed or changed`);
      for (const path of outsideAfter.keys()) if (!outsideBefore.has(path)) report.failures.push(`${label}: ${path} was written outside the site`);
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
  const table = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, count]) => `${kind}: ${count}`)
      .join(", ");
  return [`cache: ${report.rounds} warm builds; tried ${table(report.tried)}; ${table(report.outcomes)}; ${report.failures.length} failure(s)`, ...report.failures.slice(0, 20).map((failure) => `  failure: ${failure}`)].join("\n");
}

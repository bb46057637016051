/**
 * What the cache fuzz (cache.ts) does between builds: the edits a commit
 * makes to a site's posts, and what a careless user, a broken disk or an
 * attacker does to its build cache, each chosen by the round's seed.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

export type Next = () => number;
export type Pick = <T>(items: readonly T[]) => T;

export function picker(next: Next): Pick {
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
}

/** A round's view of the site: its folders, the secret outside it, and the seeded choices. */
export interface Round {
  site: string;
  cache: string;
  /** A folder beside the site, as the rest of the machine: a file there is never published, never removed. */
  outside: string;
  token: string;
  next: Next;
  pick: Pick;
}

interface Index {
  records: Record<
    string,
    Record<string, unknown> & {
      post: Record<string, unknown>;
      files: { file: string; written: { etag: string; bytes: number } }[];
    }
  >;
}

const blog = (round: Round) => join(round.site, "content/blog");
export const posts = (round: Round) =>
  readdirSync(blog(round))
    .filter((name) => name.endsWith(".md"))
    .sort();

function setField(file: string, name: string, value: string): void {
  const text = readFileSync(file, "utf8");
  const line = new RegExp(`^${name}:.*$`, "m");
  writeFileSync(
    file,
    line.test(text)
      ? text.replace(line, `${name}: ${value}`)
      : text.replace(/^---\n/, `---\n${name}: ${value}\n`),
  );
}

/** The edits a commit makes between two deploys, each on a post the seed picks. */
export const EDITS: Record<string, (round: Round, post: string) => void> = {
  retitle: (round, post) =>
    setField(join(blog(round), post), "title", `"Retitled ${Math.floor(round.next() * 1e6)}"`),
  "re-date": (round, post) =>
    setField(
      join(blog(round), post),
      "date",
      `20${10 + Math.floor(round.next() * 15)}-0${1 + Math.floor(round.next() * 9)}-1${Math.floor(round.next() * 9)}`,
    ),
  "re-tag": (round, post) =>
    setField(
      join(blog(round), post),
      "tags",
      `[${round.pick(["fog", "rope", "later", "maths"])}, ${round.pick(["notes", "tides", "new-tag"])}]`,
    ),
  "make a draft": (round, post) => setField(join(blog(round), post), "status", "draft"),
  publish: (round, post) => setField(join(blog(round), post), "status", "published"),
  delete: (round, post) => rmSync(join(blog(round), post)),
  add: (round) =>
    writeFileSync(
      join(blog(round), `added-${Math.floor(round.next() * 1e6)}.md`),
      `---\ntitle: "Added ${Math.floor(round.next() * 1e6)}"\ndescription: "A post written between two builds."\ndate: 2025-0${1 + Math.floor(round.next() * 9)}-10\ntags: [later]\n---\n\nWritten between two builds.\n`,
    ),
  rename: (round, post) => renameSync(join(blog(round), post), join(blog(round), `renamed-${post}`)),
  paragraph: (round, post) =>
    writeFileSync(
      join(blog(round), post),
      `${readFileSync(join(blog(round), post), "utf8")}\nA paragraph added later.\n`,
    ),
  none: () => {},
};

/** A record's checksum as src/write/cache.ts makes it: what a forger makes again. */
function recordSum(key: string, rest: unknown): string {
  return createHash("sha256")
    .update(key)
    .update("\0")
    .update(JSON.stringify(rest))
    .digest("base64url")
    .slice(0, 22);
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
function someRecord(
  round: Round,
): { index: Index; key: string; record: Index["records"][string] } | undefined {
  const index = readIndex(round);
  const keys = index ? Object.keys(index.records).sort() : [];
  if (!index || keys.length === 0) return undefined;
  const key = round.pick(keys);
  return { index, key, record: index.records[key] };
}

/** A record forged, its checksum made again: each way out or past a check that a record may try. */
export const FORGERIES: Record<string, (record: Index["records"][string], round: Round) => void> = {
  "a slug that climbs out": (record) => (record.post.slug = "../../../escaped/x"),
  "an ETag that names a file outside": (record, round) =>
    (record.files[0].written.etag = `"../../../${round.outside.split("/").pop()}/secret"`),
  "a file outside the output": (record) => (record.files[0].file = "../../escaped.html"),
  "a status turned": (record) =>
    (record.post.status = record.post.status === "draft" ? "published" : "draft"),
  "an alias that climbs out": (record) => (record.post.aliases = [{ path: "/../../escaped/" }]),
  "a size of nothing": (record) => (record.files[0].written.bytes = 0),
  "a negative size": (record) => (record.files[1].written.bytes = -1),
  "a body of its own": (record) => (record.post.body = "A body nobody wrote."),
  "an image of another scheme": (record) => (record.post.image = "javascript:alert(1)"),
  "a date that is no day": (record) => (
    (record.post.date = "2024-13-45"), (record.post.published = "2024-13-45T00:00:00Z")
  ),
};

/** Each way to tamper with the cache, as a careless user, a broken disk or an attacker would. */
export const TAMPERINGS: Record<string, (round: Round) => void> = {
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
    const edits = [
      () => (found.record.post.title = "A title nobody wrote"),
      () => (found.record.post.status = "published"),
      () => (found.record.source = "x"),
      () => (found.record.files = []),
    ];
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
        const planted = round.pick([
          '<script>alert("planted")</script>',
          `<span class="hljs-keyword">${round.token}</span>`,
          "text nobody wrote",
        ]);
        writeFileSync(
          join(highlight, highlighter, block),
          `${createHash("sha256").update(planted).digest("base64url")}\n${planted}`,
        );
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

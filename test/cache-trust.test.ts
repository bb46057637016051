/**
 * The build cache is data to verify, never to trust: it arrives from outside
 * the build whenever it is committed by mistake or restored from a CI's
 * cache. Each way of tampering with it found so far is here, through the
 * real CLI: a link where an object should be (to a file of the machine, or
 * to /proc/self/environ), a folder sitegen did not make, a cache folder that
 * is a link, a record's status turned from draft to published, an object
 * edited in place to the same size, a highlighted block that carries its
 * own hash, a slug that climbs out of the output. Each is either refused
 * with a finding or dropped and built again; the output is the cold build's.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { generateContent } from "../bench/synthetic.ts";
import { ROOT, sitegen, sitegenHere, tempDir } from "./helpers/dist.ts";
import { assertSameTree, readTree } from "./helpers/site.ts";

const DRAFT =
  '---\ntitle: "Not yet"\ndescription: "A draft nobody may read yet."\ndate: 2024-01-01\nstatus: draft\n---\n\nWords of a draft nobody may read yet.\n';

const dir = tempDir("sitegen-cache-trust-");
await generateContent({ dir: join(dir, "content"), posts: 12, seed: 43 });
writeFileSync(join(dir, "content/blog/not-yet.md"), DRAFT);
// With its feed, the three lists a draft must never reach.
writeFileSync(
  join(dir, "content/site.yaml"),
  `${readFileSync(join(dir, "content/site.yaml"), "utf8")}\nfeed: true\n`,
);

interface Built {
  status: number;
  stdout: string;
  stderr: string;
  out: string;
  /** What the summary says of the cache: posts taken from it, and why some were not. */
  cache?: { reused: number; note?: string };
}

/**
 * A build in the project, in this process; `binary`: by the compiled CLI in a process of its own, whose
 * highlighted blocks come from the cache, not from the memory of this process's earlier builds.
 */
async function build(args: string[], binary = false): Promise<Built> {
  const out = join(tempDir("sitegen-cache-trust-out-"), "dist");
  const argv = ["build", "--templates", join(ROOT, "templates"), "--out", out, "--json", ...args];
  const options = { cwd: dir, env: { SITEGEN_WORKERS: "0" } };
  const run = binary ? sitegen(argv, options) : await sitegenHere(argv, options);
  const report = run.status === 0 ? (JSON.parse(run.stdout) as { cache?: Built["cache"] }) : undefined;
  return { ...run, out, cache: report?.cache };
}

async function built(args: string[], binary = false): Promise<Built> {
  const result = await build(args, binary);
  assert.equal(result.status, 0, result.stderr);
  return result;
}

const cold = (await built(["--no-cache"])).out;

interface Index {
  records: Record<
    string,
    {
      post: { slug: string; status: string; title: string };
      files: { file: string; written: { etag: string; bytes: number } }[];
    }
  >;
}

/** A cache folder of its own, filled by a build. */
async function filled(args: string[] = [], binary = false): Promise<string> {
  const cache = join(tempDir("sitegen-cache-trust-cache-"), "cache");
  await built(["--cache", cache, ...args], binary);
  return cache;
}

const readIndex = (cache: string) => JSON.parse(readFileSync(join(cache, "index.json"), "utf8")) as Index;
/**
 * The index written back as a forger writes it: each record's checksum made again, as src/write/cache-index.ts makes it
 * (its key and its text, hashed), so that what holds the record back is a check that believes nothing of it.
 */
function writeIndex(cache: string, index: Index): void {
  for (const [key, record] of Object.entries(index.records)) {
    const { sum: _sum, ...rest } = record as typeof record & { sum?: string };
    index.records[key] = {
      sum: createHash("sha256")
        .update(key)
        .update("\0")
        .update(JSON.stringify(rest))
        .digest("base64url")
        .slice(0, 22),
      ...rest,
    } as typeof record;
  }
  writeFileSync(join(cache, "index.json"), JSON.stringify(index));
}
/** The first record by key, and the object its page's HTML is kept in. */
function firstRecord(cache: string): { index: Index; key: string; object: string; bytes: number } {
  const index = readIndex(cache);
  const key = Object.keys(index.records).sort()[0];
  const { written } = index.records[key].files[0];
  return { index, key, object: join(cache, "objects", written.etag.slice(1, -1)), bytes: written.bytes };
}

/** Every file of a build as text: where a secret would show. */
const published = (out: string) =>
  [...readTree(out).values()].map((bytes) => bytes.toString("latin1")).join("\n");

test("an object that is a link is not followed: a file of the machine's, or the build's own environment, is never published; the page is built again", async () => {
  const cache = await filled();
  const { object, bytes } = firstRecord(cache);
  const secret = join(tempDir("sitegen-cache-trust-secret-"), "secret.txt");
  writeFileSync(secret, "A SECRET OF THE MACHINE ".padEnd(bytes, "#"));
  rmSync(object);
  symlinkSync(secret, object);
  const linked = await built(["--cache", cache]);
  assert.ok(!published(linked.out).includes("A SECRET OF THE MACHINE"), "the linked file is not published");
  assert.match(linked.cache?.note ?? "", /1 post built again: .*not a file of the cache/);
  assertSameTree(linked.out, cold);

  // The build's own environment, which /proc gives as a file of size 0, vouched for by a record that says 0 bytes.
  const again = firstRecord(cache);
  rmSync(again.object);
  symlinkSync("/proc/self/environ", again.object);
  again.index.records[again.key].files[0].written.bytes = 0;
  writeIndex(cache, again.index);
  const environ = await built(["--cache", cache]);
  assert.ok(!published(environ.out).includes(`PATH=${process.env.PATH}`), "the environment is not published");
  assertSameTree(environ.out, cold);
});

test("a cache folder sitegen did not make is refused, never emptied: named, the build stops; the default one, the build goes without it", async () => {
  const foreign = join(tempDir("sitegen-cache-trust-foreign-"), "work");
  for (const part of ["images", "highlight", "objects"]) {
    mkdirSync(join(foreign, part), { recursive: true });
    writeFileSync(join(foreign, part, "keep.txt"), `someone's ${part}`);
  }
  const named = await build(["--cache", foreign]);
  assert.equal(named.status, 2, named.stderr);
  assert.match(
    named.stderr,
    /refusing to build: the build cache .*work.* holds files and no CACHEDIR\.TAG of sitegen's/,
  );
  for (const part of ["images", "highlight", "objects"])
    assert.equal(readFileSync(join(foreign, part, "keep.txt"), "utf8"), `someone's ${part}`);

  const implied = join(dir, ".sitegen-cache");
  cpSync(foreign, implied, { recursive: true });
  try {
    const quiet = await built([]);
    assert.match(quiet.cache?.note ?? "", /^not used: it holds files and no CACHEDIR\.TAG of sitegen's/);
    for (const part of ["images", "highlight", "objects"])
      assert.equal(readFileSync(join(implied, part, "keep.txt"), "utf8"), `someone's ${part}`);
    assertSameTree(quiet.out, cold);
  } finally {
    rmSync(implied, { recursive: true });
  }
});

test("a cache folder that is a link is refused, and where it points is left as it was", async () => {
  const real = await filled();
  const before = readdirSync(join(real, "objects")).sort();
  const index = readFileSync(join(real, "index.json"), "utf8");
  const link = join(tempDir("sitegen-cache-trust-link-"), "cache");
  symlinkSync(real, link);
  const named = await build(["--cache", link]);
  assert.equal(named.status, 2, named.stderr);
  assert.match(named.stderr, /refusing to build: the build cache .* is a symbolic link/);
  const implied = join(dir, ".sitegen-cache");
  symlinkSync(real, implied);
  try {
    const quiet = await built([]);
    assert.match(quiet.cache?.note ?? "", /^not used: it is a symbolic link/);
    assertSameTree(quiet.out, cold);
  } finally {
    rmSync(implied);
  }
  assert.deepEqual(readdirSync(join(real, "objects")).sort(), before);
  assert.equal(readFileSync(join(real, "index.json"), "utf8"), index);
});

test("a record whose status is turned from draft to published publishes nothing of the draft", async () => {
  const cache = await filled(["--drafts"]);
  const index = readIndex(cache);
  const drafts = Object.values(index.records).filter(({ post }) => post.status === "draft");
  assert.equal(drafts.length, 1, "the draft's record is in the index");
  drafts[0].post.status = "published";
  writeIndex(cache, index);
  const warm = await built(["--cache", cache]);
  for (const file of ["llms.txt", "feed.xml", "blog-index.json"])
    assert.ok(
      !readFileSync(join(warm.out, file), "utf8").includes("Not yet"),
      `${file} does not list the draft`,
    );
  assertSameTree(warm.out, cold);
});

test("a record edited by hand is dropped: it no longer matches its checksum, and its post is read and built again", async () => {
  const cache = await filled();
  const text = readFileSync(join(cache, "index.json"), "utf8");
  const title = /"title":"([^"]+)"/.exec(text)![1];
  writeFileSync(
    join(cache, "index.json"),
    text.replace(`"title":"${title}"`, '"title":"A title nobody wrote"'),
  );
  const warm = await built(["--cache", cache]);
  assert.ok(!published(warm.out).includes("A title nobody wrote"));
  assert.match(warm.cache?.note ?? "", /1 post built again: .*does not match its checksum/);
  assertSameTree(warm.out, cold);
});

test("an object edited in place to the same size is not published: it no longer matches its hash", async () => {
  const cache = await filled();
  const { object, bytes } = firstRecord(cache);
  const edited = Buffer.from(readFileSync(object));
  edited.write("TAMPERED", Math.floor(bytes / 2), "latin1");
  writeFileSync(object, edited);
  const warm = await built(["--cache", cache]);
  assert.ok(!published(warm.out).includes("TAMPERED"));
  assert.match(warm.cache?.note ?? "", /1 post built again: .*does not match its hash/);
  assertSameTree(warm.out, cold);
});

test("a highlighted block carrying its own hash is not published unless it is its code, highlighted", async () => {
  const cache = await filled([], true);
  const highlight = join(cache, "highlight");
  const [highlighter] = readdirSync(highlight);
  const blocks = readdirSync(join(highlight, highlighter));
  assert.ok(blocks.length > 0, "the posts' code blocks are kept");
  const planted = '<script>alert("planted")</script>';
  for (const block of blocks)
    writeFileSync(
      join(highlight, highlighter, block),
      `${createHash("sha256").update(planted).digest("base64url")}\n${planted}`,
    );
  // Without the index every page is rendered again, and every block is looked for in the cache.
  rmSync(join(cache, "index.json"));
  const warm = await built(["--cache", cache], true);
  assert.ok(!published(warm.out).includes(planted));
  assertSameTree(warm.out, cold);
});

test("a part of the cache that is a link (a highlighter's folder) is removed, and nothing is written or removed where it points", async () => {
  const cache = await filled([], true);
  const highlight = join(cache, "highlight");
  const [highlighter] = readdirSync(highlight);
  const elsewhere = tempDir("sitegen-cache-trust-elsewhere-");
  writeFileSync(join(elsewhere, "keep.txt"), "someone's file");
  rmSync(join(highlight, highlighter), { recursive: true });
  symlinkSync(elsewhere, join(highlight, highlighter));
  rmSync(join(cache, "index.json"));
  const warm = await built(["--cache", cache], true);
  assert.deepEqual(readdirSync(elsewhere), ["keep.txt"]);
  assert.ok(
    statSync(join(highlight, highlighter)).isDirectory() &&
      !lstatSync(join(highlight, highlighter)).isSymbolicLink(),
  );
  assertSameTree(warm.out, cold);
});

test("a crafted slug in a record is dropped as one in a post would be: the build neither fails nor writes outside its output", async () => {
  const cache = await filled();
  const { index, key } = firstRecord(cache);
  index.records[key].post.slug = "../../../escaped/x";
  writeIndex(cache, index);
  const warm = await built(["--cache", cache]);
  assert.match(warm.cache?.note ?? "", /1 post built again: .*slug/);
  assert.ok(!existsSync(join(warm.out, "../../escaped")) && !existsSync(join(warm.out, "../escaped")));
  assertSameTree(warm.out, cold);
  // The cache holds the post as it is again: the next build takes every post from it.
  const next = await built(["--cache", cache]);
  assert.equal(next.cache?.note, undefined);
  assert.ok(statSync(join(cache, "index.json")).isFile());
});

/**
 * Content that once stopped sitegen on a fault of its own, naming no file:
 * a date YAML reads as a number or a boolean, a field named like a property
 * every JavaScript object has, a site without content/pages/, site.yaml
 * removed while watching. Each ends in a finding at its file (and line)
 * through `build`, `check`, `serve --watch` and `import`, never in a stack
 * trace.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { startWatch } from "../src/hosts/preview/watch.ts";
import { describeFailure } from "../src/findings.ts";
import { EPOCH, sitegenHere, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

/** What must never be printed: sitegen's own fault, or a stack frame. */
const NO_FILE = /fault of its own|^\s+at .*:\d+:\d+\)?$|TypeError|is not a function|Cannot read properties/m;

/** The values YAML reads as something other than text, as `date:` writes them. */
const NOT_TEXT = ["2024", "20240101", "1.5", "true"];

function post(name: string, fields: string): string {
  return `---\ntitle: "${name}"\ndescription: "A post."\n${fields}\n---\n\nBody.\n`;
}

/** A site with a post for each date YAML reads as no text, and one with a field named `constructor`. */
function faultySite(): string {
  const root = initSite();
  for (const [index, date] of NOT_TEXT.entries())
    writeFileSync(join(root, `content/blog/date-${index}.md`), post(`Date ${date}`, `date: ${date}`));
  writeFileSync(
    join(root, "content/blog/constructor.md"),
    post("Constructor", "date: 2026-01-02\nconstructor: x\ntoString: y"),
  );
  return root;
}

function assertFindings(output: string, where: string): void {
  assert.doesNotMatch(output, NO_FILE, `${where}:\n${output}`);
  for (const index of NOT_TEXT.keys())
    assert.match(
      output,
      new RegExp(`^(  )?error: (\\S+/)?content/blog/date-${index}\\.md:4:7: \`date\` must be string`, "m"),
      `${where}:\n${output}`,
    );
}

describe("every fault of the content names its file", () => {
  it("reports `date: 2024` (20240101, 1.5, true) and a field named `constructor` at their lines, in build and check", async () => {
    const root = faultySite();
    for (const command of ["build", "check"]) {
      const run = await sitegenHere([command], { cwd: root });
      assert.equal(run.status, 1, run.stderr);
      assertFindings(run.stderr, command);
      assert.match(
        run.stderr,
        /^warning: content\/blog\/constructor\.md:5: field `constructor` is not one of sitegen's/m,
        run.stderr,
      );
      assert.match(
        run.stderr,
        /^warning: content\/blog\/constructor\.md:6: field `toString` is not one of sitegen's/m,
        run.stderr,
      );
    }
  });

  it("reports a site without content/pages/ as the pages it lacks, in build and check", async () => {
    const root = initSite();
    rmSync(join(root, "content/pages"), { recursive: true });
    for (const command of ["build", "check"]) {
      const run = await sitegenHere([command], { cwd: root });
      assert.equal(run.status, 1, run.stderr);
      assert.doesNotMatch(run.stderr, NO_FILE, run.stderr);
      assert.match(run.stderr, /^error: content\/pages: missing the home page `index\.md`/m, run.stderr);
    }
  });

  it("reports each in `serve --watch` as a line, site.yaml removed included, serving the last good build meanwhile", async () => {
    const root = initSite();
    const log: string[] = [];
    const errors: string[] = [];
    const session = await startWatch({
      contentDir: join(root, "content"),
      templatesDir: join(root, "templates"),
      outDir: join(root, "dist"),
      cwd: root,
      host: "127.0.0.1",
      port: 0,
      generated: () => new Date(Number(EPOCH) * 1000),
      debounceMs: 50,
      log: (text) => log.push(text),
      logError: (text) => errors.push(text),
    });
    const failed = async (what: string, change: () => void) => {
      const before = errors.length;
      change();
      for (
        let waited = 0;
        !errors.slice(before).some((line) => line.startsWith("✗ build failed"));
        waited += 50
      ) {
        if (waited > 30_000) assert.fail(`no failed build after ${what}: ${errors.slice(before).join("\n")}`);
        await sleep(50);
      }
      return errors.slice(before).join("\n");
    };
    try {
      const site = join(root, "content/site.yaml");
      const yaml = readFileSync(site, "utf8");
      for (const [index, date] of NOT_TEXT.entries()) {
        const shown = await failed(`date: ${date}`, () =>
          writeFileSync(join(root, `content/blog/date-${index}.md`), post(`Date ${date}`, `date: ${date}`)),
        );
        assert.match(
          shown,
          new RegExp(`^error: content/blog/date-${index}\\.md:4:7: \`date\` must be string`, "m"),
          shown,
        );
        assert.doesNotMatch(shown, NO_FILE, shown);
      }
      for (const index of NOT_TEXT.keys()) rmSync(join(root, `content/blog/date-${index}.md`));
      const removed = await failed("site.yaml removed", () => rmSync(site));
      assert.match(removed, /^error: content\/site\.yaml: cannot read content\/site\.yaml/m, removed);
      assert.doesNotMatch(removed, NO_FILE, removed);
      writeFileSync(site, yaml);
      const missing = await failed("content/pages removed", () =>
        rmSync(join(root, "content/pages"), { recursive: true }),
      );
      assert.match(missing, /^error: content\/pages: missing the home page `index\.md`/m, missing);
      assert.doesNotMatch(missing, NO_FILE, missing);
      assert.ok(session.url, "the last good build is still served");
      assert.equal((await fetch(session.url)).status, 200);
    } finally {
      await session.close();
    }
  });

  it("imports a Jekyll site whose posts hold them, reporting each at its file", async () => {
    const source = tempDir("sitegen-jekyll-");
    mkdirSync(join(source, "_posts"));
    writeFileSync(join(source, "_config.yml"), "title: Faults\nurl: https://faults.example\n");
    for (const [index, date] of NOT_TEXT.entries())
      writeFileSync(
        join(source, `_posts/2024-01-0${index + 1}-date-${index}.md`),
        `---\ntitle: "Date ${date}"\ndate: ${date}\n---\n\nBody.\n`,
      );
    writeFileSync(
      join(source, "_posts/2024-02-01-constructor.md"),
      "---\ntitle: Constructor\nconstructor: x\n---\n\nBody.\n",
    );
    const dir = join(tempDir(), "moved");
    const run = await sitegenHere(["import", source, dir]);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const output = run.stdout + run.stderr;
    assert.doesNotMatch(output, NO_FILE, output);
    for (const index of NOT_TEXT.keys())
      assert.match(
        output,
        new RegExp(`content/blog/2024-01-0${index + 1}-date-${index}\\.md:3: \`date\` must be string`),
        output,
      );
    assert.match(
      output,
      /content\/blog\/2024-02-01-constructor\.md:\d+: field `constructor` is not one of sitegen's/,
      output,
    );
  });
});

/** A file of `bytes` bytes that takes no room on disk: reading it whole is what must not happen. */
function sparseFile(path: string, bytes: number, start = ""): void {
  writeFileSync(path, start);
  truncateSync(path, bytes);
}

describe("a post, a page or site.yaml over 5 MB is refused by its size, naming the file", () => {
  it("refuses a 60 MB post, a post's folder of 7 MB and a 1 GB page in build, check and serve --watch, unread", async () => {
    const root = initSite();
    sparseFile(join(root, "content/blog/long.md"), 60 * 1024 * 1024, post("Long", "date: 2026-01-02"));
    mkdirSync(join(root, "content/blog/folder"));
    sparseFile(
      join(root, "content/blog/folder/index.md"),
      7 * 1024 * 1024,
      post("Folder", "date: 2026-01-03"),
    );
    sparseFile(join(root, "content/pages/huge.md"), 2 ** 30, "---\ntitle: Huge\n---\n");
    const expected = [
      /^error: content\/blog\/long\.md: 62914560 bytes: a post may be at most 5242880 bytes \(5 MB\), so it is not read$/m,
      /^error: content\/blog\/folder\/index\.md: 7340032 bytes: a post may be at most 5242880 bytes/m,
      /^error: content\/pages\/huge\.md: 1073741824 bytes: a page may be at most 5242880 bytes/m,
    ];
    for (const command of ["build", "check"]) {
      const run = await sitegenHere([command], { cwd: root });
      assert.equal(run.status, 1, run.stderr);
      assert.doesNotMatch(run.stderr, NO_FILE, run.stderr);
      for (const pattern of expected) assert.match(run.stderr, pattern, `${command}:\n${run.stderr}`);
    }
    const errors: string[] = [];
    const session = await startWatch({
      contentDir: join(root, "content"),
      templatesDir: join(root, "templates"),
      outDir: join(root, "dist"),
      cwd: root,
      host: "127.0.0.1",
      port: 0,
      generated: () => new Date(Number(EPOCH) * 1000),
      log: () => {},
      logError: (text) => errors.push(text),
    });
    try {
      const shown = errors.join("\n");
      for (const pattern of expected) assert.match(shown, pattern, shown);
    } finally {
      await session.close();
    }
  });

  it("refuses a site.yaml of 6 MB", async () => {
    const root = initSite();
    const site = join(root, "content/site.yaml");
    sparseFile(site, 6 * 1024 * 1024, readFileSync(site, "utf8"));
    const run = await sitegenHere(["check"], { cwd: root });
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stderr,
      /^error: content\/site\.yaml: 6291456 bytes: site\.yaml may be at most 5242880 bytes/m,
      run.stderr,
    );
  });
});

/** A PNG whose header says `width` × `height` pixels of 16-bit RGBA, with one row of data: what is decoded is what it claims. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([16, 6, 0, 0, 0], 8);
  const row = zlib.deflateSync(Buffer.alloc(1 + width * 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", row),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("a cover is decoded under a pixel budget", () => {
  it("refuses a cover of 12,000 × 12,000 16-bit pixels by its header, saying what the limit is", async () => {
    const root = initSite();
    const folder = join(root, "content/blog/wide-cover");
    mkdirSync(folder);
    writeFileSync(
      join(folder, "index.md"),
      post("Wide cover", "date: 2026-01-04\nimage: /blog/wide-cover/cover.png"),
    );
    writeFileSync(join(folder, "cover.png"), claimedPng(12_000, 12_000));
    const run = await sitegenHere(["build"], { cwd: root });
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stderr,
      /^error: content\/blog\/wide-cover\/cover\.png: a cover of 12,000 × 12,000 pixels \(144,000,000\): the build decodes a cover of at most 100,000,000 pixels \(10,000 × 10,000\)/m,
      run.stderr,
    );
    assert.doesNotMatch(run.stderr, /save the image again/, run.stderr);
  });
});

describe("a fault of sitegen's own, in serve --watch", () => {
  it("is one line saying so and where it arose, in the terminal and the page's overlay alike, never a stack trace", () => {
    const fault = new TypeError("text.replace is not a function");
    const shown = describeFailure(fault);
    assert.match(
      shown,
      /^error: a fault of sitegen's own: TypeError: text\.replace is not a function \(at [^)]+:\d+\)\n {2}hint: this is a fault of sitegen, not of the content/,
    );
    assert.doesNotMatch(shown, /^\s+at /m, shown);
    assert.equal(shown.split("\n").length, 2);
  });
});

/**
 * Files beside a single-file post, as Astro's blogs keep them: `blog/x.md`
 * with `cover: ./x.png`, `![](./x_images/a.png)`, `![](a.png)` and
 * `../x/a.png`. Each is published under the post's address with its width
 * and height on the page, and the `.md` names it by its absolute URL; a file
 * no post names is left out, and a path out of the content folder is a
 * warning at its line, never read.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import type { Finding } from "../src/findings.ts";

/** A PNG of `width` × `height` white pixels. */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0xff);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const POST = `---
title: "Tide tables"
description: "An Astro post with its pictures beside it."
date: 2024-06-10
cover: ./tide-tables.png
---

![Tide chart](./tide-tables_images/chart.png)

![Gauge](gauge.png)

<img src="../tide-tables/house.png" alt="The gauge house">

![Hero](../../assets/hero.png)
`;

function site(): { content: string; dist: string } {
  const dir = tempDir("sitegen-post-files-");
  const content = join(dir, "content");
  cpSync(join(ROOT, "test/fixtures/forgiven/base"), content, { recursive: true });
  const files: Record<string, string | Buffer> = {
    "blog/tide-tables.md": POST,
    "blog/tide-tables.png": png(64, 32),
    "blog/tide-tables_images/chart.png": png(40, 20),
    "blog/gauge.png": png(12, 30),
    "blog/tide-tables/house.png": png(8, 6),
    "blog/stray-notes.txt": "Nobody names this file.\n",
    // Outside the content folder: a path to it is never followed.
    "../assets/hero.png": png(5, 5),
  };
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(content, name)), { recursive: true });
    writeFileSync(join(content, name), bytes);
  }
  return { content, dist: join(dir, "dist") };
}

test("an Astro blog's images beside a single-file post are published under its address, sized on its page and absolute in its .md", async () => {
  const s = site();
  const run = await sitegenHere(["build", "--content", s.content, "--out", s.dist, "--json"]);
  assert.equal(run.status, 0, run.stderr);
  const findings = JSON.parse(run.stdout).findings as Finding[];
  const post = join(s.content, "blog/tide-tables.md");

  for (const file of ["tide-tables.png", "tide-tables_images/chart.png", "gauge.png", "house.png"]) {
    assert.ok(
      existsSync(join(s.dist, "blog/tide-tables", file)),
      `${file} is published under the post's address`,
    );
  }
  const html = readFileSync(join(s.dist, "blog/tide-tables/index.html"), "utf8");
  assert.match(html, /<img src="\.\/tide-tables_images\/chart\.png" alt="Tide chart" width="40" height="20"/);
  assert.match(html, /<img src="gauge\.png" alt="Gauge" width="12" height="30"/);
  assert.match(
    html,
    /<img src="\.\.\/tide-tables\/house\.png" alt="The gauge house"[^>]* width="8" height="6"/,
  );
  assert.match(
    html,
    /<meta property="og:image" content="https:\/\/kestrel\.example\/blog\/tide-tables\/tide-tables\.png">/,
    "the cover is the post's own file",
  );

  const markdown = readFileSync(join(s.dist, "blog/tide-tables.md"), "utf8");
  assert.match(
    markdown,
    /!\[Tide chart\]\(https:\/\/kestrel\.example\/blog\/tide-tables\/tide-tables_images\/chart\.png\)/,
  );
  assert.match(markdown, /!\[Gauge\]\(https:\/\/kestrel\.example\/blog\/tide-tables\/gauge\.png\)/);
  assert.match(markdown, /^- Image: https:\/\/kestrel\.example\/blog\/tide-tables\/tide-tables\.png$/m);

  assert.deepEqual(
    findings.filter((finding) => finding.kind === "relative-image"),
    [],
    "a relative cover that is the post's own file is what its author meant",
  );
  const escaping = findings.filter((finding) => finding.kind === "outside-content");
  assert.deepEqual(
    escaping.map((finding) => [finding.level, finding.file, finding.line, finding.message]),
    [["warning", post, 14, "`../../assets/hero.png` leads out of the content folder: not read"]],
  );
  assert.ok(
    !existsSync(join(s.dist, "assets/hero.png")) && !existsSync(join(s.dist, "blog/tide-tables/hero.png")),
    "nothing outside the content folder is published",
  );
  const leftOut = findings.filter((finding) => finding.kind === "left-out");
  assert.deepEqual(
    leftOut.map((finding) => [finding.file, finding.message]),
    [[join(s.content, "blog/stray-notes.txt"), "not a Markdown file, and no post names it: left out"]],
  );
  assert.deepEqual(
    findings.filter((finding) => finding.kind === "broken-image").map((finding) => finding.line),
    [14],
    "only the image out of the content folder is missing",
  );
});

/**
 * A fence's title (`rust title="src/main.rs"`, as Expressive Code, Starlight's
 * highlighter, and Docusaurus write it) is shown above its block as the
 * block's caption: dropped, it lost the words of every block a docs site
 * names by its file (a real Starlight site: 16 of its 60 pages under 99 % of
 * their words, each short of its blocks' titles). The block itself stays as
 * highlighted as a fence without one, and the Markdown representation keeps
 * the fence as written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegen, tempDir } from "./helpers/dist.ts";
import { initSiteIn } from "./helpers/starter.ts";

const POST = `---
title: "Trimming the wick"
description: "The routine, file by file."
date: 2026-02-01
---

The lamp's routine:

\`\`\`rust title="src/lamp.rs"
fn trim_wick() {}
\`\`\`

\`\`\`sh title='Run the keeper' frame="terminal"
cargo run --bin keeper
\`\`\`

\`\`\`toml title=Cargo.toml
[package]
\`\`\`

\`\`\`title="notes.txt"
dusk: light
\`\`\`

\`\`\`rust
fn douse() {}
\`\`\`
`;

test("a fence's title is shown above its highlighted block as its caption, and the Markdown keeps the fence as written", () => {
  const root = initSiteIn(tempDir("sitegen-code-titles-"), "site");
  writeFileSync(join(root, "content/blog/trimming.md"), POST);
  const built = sitegen(["build", "--quiet"], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  const page = readFileSync(join(root, "dist/blog/trimming/index.html"), "utf8");
  const captions = [
    ...page.matchAll(/<figure class="code-title"><figcaption>([^<]*)<\/figcaption>\n<pre/g),
  ].map((match) => match[1]);
  assert.deepEqual(captions, ["src/lamp.rs", "Run the keeper", "Cargo.toml", "notes.txt"]);
  // Each block as highlighted as without a title; the one without stays a block alone.
  assert.match(
    page,
    /<figcaption>src\/lamp\.rs<\/figcaption>\n<pre tabindex="0"><code class="language-rust"><span class="hljs-/,
  );
  assert.match(
    page,
    /<figcaption>notes\.txt<\/figcaption>\n<pre tabindex="0"><code>dusk: light\n<\/code><\/pre><\/figure>/,
  );
  assert.match(page, /<\/figure>\n<pre tabindex="0"><code class="language-rust">.*douse/s);
  assert.equal(page.match(/<figure class="code-title">/g)?.length, 4);
  const markdown = readFileSync(join(root, "dist/blog/trimming.md"), "utf8");
  assert.match(markdown, /^```rust title="src\/lamp\.rs"$/m);
  assert.match(markdown, /^```sh title='Run the keeper' frame="terminal"$/m);
});

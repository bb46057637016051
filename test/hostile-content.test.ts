/**
 * Content an attacker or a careless contributor writes, through the real
 * CLI: every run ends in a clean exit that names the file (and line), or in
 * a build whose every output is well-formed, and nothing in a message speaks
 * to the terminal. A failed build leaves `dist/` as it was.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tempProject, sitegenIn } from "./helpers/project.ts";

/** Control characters a terminal acts on: anything but the line feeds of the output's own lines. */
const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function post(fields: string, body = "Some text.\n"): string {
  return `---\n${fields}\n---\n\n${body}`;
}

describe("messages show what the content chose, never send it to the terminal", () => {
  it("shows control characters in file names, slugs and aliases as escapes, and names a binary .md file without its bytes", async () => {
    const project = tempProject();
    const blog = join(project, "content/blog");
    writeFileSync(join(blog, "esc\u001b]0;owned\u0007\u001b[2J.md"), post('description: "No title."\ndate: 2025-01-01'));
    writeFileSync(join(blog, "bad-slug.md"), post('title: "Bad slug"\ndescription: "A slug with an escape."\ndate: 2025-01-01\nslug: "x\\e[31mred"'));
    writeFileSync(join(blog, "bad-alias.md"), post('title: "Bad alias"\ndescription: "An alias with a line break."\ndate: 2025-01-01\naliases: ["/old\\r\\nerror: content/pages/index.md:1: fake"]'));
    writeFileSync(join(blog, "blob.md"), Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Buffer.alloc(4096, 0x9b)]));
    const run = await sitegenIn(project, ["build"], { NO_COLOR: "1" });
    assert.equal(run.status, 1, run.stderr);
    assert.doesNotMatch(run.stderr, TERMINAL_CONTROL, "no control character reaches the terminal");
    assert.ok(run.stderr.includes("content/blog/esc\\x1b]0;owned\\x07\\x1b[2J.md"), run.stderr);
    assert.ok(run.stderr.includes("x\\x1b[31mred"), run.stderr);
    assert.ok(run.stderr.includes("/old\\r\\nerror: content/pages/index.md:1: fake"), run.stderr);
    assert.doesNotMatch(run.stderr, /^error: content\/pages\/index\.md:1: fake/m, "no fake line of its own");
    assert.match(run.stderr, /^error: content\/blog\/blob\.md: not a text file: it holds binary data/m);
    assert.ok(!run.stderr.includes("PNG"), "the binary file's bytes are not shown");
  });
});

/**
 * Eleventy's JavaScript frontmatter is read when it only writes values, and
 * never run (src/content/js-literals.ts): what is code is not read at all.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { jsLiterals } from "../src/content/js-literals.ts";

test("declarations and object literals of plain values are read as data, with the line of each field", () => {
  assert.deepEqual(
    jsLiterals('const title = "This is a fifth post";\nconst date = "2023-01-23";\nconst draft = true;\n'),
    {
      data: { title: "This is a fifth post", date: "2023-01-23", draft: true },
      lines: { title: 1, date: 2, draft: 3 },
    },
  );
  assert.deepEqual(
    jsLiterals("const eleventyNavigation = {\n\tkey: 'About', // the menu\n\torder: 3,\n};\n")?.data,
    { eleventyNavigation: { key: "About", order: 3 } },
  );
  assert.deepEqual(
    jsLiterals('{\n  title: `A title`,\n  "tags": ["a", \'b\', 1_000, -2.5e1, null],\n}')?.data,
    { title: "A title", tags: ["a", "b", 1000, -25, null] },
  );
  assert.deepEqual(jsLiterals("export const title = 'A';\nlet count = .5\n/* done */")?.data, {
    title: "A",
    count: 0.5,
  });
});

test("what computes, calls, refers or interpolates is code, not read", () => {
  for (const code of [
    '{\n  title: "Computed at build time",\n  date: new Date(),\n}',
    "const title = name;",
    "const title = `A ${name}`;",
    "const date = Date.now();",
    "const twice = 1 + 1;",
    "const f = () => 1;",
    "module.exports = { title: 'A' };",
    "const title = 'unterminated;",
  ]) {
    assert.equal(jsLiterals(code), undefined, code);
  }
});

/** How `build` and `check` count what a run found (src/cli/report.ts): in words, one of a thing singular, none as "no". */
import assert from "node:assert/strict";
import { test } from "node:test";
import { counted, tally } from "../src/cli/report.ts";
import type { Finding } from "../src/findings.ts";

const finding = (level: "error" | "warning", kind: string): Finding =>
  ({ level, kind, code: kind, message: kind }) as Finding;

test("a tally says none as 'no', one in the singular, more in the plural", () => {
  assert.equal(tally([]), "no errors, no warnings");
  assert.equal(tally([finding("error", "bad-date")]), "1 error (bad-date 1), no warnings");
  assert.equal(
    tally([finding("error", "bad-date"), finding("error", "frontmatter"), finding("warning", "broken-link")]),
    "2 errors (bad-date 1, frontmatter 1), 1 warning (broken-link 1)",
  );
  assert.equal(
    tally([finding("warning", "broken-link"), finding("warning", "broken-link")], ["warning"]),
    "2 warnings (broken-link 2)",
  );
});

test("a count and its noun: '1 published post', '2 pages', '0 posts'", () => {
  assert.equal(counted(1, "published post"), "1 published post");
  assert.equal(counted(2, "page"), "2 pages");
  assert.equal(counted(0, "post"), "0 posts");
});

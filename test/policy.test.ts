/**
 * The one table of how serious each kind of finding is (src/policy.ts): a
 * kind whose check leaves a file out is an error, never a warning that loses
 * a page without failing; `--strict` raises every warning but the ones the
 * table keeps; and the documentation's list is this table.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { levelOf, POLICY, type FindingKind } from "../src/policy.ts";
import { ROOT } from "./helpers/dist.ts";

const kinds = Object.keys(POLICY) as FindingKind[];

test("a kind that leaves its file out is an error", () => {
  const fatal = kinds.filter((kind) => "fatal" in POLICY[kind]);
  assert.ok(fatal.length > 0);
  for (const kind of fatal) assert.equal(POLICY[kind].level, "error", kind);
});

test("--strict makes every warning an error but those the table keeps; errors and notes stay as they are", () => {
  for (const kind of kinds) {
    const rule = POLICY[kind];
    const strict = levelOf(kind, { strict: true });
    if (rule.level === "warning") assert.equal(strict, "notRaised" in rule ? "warning" : "error", kind);
    else assert.equal(strict, rule.level, kind);
    assert.equal(levelOf(kind), rule.level, kind);
  }
  assert.equal(levelOf("scheduled", { strict: true }), "warning", "a post dated later is meant");
  assert.equal(levelOf("broken-link", { strict: true }), "error");
});

test("the documentation's list of kinds is the policy's, row for row", () => {
  const page = readFileSync(join(ROOT, "docs/content/pages/content/findings.md"), "utf8");
  const list = /<!-- policy:start -->\n([\s\S]*?)\n<!-- policy:end -->/.exec(page);
  assert.ok(list, "the findings page has the list between its markers");
  const rows = kinds.map((kind) => {
    const rule = POLICY[kind];
    return `- \`${kind}\` (${rule.level}${"notRaised" in rule ? ", not raised by `--strict`" : ""}): ${rule.what}`;
  });
  assert.deepEqual(list[1].split("\n"), rows);
});

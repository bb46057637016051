/**
 * `--json` output stays JSON when what it reports holds a character the
 * terminal must not obey: a right-to-left mark in a Hebrew shortcode's
 * argument (as a translated site writes one), a C1 control. The terminal
 * still never gets one as it is; a reader of the JSON gets the text back
 * as written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegen } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

test("a finding whose text holds a right-to-left mark or a C1 control is printed as JSON a parser reads, the character itself never reaching the terminal", () => {
  const root = initSite("json-controls");
  const tag = '{{< def name="לקוח ACME\u200f" note="a\u009bb" >}}';
  writeFileSync(
    join(root, "content/blog/glossary-note.md"),
    `---\ntitle: "Glossary note"\ndate: 2026-01-05\n---\n\nThe term: ${tag}\n`,
  );
  const run = sitegen(["build", "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stdout, /[\u200f\u009b]/);
  const findings = JSON.parse(run.stdout).findings as { kind: string; message: string }[];
  const found = findings.find((finding) => finding.kind === "template-tag");
  assert.ok(found, JSON.stringify(findings));
  assert.equal(found.message, `template tag \`${tag}\` is not run: readers would see it as written`);
});

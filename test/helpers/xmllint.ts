/**
 * XML held to its schema by libxml2's xmllint, an outside validator: an XSD
 * (the sitemaps.org schemas) or a RELAX NG grammar (RFC 4287's for Atom),
 * both kept in test/fixtures/.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { needTools } from "../../scripts/tools.mjs";
import { ROOT } from "./dist.ts";

/** What a test that validates XML needs: `skip` for its options, and xmllint's path. */
export const XMLLINT = needTools(["xmllint"]);

/** Asserts that `file` is well-formed and valid against `schema`, a file of test/fixtures/ (`.xsd` or `.rng`). */
export function assertValidXml(file: string, schema: string): void {
  const kind = schema.endsWith(".rng") ? "--relaxng" : "--schema";
  const result = spawnSync(
    XMLLINT.path("xmllint"),
    ["--noout", kind, join(ROOT, "test/fixtures", schema), file],
    { encoding: "utf8" },
  );
  assert.equal(result.status, 0, `${file} against ${schema}:\n${result.stderr}`);
  assert.match(result.stderr, / validates$/m);
}

/**
 * Biome holds the TypeScript of src/, test/, bench/, fuzz/ and scripts/ to
 * its linter's rules (biome.jsonc says which are off, and why) and to its
 * format at 110 columns: `biome check` passes, warnings included. A file
 * out of format is fixed with `npx biome format --write <file>`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

test("biome check passes: no lint finding, every file in format", () => {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules/@biomejs/biome/bin/biome"), "check", "--error-on-warnings", "--colors=off"],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  assert.equal(
    run.status,
    0,
    `${run.stdout}${run.stderr}\nfix what the linter says; npx biome format --write <file> fixes the format`,
  );
  // The files were read: a configuration that matched none would pass too.
  const checked = Number(/Checked (\d+) files?/.exec(run.stdout + run.stderr)?.[1] ?? 0);
  assert.ok(checked > 400, `biome checked ${checked} files`);
});

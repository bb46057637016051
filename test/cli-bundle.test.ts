/**
 * The CLI runs from a bundle of src/ cached in node_modules/.cache/sitegen; a
 * change to the sources or to package.json must give a new bundle, never a
 * stale one. Runs a copy of the project so the real cache is left alone.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/dist.ts";

const project = join(tempDir(), "project");
for (const entry of ["bin", "src", "package.json", "package-lock.json"]) cpSync(join(ROOT, entry), join(project, entry), { recursive: true });
// The packages are the real ones; only the cache folder is the copy's own.
mkdirSync(join(project, "node_modules"));
for (const name of readdirSync(join(ROOT, "node_modules"))) {
  if (name !== ".cache") symlinkSync(join(ROOT, "node_modules", name), join(project, "node_modules", name));
}
const cache = join(project, "node_modules/.cache/sitegen");

function version(env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(process.execPath, [join(project, "bin/sitegen.js"), "--version"], { encoding: "utf8", env: { ...process.env, ...env } });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim();
}

const bundles = () => readdirSync(cache).filter((name) => /^cli-[0-9a-f]{16}\.mjs$/.test(name));

test("the first command builds the bundle, the next one reuses it", () => {
  assert.equal(version(), "1.0.0");
  assert.equal(bundles().length, 1);
  const [bundle] = bundles();
  assert.equal(version(), "1.0.0");
  assert.deepEqual(bundles(), [bundle]);
});

test("a changed package.json gives a new bundle (the version is inside it)", () => {
  const before = bundles();
  const path = join(project, "package.json");
  writeFileSync(path, readFileSync(path, "utf8").replace('"version": "1.0.0"', '"version": "9.9.9"'));
  assert.equal(version(), "9.9.9");
  assert.equal(bundles().filter((name) => !before.includes(name)).length, 1);
});

test("a changed source file gives a new bundle", () => {
  const before = bundles();
  appendFileSync(join(project, "src/cli.ts"), "\n// edited\n");
  version();
  assert.equal(bundles().filter((name) => !before.includes(name)).length, 1);
});

test("SITEGEN_FROM_SOURCES runs the sources through tsx and builds no bundle", () => {
  const before = bundles();
  appendFileSync(join(project, "src/cli.ts"), "\n// edited again\n");
  assert.equal(version({ SITEGEN_FROM_SOURCES: "1" }), "9.9.9");
  assert.deepEqual(bundles(), before);
});

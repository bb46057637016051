/**
 * No file of src/, bench/ or fuzz/ is past about 300 lines: a file that long
 * has two jobs, and is split where one ends. The few let through are listed
 * with why, and each names a file or folder that is there; one whose files
 * are back under the limit is named in the test's output, to be taken out.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const LIMIT = 300;

/** Files (or folders, ending in `/`) let past the limit, each with why. */
const ALLOWED: Record<string, string> = {};

/** Every TypeScript file under the three folders, by its path from the repository's root, with its line count. */
function lineCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const folder of ["src", "bench", "fuzz"]) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
      const path = join(entry.parentPath, entry.name);
      const text = readFileSync(path, "utf8");
      counts.set(
        relative(ROOT, path).split(sep).join("/"),
        text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
      );
    }
  }
  return counts;
}

const allowedBy = (path: string) =>
  Object.keys(ALLOWED).find((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));

test(`no file of src/, bench/ or fuzz/ is past ${LIMIT} lines but those let through`, () => {
  const over = [...lineCounts()]
    .filter(([path, lines]) => lines > LIMIT && allowedBy(path) === undefined)
    .map(([path, lines]) => `${path}: ${lines} lines`);
  assert.deepEqual(over, [], `split each where it has two jobs (the limit is ${LIMIT} lines)`);
});

test("every entry let through is there, with a reason", (t) => {
  const counts = [...lineCounts()];
  for (const [entry, why] of Object.entries(ALLOWED)) {
    assert.ok(why.trim().length > 0, `${entry}: say why it is let through`);
    assert.ok(existsSync(join(ROOT, entry)), `${entry} is not there: take it out of the list`);
    // Files being split in parallel come under the limit in commits of their own: named here, to be taken out next.
    if (!counts.some(([path, lines]) => lines > LIMIT && allowedBy(path) === entry))
      t.diagnostic(`${entry} is no longer past ${LIMIT} lines: take it out of the list`);
  }
});

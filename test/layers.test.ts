/**
 * The layers of src/ as dependency-cruiser checks them (.dependency-cruiser.cjs):
 * src/ passes; the same configuration fails a tree with an import up the
 * order and a tree with a circle; every entry of src/ is in a layer; and the
 * docs' Layout page is the one the configuration writes, every file it sends
 * a reader to there.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const config = createRequire(import.meta.url)(CONFIG) as { layers: { name: string; paths: string[] }[] };

// dependency-cruiser runs on Node 22 and later, as sitegen does (package.json's engines).
const node22 = Number(process.versions.node.split(".")[0]) >= 22;
const needs22 = node22
  ? {}
  : { skip: `dependency-cruiser needs Node 22 or later; this is ${process.version}` };

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** dependency-cruiser over `src` of `cwd` with the project's configuration: what it found, and how many modules it read. */
function cruise(cwd: string): { violations: Violation[]; modules: number } {
  const run = spawnSync(process.execPath, [DEPCRUISE, "--config", CONFIG, "--output-type", "json", "src"], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(run.stdout.startsWith("{"), `dependency-cruiser wrote no result: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: result.summary.violations, modules: result.summary.totalCruised };
}

/** What the configuration finds in a tree of `files` (path → source) in a fresh folder, as `rule: from → to`. */
function violationsIn(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "sitegen-layers-"));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    return cruise(dir).violations.map((each) => `${each.rule.name}: ${each.from} → ${each.to}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("src/ keeps its layers: no circle, no import up the order", needs22, () => {
  const { violations, modules } = cruise(ROOT);
  assert.deepEqual(
    violations.map((each) => `${each.rule.name}: ${each.from} → ${each.to}`),
    [],
  );
  // The whole of src/ was read, type-only imports and all: a parser that read nothing would pass too.
  assert.ok(modules > 250, `only ${modules} modules cruised`);
});

test("an import up the order fails: content may not import render", needs22, () => {
  const found = violationsIn({
    "src/render/page.ts": "export const page = (title: string): string => title.toUpperCase();\n",
    "src/content/post.ts": 'import { page } from "../render/page.ts";\nexport const shown = page("x");\n',
  });
  assert.deepEqual(found, ["no-upward-from-content: src/content/post.ts → src/render/page.ts"]);
});

test("a circle fails, a type-only import in it too", needs22, () => {
  const found = violationsIn({
    "src/manifest/routes.ts":
      'import type { Listing } from "./listings.ts";\nexport interface Route { listing?: Listing }\n',
    "src/manifest/listings.ts":
      'import type { Route } from "./routes.ts";\nexport interface Listing { routes: Route[] }\n',
  });
  assert.deepEqual(found, ["no-circular: src/manifest/listings.ts → src/manifest/routes.ts"]);
});

test("every file and folder of src/ is in exactly one layer", () => {
  const entries = readdirSync(join(ROOT, "src"), { withFileTypes: true }).map((entry) =>
    entry.isDirectory() ? `src/${entry.name}/` : `src/${entry.name}`,
  );
  const unplaced = entries.filter(
    (path) =>
      config.layers.filter((layer) => layer.paths.some((each) => new RegExp(each).test(path))).length !== 1,
  );
  assert.deepEqual(unplaced, [], "place each in one layer of .dependency-cruiser.cjs, saying why");
});

test("the docs' Layout page is the one the layers write", () => {
  const check = spawnSync(process.execPath, [join(ROOT, "scripts/layout-page.mjs"), "--check"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  assert.equal(check.status, 0, check.stderr);
});

test("every file the Layout page sends a reader to is there", () => {
  const page = readFileSync(join(ROOT, "docs/content/pages/project/layout.md"), "utf8");
  const named = [
    ...new Set([...page.matchAll(/`((?:src|test|scripts)\/[^`*]+)`/g)].map((match) => match[1])),
  ];
  assert.ok(named.length > 10, `the page names ${named.length} files`);
  assert.deepEqual(
    named.filter((path) => !existsSync(join(ROOT, path))),
    [],
    "the guide to where a change goes names a file that moved: say where it went in scripts/layout-page.mjs",
  );
});

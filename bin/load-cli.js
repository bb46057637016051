// Loads the CLI. The sources are TypeScript; loading every module through tsx
// costs about 0.4 s and a loader thread on each command, so the CLI runs from
// a bundle that esbuild builds once per change of src/ and keeps under
// node_modules/.cache/sitegen/. Where no bundle can be built or stored (no
// esbuild, a read-only install), or SITEGEN_FROM_SOURCES is set, the sources
// run through tsx.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SOURCES = join(ROOT, "src");
const CACHE = join(ROOT, "node_modules", ".cache", "sitegen");

/** The CLI's `run(argv)`. */
export async function loadCli() {
  const bundle = process.env.SITEGEN_FROM_SOURCES ? undefined : await cachedBundle().catch(() => undefined);
  if (bundle) return (await import(pathToFileURL(bundle).href)).run;
  const { register } = await import("tsx/esm/api");
  register();
  return (await import("../src/cli.ts")).run;
}

/** The bundle for the sources as they are now, built when there is none yet. */
async function cachedBundle() {
  const cli = join(CACHE, `cli-${sourceFingerprint()}.mjs`);
  if (existsSync(cli)) return cli;
  mkdirSync(CACHE, { recursive: true });
  // Written aside and renamed: a process starting meanwhile never loads half a file.
  const staging = `${cli}.tmp-${process.pid}`;
  await buildBundle(staging);
  renameSync(staging, cli);
  removeOtherBundles(cli);
  return cli;
}

const COMMON = { bundle: true, platform: "node", target: "node20", logLevel: "silent", legalComments: "none", write: false };

/**
 * One file: the CLI as an ES module, with the render worker's own bundle (its
 * packages inside) as a string constant that render-pool.ts starts workers
 * from. Holding the worker in the CLI file means a running build never looks
 * for a second file that a newer bundle may have replaced.
 */
async function buildBundle(out) {
  const { build } = await import("esbuild");
  const cli = await build({
    ...COMMON,
    entryPoints: [join(SOURCES, "cli.ts")],
    format: "esm",
    // esbuild must stay a package: it runs a binary of its own.
    external: ["esbuild"],
    define: { SITEGEN_WORKER_BUNDLE: JSON.stringify(await workerBundleText()) },
    // Bundled CommonJS packages call require(); an ES module has none.
    banner: { js: 'import { createRequire as sitegenRequire } from "node:module"; const require = sitegenRequire(import.meta.url);' },
  });
  writeFileSync(out, cli.outputFiles[0].contents);
}

/** The render worker's code as the CLI bundle holds it (bench/profile.ts maps profiles of workers with it). */
export async function workerBundleText() {
  const { build } = await import("esbuild");
  const worker = await build({ ...COMMON, entryPoints: [join(SOURCES, "render-worker.ts")], format: "cjs" });
  return worker.outputFiles[0].text;
}

/** Names the sources' state: every file's path, size and modification time, the package versions, and this file (it says how to bundle). */
function sourceFingerprint() {
  const hash = createHash("sha256");
  for (const file of [join(ROOT, "package.json"), join(ROOT, "package-lock.json"), fileURLToPath(import.meta.url)]) {
    const stats = statSync(file, { throwIfNoEntry: false });
    hash.update(`${file}\0${stats?.size}\0${stats?.mtimeMs}\n`);
  }
  for (const name of readdirSync(SOURCES, { recursive: true }).sort()) {
    const stats = statSync(join(SOURCES, name));
    if (stats.isFile()) hash.update(`${name}\0${stats.size}\0${stats.mtimeMs}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

/** Bundles of earlier sources after a while: a command started just before the sources changed may be about to load one. */
const STALE_AFTER_MS = 10 * 60_000;

function removeOtherBundles(keep) {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (path !== keep && stats && Date.now() - stats.mtimeMs > STALE_AFTER_MS) rmSync(path, { force: true });
  }
}

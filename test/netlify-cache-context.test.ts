/**
 * The Netlify plugin keeps a build cache per deploy context, with Netlify's
 * real cache (`@netlify/cache-utils`, what `utils.cache` is on Netlify's
 * servers): a deploy preview, which builds a pull request that may come from
 * anyone, starts from production's cache and saves nothing, so nothing it
 * plants reaches production's next build; a branch deploy keeps its own.
 * test/package.test.ts runs the plugin inside Netlify's whole
 * build; this runs its two events by deploy context.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bindOpts } from "@netlify/cache-utils";
import { CACHE, onPostBuild, onPreBuild } from "../src/hosts/netlify/cache-plugin.ts";
import { tempDir } from "./helpers/dist.ts";

const work = tempDir("sitegen-netlify-context-");
const checkout = join(work, "checkout");
mkdirSync(checkout);
const netlify = bindOpts({ cacheDir: join(work, "netlify-cache"), cwd: checkout });
const utils = {
  cache: {
    restore: (path: string) => netlify.restore(path, {}),
    save: (path: string, options?: { move?: boolean }) => netlify.save(path, options ?? {}),
  },
};

/** One deploy of `context`: the plugin's onPreBuild, what the build leaves in the cache folder, and its onPostBuild; what it found. */
async function deploy(
  env: NodeJS.ProcessEnv,
  build: (cache: string) => void = () => {},
): Promise<{ found?: string; log: string }> {
  const logged: string[] = [];
  const log = console.log;
  const here = process.cwd();
  console.log = (line: string) => logged.push(line);
  process.chdir(checkout);
  try {
    rmSync(CACHE, { recursive: true, force: true });
    await onPreBuild({ utils }, env);
    const found = existsSync(join(CACHE, "left")) ? readFileSync(join(CACHE, "left"), "utf8") : undefined;
    mkdirSync(CACHE, { recursive: true });
    build(CACHE);
    await onPostBuild({ utils }, env);
    return { found, log: logged.join("\n") };
  } finally {
    process.chdir(here);
    console.log = log;
  }
}

const leave = (text: string) => (cache: string) => writeFileSync(join(cache, "left"), text);

test("a deploy preview starts from production's cache and saves nothing; production's next deploy finds its own", async () => {
  const first = await deploy({ CONTEXT: "production" }, leave("production's"));
  assert.equal(first.found, undefined);
  assert.match(first.log, /is saved in Netlify's build cache \(production's\)/);

  const preview = await deploy({ CONTEXT: "deploy-preview" }, leave("planted by a pull request"));
  assert.equal(preview.found, "production's", "the preview starts from production's cache");
  assert.match(preview.log, /is not saved: a deploy preview builds a pull request/);

  const next = await deploy({ CONTEXT: "production" }, leave("production's, again"));
  assert.equal(
    next.found,
    "production's",
    "production's next deploy finds what production left, not what the preview did",
  );
});

test("a branch deploy keeps a cache of its own; previews keep theirs only where the site says so, apart from production's", async () => {
  await deploy({ CONTEXT: "production" }, leave("production's"));
  assert.equal((await deploy({ CONTEXT: "branch-deploy" }, leave("the branch's"))).found, undefined);
  assert.equal((await deploy({ CONTEXT: "branch-deploy" })).found, "the branch's");
  const opted = { CONTEXT: "deploy-preview", SITEGEN_PREVIEW_CACHE: "save" };
  assert.equal(
    (await deploy(opted, leave("the previews'"))).found,
    undefined,
    "a preview that keeps its own starts from none",
  );
  assert.equal((await deploy(opted)).found, "the previews'");
  assert.equal((await deploy({ CONTEXT: "production" })).found, "production's");
});

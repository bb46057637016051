/**
 * The Netlify build plugin (rules/netlify-cache-plugin) keeps sitegen's build
 * cache between deploys through Netlify's own cache library: saved after one
 * build, the cache comes back in a fresh checkout before the next, and that
 * build takes every unchanged post from it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bindOpts } from "@netlify/cache-utils";
import { CACHE, onPostBuild, onPreBuild } from "../rules/netlify-cache-plugin/index.js";
import { generateContent } from "../bench/synthetic.ts";
import { ROOT, tempDir } from "./helpers/dist.ts";
import { sitegenIn } from "./helpers/project.ts";

test("the cache saved after a deploy's build is restored into the next checkout, and its build reuses every post", async () => {
  const netlifyCache = tempDir("sitegen-netlify-cache-");
  const checkout = () => {
    const project = tempDir("sitegen-checkout-");
    cpSync(join(ROOT, "templates"), join(project, "templates"), { recursive: true });
    return project;
  };
  const first = checkout();
  await generateContent({ dir: join(first, "content"), posts: 30, seed: 13 });
  const utils = (cwd: string) => ({ cache: bindOpts({ cacheDir: netlifyCache, cwd }) });

  await onPreBuild({ utils: utils(first) });
  const built = await sitegenIn(first, ["build", "--cache", CACHE, "--json"]);
  assert.equal(built.status, 0, built.stderr);
  await onPostBuild({ utils: utils(first) });

  const second = checkout();
  cpSync(join(first, "content"), join(second, "content"), { recursive: true });
  assert.ok(!existsSync(join(second, CACHE)), "a fresh checkout has no cache");
  await onPreBuild({ utils: utils(second) });
  assert.ok(existsSync(join(second, CACHE, "index.json")), "the plugin restored the cache");
  const warm = await sitegenIn(second, ["build", "--cache", CACHE, "--json"]);
  assert.equal(warm.status, 0, warm.stderr);
  const published = JSON.parse(readFileSync(join(second, "dist/blog-index.json"), "utf8")).count;
  assert.equal(JSON.parse(warm.stdout).cache.reused, published);
  rmSync(netlifyCache, { recursive: true, force: true });
});

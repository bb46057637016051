/**
 * A user's CI run twice as it runs on Netlify: a site made by `init`, in a
 * repository; each deploy a clean clone, the install, and Netlify's own build
 * (`@netlify/build`, the code Netlify's build servers run) with its build
 * cache folder kept between the two, as Netlify keeps it. netlify.toml runs
 * `npx sitegen build` with no flag, and declares the plugin `init` wrote
 * (netlify/plugins/sitegen-cache, sitegen's, from the installed package);
 * Netlify runs its onPreBuild and onPostBuild with its real `utils.cache`.
 * The second deploy takes every post from the cache, and publishes the same
 * bytes as the first.
 *
 * What this cannot run here: Netlify's servers. `@netlify/build` runs
 * offline (`--offline`), and bundles the edge function with the project's
 * Deno; reading the function's inline `config` needs a module from
 * edge.netlify.com, which fails offline and is reported in the log, so the
 * route comes from netlify.toml, as on Netlify. Netlify's build image also
 * restores `node_modules` from its cache before it installs; so does the
 * second deploy here (the first deploy's), and the install checks it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { ROOT, tempDir } from "./helpers/dist.ts";
import { shell } from "./helpers/project.ts";
import { readTree } from "./helpers/site.ts";
import { STARTER_BLOG_POSTS } from "./helpers/starter.ts";

const work = tempDir("sitegen-netlify-ci-");
/** What Netlify keeps from one build to the next (`--cacheDir`; /opt/build/cache on its servers). */
const netlifyCache = join(work, "netlify-cache");
const NETLIFY_BUILD = join(ROOT, "node_modules/@netlify/build/bin.js");
// The project's Deno first on PATH: @netlify/edge-bundler takes it instead of downloading one.
const PATH = `${join(ROOT, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}`;

async function ok(run: Promise<{ status: number; stdout: string; stderr: string }>, what: string): Promise<string> {
  const result = await run;
  assert.equal(result.status, 0, `${what}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout + result.stderr;
}

/**
 * A deploy: a clean clone of the site's repository, the `node_modules` Netlify's build image restores (the `last`
 * deploy's, if any), `npm install`, and Netlify's build of it.
 */
async function deploy(name: string, last?: string): Promise<{ log: string; dist: string }> {
  const clone = join(work, name);
  await ok(shell("git", ["clone", "--quiet", join(work, "site"), clone], work), "git clone");
  assert.ok(!existsSync(join(clone, ".sitegen-cache")), "a clean clone has no build cache");
  if (last) cpSync(join(work, last, "node_modules"), join(clone, "node_modules"), { recursive: true, verbatimSymlinks: true });
  await ok(shell("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], clone), "npm install");
  const log = await ok(shell(process.execPath, [NETLIFY_BUILD, "--offline", "--cacheDir", netlifyCache], clone, { PATH }), "Netlify's build");
  return { log, dist: join(clone, "dist") };
}

test("the second deploy of a site made by init, a clean clone on Netlify, takes every post from the build cache with no flag, and publishes the same bytes", async () => {
  const packed = await ok(shell("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], ROOT), "npm pack");
  const tarball = join(work, (JSON.parse(packed.slice(packed.indexOf("["))) as { filename: string }[])[0].filename);
  await ok(shell(process.execPath, [join(ROOT, "bin/sitegen.js"), "init", "site", "--install-from", tarball], work), "sitegen init");
  const site = join(work, "site");
  cpSync(STARTER_BLOG_POSTS, join(site, "content/blog"), { recursive: true });
  assert.match(readFileSync(join(site, "netlify.toml"), "utf8"), /^\s*command = "npx sitegen build"$/m, "the build command names no cache");
  await ok(shell("git", ["init", "--quiet"], site), "git init");
  await ok(shell("git", ["add", "--all"], site), "git add");
  await ok(shell("git", ["-c", "user.name=Site", "-c", "user.email=site@example.com", "commit", "--quiet", "--message", "The site"], site), "git commit");

  const first = await deploy("deploy-1");
  assert.match(first.log, /no build cache in Netlify's build cache yet/);
  assert.match(first.log, /\(0 posts from the cache\)/);
  assert.match(first.log, /the build cache \.sitegen-cache\/ is saved in Netlify's build cache/);

  const second = await deploy("deploy-2", "deploy-1");
  const published = (JSON.parse(readFileSync(join(second.dist, "blog-index.json"), "utf8")) as { count: number }).count;
  assert.ok(published > 1, `the site has posts (${published})`);
  assert.match(second.log, /the build cache \.sitegen-cache\/ is restored from Netlify's build cache/);
  assert.match(second.log, new RegExp(`\\(${published} posts from the cache\\)`), "every post came from the cache");
  assert.deepEqual(readTree(second.dist), readTree(first.dist), "the warm deploy publishes what the cold one did");
});

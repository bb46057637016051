/**
 * `sitegen init` and `sitegen host add` as a new user meets them, through
 * the real CLI: a folder that holds only what a new repository starts with
 * takes a new site, and anything else is refused with nothing written; a
 * site on Cloudflare gets Wrangler as a development dependency; a host's
 * files are added to a site that has another's, never over its own.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { CLI, EPOCH, ROOT, sitegen, sitegenHere, tempDir } from "./helpers/dist.ts";

test("`init .` in a new repository (.git, a README, a licence, a .gitignore) writes the site beside them, and keeps them", async () => {
  const repo = join(tempDir("sitegen-init-"), "blog");
  mkdirSync(repo);
  execFileSync("git", ["init", "--quiet", repo]);
  writeFileSync(join(repo, "README.md"), "# My blog\n");
  writeFileSync(join(repo, "LICENSE"), "MIT\n");
  writeFileSync(join(repo, ".gitignore"), "node_modules\n.env\n");
  const result = await sitegenHere(["init", ".", "--no-install"], { cwd: repo });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, ".\n");
  assert.match(result.stderr, /^next: npm install && npx sitegen serve --watch$/m);
  assert.ok(existsSync(join(repo, "content/site.yaml")));
  assert.equal(readFileSync(join(repo, "README.md"), "utf8"), "# My blog\n");
  assert.equal(readFileSync(join(repo, "LICENSE"), "utf8"), "MIT\n");
  // The site's own lines first, as they were; the starter's it lacks after them (`node_modules` is there, without its slash, which keeps the folder out too).
  assert.equal(
    readFileSync(join(repo, ".gitignore"), "utf8"),
    "node_modules\n.env\n# sitegen\ndist/\n.netlify/\n*.sitegen-old-*/\n.sitegen-tmp-*/\n.sitegen-cache/\n",
  );
  const built = await sitegenHere(["build", "--quiet"], { cwd: repo });
  assert.equal(built.status, 0, built.stderr);
  // The build cache, on by default, and the output are the build's, never the repository's.
  assert.ok(existsSync(join(repo, ".sitegen-cache/index.json")));
  const untracked = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
    cwd: repo,
    encoding: "utf8",
  });
  assert.doesNotMatch(untracked, /\.sitegen-cache|dist\//);
});

test("`init` refuses a folder that holds anything else, names what it holds, and writes nothing", async () => {
  const folder = join(tempDir("sitegen-init-"), "notes");
  mkdirSync(folder);
  execFileSync("git", ["init", "--quiet", folder]);
  writeFileSync(join(folder, "notes.txt"), "mine");
  const result = await sitegenHere(["init", folder, "--no-install"]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /notes is not empty: it holds notes\.txt/);
  assert.deepEqual(readdirSync(folder).sort(), [".git", "notes.txt"]);
});

test("`init --host cloudflare` makes Wrangler a development dependency, at the range sitegen is tested with, so `serve --cloudflare` has it after `npm install`", async () => {
  const site = join(tempDir("sitegen-init-"), "edge");
  const result = await sitegenHere(["init", site, "--host", "cloudflare", "--no-install"]);
  assert.equal(result.status, 0, result.stderr);
  const manifest = JSON.parse(readFileSync(join(site, "package.json"), "utf8"));
  assert.deepEqual(manifest.devDependencies, { wrangler: packageJson.devDependencies.wrangler });
  const tested = JSON.parse(readFileSync(join(ROOT, "node_modules/wrangler/package.json"), "utf8"))
    .version as string;
  assert.ok(
    caretAllows(manifest.devDependencies.wrangler, tested),
    `${manifest.devDependencies.wrangler} allows the Wrangler the tests run, ${tested}`,
  );
  assert.match(readFileSync(join(site, ".gitignore"), "utf8"), /^\.wrangler\/$/m);
  const netlify = JSON.parse(readFileSync(join(await sitegenInit("plain"), "package.json"), "utf8"));
  assert.equal(netlify.devDependencies, undefined, "a Netlify site gets none");
});

test("`host add cloudflare` adds Wrangler's files to a Netlify site, changes package.json and .gitignore only by adding, and keeps every other file", async () => {
  const site = await sitegenInit("blog");
  const before = new Map(filesOf(site).map((file) => [file, readFileSync(join(site, file))]));
  const added = await sitegenHere(["host", "add", "cloudflare", "--no-install"], { cwd: site });
  assert.equal(added.status, 0, added.stderr);
  assert.deepEqual(added.stdout.split("\n").filter(Boolean).sort(), [
    ".gitignore",
    "package.json",
    "worker.js",
    "wrangler.jsonc",
  ]);
  assert.match(added.stderr, /added wrangler to package\.json's devDependencies/);
  assert.match(
    added.stderr,
    /next: npm install && npx sitegen build --host cloudflare && npx sitegen serve --cloudflare \(site\.yaml names no `host`, so a build is for netlify: set `host: cloudflare` there/,
  );
  for (const [file, bytes] of before) {
    if (file === "package.json" || file === ".gitignore") continue;
    assert.ok(readFileSync(join(site, file)).equals(bytes), `${file} is as it was`);
  }
  const { devDependencies, ...rest } = JSON.parse(readFileSync(join(site, "package.json"), "utf8"));
  assert.deepEqual(rest, JSON.parse(before.get("package.json")!.toString()));
  assert.deepEqual(devDependencies, { wrangler: packageJson.devDependencies.wrangler });
  assert.equal(
    readFileSync(join(site, ".gitignore"), "utf8"),
    `${before.get(".gitignore")}# sitegen\n.wrangler/\n`,
  );
  assert.equal(JSON.parse(readFileSync(join(site, "wrangler.jsonc"), "utf8")).assets.directory, "dist");
  const built = await sitegenHere(["build", "--host", "cloudflare", "--quiet"], { cwd: site });
  assert.equal(built.status, 0, built.stderr);
  assert.match(readFileSync(join(site, "dist/_headers"), "utf8"), /The worker sets the same headers/);

  // Again, with a configuration of the site's own: kept, and nothing else written.
  writeFileSync(
    join(site, "wrangler.jsonc"),
    '{ "name": "mine", "main": "worker.js", "assets": { "directory": "dist" } }\n',
  );
  const again = await sitegenHere(["host", "add", "cloudflare", "--no-install"], { cwd: site });
  assert.equal(again.status, 0, again.stderr);
  assert.equal(again.stdout, "");
  assert.match(again.stderr, /kept wrangler\.jsonc, worker\.js as they were: the site's own/);
  assert.match(readFileSync(join(site, "wrangler.jsonc"), "utf8"), /"mine"/);
});

test("`host add netlify` adds Netlify's files to a Cloudflare site; a folder with no site, or a host sitegen does not know, is a usage error that writes nothing", async () => {
  const site = await sitegenInit("edge", ["--host", "cloudflare"]);
  const added = await sitegenHere(["host", "add", "netlify", "--no-install"], { cwd: site });
  assert.equal(added.status, 0, added.stderr);
  assert.deepEqual(added.stdout.split("\n").filter(Boolean).sort(), [
    "netlify.toml",
    "netlify/edge-functions/negotiate.js",
    "netlify/plugins/sitegen-cache/index.js",
    "netlify/plugins/sitegen-cache/manifest.yml",
  ]);
  assert.equal(
    readFileSync(join(site, "netlify.toml"), "utf8"),
    readFileSync(join(ROOT, "starter/netlify.toml"), "utf8"),
  );
  const empty = tempDir("sitegen-init-");
  const nowhere = await sitegenHere(["host", "add", "cloudflare", "--no-install"], { cwd: empty });
  assert.equal(nowhere.status, 2);
  assert.match(nowhere.stderr, /holds no sitegen site \(no content\/site\.yaml\)/);
  assert.deepEqual(readdirSync(empty), []);
  const unknown = sitegen(["host", "add", "vercel"], { cwd: site });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /the host must be netlify or cloudflare, not vercel/);
});

test("when npm cannot install sitegen, init says why, as npm's output tells it, and what to do: not on the registry, or the registry out of reach", async () => {
  // A registry that has no such package, as the public one answers today; then one that does not answer at all.
  const registry = createServer((_request, response) =>
    response.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}'),
  );
  await new Promise<void>((done) => registry.listen(0, "127.0.0.1", done));
  const { port } = registry.address() as AddressInfo;
  try {
    const npm = (url: string) => ({
      npm_config_registry: url,
      npm_config_cache: tempDir("sitegen-npm-cache-"),
      npm_config_fetch_retries: "0",
      npm_config_update_notifier: "false",
    });
    const missing = await sitegenAsync(
      ["init", join(tempDir("sitegen-init-"), "site")],
      npm(`http://127.0.0.1:${port}/`),
    );
    assert.equal(missing.status, 1, missing.stderr);
    assert.match(
      missing.stderr,
      /^error: npm could not install sitegen in .*site: @sitegen\/cli is not on the npm registry \(E404\), as it is not published yet$/m,
    );
    assert.match(
      missing.stderr,
      new RegExp(
        `hint: the site in .*site is written; install sitegen from a package of it instead: run \`npm pack\` in ${ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(it writes sitegen-cli-${packageJson.version.replaceAll(".", "\\.")}\\.tgz\\), then in .*site run \`npm install <that \\.tgz file>\``,
      ),
    );
    assert.doesNotMatch(missing.stderr, /reach its registry/);
    await new Promise((done) => registry.close(done));
    const offline = await sitegenAsync(
      ["init", join(tempDir("sitegen-init-"), "site")],
      npm(`http://127.0.0.1:${port}/`),
    );
    assert.equal(offline.status, 1, offline.stderr);
    assert.match(
      offline.stderr,
      /^error: npm could not reach its registry \(ECONNREFUSED\) to install sitegen in .*site$/m,
    );
  } finally {
    registry.close();
  }
});

/** The real CLI without blocking this process, which serves the registry the CLI's npm asks. */
function sitegenAsync(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1", ...env }, encoding: "utf8" },
      (error, stdout, stderr) => {
        done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** A new site, nothing installed, in a temporary folder named `name`. */
async function sitegenInit(name: string, args: string[] = []): Promise<string> {
  const site = join(tempDir("sitegen-init-"), name);
  const result = await sitegenHere(["init", site, "--no-install", ...args]);
  assert.equal(result.status, 0, result.stderr);
  return site;
}

/** Every file under `dir`, by its path from there. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Whether npm's caret range `range` (`^4.86.0`) allows `version`: the same major version, and not below. */
function caretAllows(range: string, version: string): boolean {
  const [wanted, have] = [range.replace(/^\^/, ""), version].map((text) => text.split(".").map(Number));
  return have[0] === wanted[0] && (have[1] > wanted[1] || (have[1] === wanted[1] && have[2] >= wanted[2]));
}

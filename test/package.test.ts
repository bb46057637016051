/**
 * sitegen as another repository uses it: the tarball `npm pack` makes holds
 * only what the tool needs; installed in a fresh folder with production
 * dependencies only, `npx sitegen build` and `check` work from a read-only
 * node_modules, and build what the repository's own sitegen builds; `npx
 * sitegen init` makes a site that builds and passes check, whose edge
 * function, imported from the installed package, answers through Netlify's
 * emulator, and which, committed to its own repository and cloned alone,
 * installs with `npm ci`, builds and passes Netlify's own offline build, whose
 * second deploy (a clean clone again, Netlify's build cache kept between the
 * two, as Netlify keeps it) takes every post from the cache and publishes the
 * same bytes;
 * `init --host cloudflare` makes one whose worker answers through Cloudflare's
 * runtime.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { delimiter, dirname, join, relative } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { DENO, ROOT, sitegen, startPrinting, tempDir, type Running } from "./helpers/dist.ts";
import { shell } from "./helpers/project.ts";
import { readTree } from "./helpers/site.ts";
import { STARTER_BLOG_POSTS } from "./helpers/starter.ts";

const KONTOR = join(ROOT, "test/fixtures/sites/kontor");

let tarball: string;
let files: string[];
const work = tempDir("sitegen-package-");
const app = join(work, "app");

before(async () => {
  // Without scripts: `npm test` compiled lib/ already, and compiling again would pull it from under tests running beside this one.
  const packed = await shell("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], ROOT);
  assert.equal(packed.status, 0, packed.stderr);
  const [report] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, report.filename);
  files = report.files.map((file) => file.path).sort();
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
  const installed = await shell(
    "npm",
    ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", tarball],
    app,
  );
  assert.equal(installed.status, 0, installed.stderr);
});

test("the package has a name of its own, keeps the `sitegen` command, and exports the edge function", () => {
  assert.notEqual(packageJson.name, "sitegen", "the registry's `sitegen` is another package");
  assert.match(packageJson.name, /^@[a-z0-9-]+\/[a-z0-9-]+$/);
  assert.deepEqual(packageJson.bin, { sitegen: "bin/sitegen.js" });
  assert.equal((packageJson.exports as Record<string, string>)["./edge"], "./lib/edge.js");
  assert.match(
    readFileSync(join(ROOT, "starter/netlify/edge-functions/negotiate.js"), "utf8"),
    new RegExp(`^export \\{ default \\} from "${packageJson.name}/edge";$`, "m"),
    "the starter's edge function imports this package",
  );
});

test("the tarball holds only what the tool needs: the CLI, its compiled code and the starter with its theme", () => {
  const top = new Set(files.map((path) => path.split("/")[0]));
  assert.deepEqual([...top].sort(), ["README.md", "bin", "lib", "package.json", "starter"]);
  for (const needed of [
    "bin/sitegen.js",
    "lib/cli.js",
    "lib/render-worker.js",
    "lib/edge.js",
    "starter/templates/layout.html",
    "starter/templates/assets/site.css",
    "starter/content/site.yaml",
    "starter/gitignore",
    "starter/netlify/edge-functions/negotiate.js",
  ]) {
    assert.ok(files.includes(needed), needed);
  }
});

test("installed with production dependencies only, `npx sitegen build` and `check` work from a read-only node_modules, and build what this repository builds", async () => {
  const modules = join(app, "node_modules");
  for (const devOnly of ["typescript", "tsx", "esbuild", "deno", "@netlify/dev", "playwright-core"])
    assert.ok(!existsSync(join(modules, devOnly)), `${devOnly} is not installed`);
  cpSync(KONTOR, join(app, "content"), { recursive: true });
  cpSync(join(ROOT, "templates"), join(app, "templates"), { recursive: true });
  const before = snapshot(modules);
  // Read-only for everyone; the snapshot also holds a root user, whom file modes do not stop, to writing nothing.
  const modes = readOnly(modules);
  try {
    const built = await shell("npx", ["sitegen", "build"], app);
    assert.equal(built.status, 0, built.stderr);
    const lanes = await shell("npx", ["sitegen", "build", "--out", "dist-lanes", "--no-cache"], app, {
      SITEGEN_WORKERS: "2",
    });
    assert.equal(lanes.status, 0, lanes.stderr);
    const checked = await shell("npx", ["sitegen", "check"], app);
    assert.equal(checked.status, 0, checked.stdout + checked.stderr);
    assert.match(checked.stdout, /no errors, no warnings/);
  } finally {
    for (const [path, mode] of modes) chmodSync(path, mode);
  }
  assert.deepEqual(snapshot(modules), before, "nothing in node_modules was written");
  const here = join(work, "here");
  const ours = sitegen([
    "build",
    "--content",
    join(app, "content"),
    "--templates",
    join(app, "templates"),
    "--out",
    here,
  ]);
  assert.equal(ours.status, 0, ours.stderr);
  const expected = readTree(here);
  for (const out of ["dist", "dist-lanes"]) {
    const actual = readTree(join(app, out));
    assert.deepEqual([...actual.keys()], [...expected.keys()], out);
    for (const [file, bytes] of expected) assert.ok(actual.get(file)!.equals(bytes), `${out}/${file}`);
  }
});

let emulator: Running | undefined;
after(() => emulator?.stop());

test("`npx sitegen init my-site`, then `npx sitegen build` and `check` in it pass, and its edge function answers through Netlify's emulator", async () => {
  const created = await shell("npx", ["sitegen", "init", "my-site", "--install-from", tarball], app);
  assert.equal(created.status, 0, created.stderr);
  assert.equal(created.stdout, "my-site\n");
  const site = join(app, "my-site");
  for (const file of [
    ".gitignore",
    "netlify.toml",
    "netlify/edge-functions/negotiate.js",
    "package.json",
    "content/site.yaml",
    "content/pages/index.md",
    "content/pages/developers.md",
    "content/pages/blog.md",
    "templates/layout.html",
  ]) {
    assert.ok(existsSync(join(site, file)), file);
  }
  assert.ok(
    existsSync(join(site, "node_modules", packageJson.name, "lib/edge.js")),
    "sitegen is installed in the site",
  );
  // The package is kept in the site, so the site's own repository installs it wherever it is cloned.
  const name = tarball.split("/").at(-1)!;
  assert.ok(
    readFileSync(join(site, "vendor/sitegen", name)).equals(readFileSync(tarball)),
    `vendor/sitegen/${name}`,
  );
  assert.equal(
    JSON.parse(readFileSync(join(site, "package.json"), "utf8")).dependencies[packageJson.name],
    `file:vendor/sitegen/${name}`,
  );
  assert.match(
    readFileSync(join(site, "netlify.toml"), "utf8"),
    /\[\[edge_functions\]\]\n\s+function = "negotiate"\n\s+path = "\/\*"/,
  );
  const built = await shell("npx", ["sitegen", "build"], site);
  assert.equal(built.status, 0, built.stderr);
  const checked = await shell("npx", ["sitegen", "check"], site);
  assert.equal(checked.status, 0, checked.stdout + checked.stderr);
  // The one warning is the origin init writes, until the owner sets the site's own.
  assert.match(checked.stdout, /checked 5 pages, 1 published post, and dist\/: no errors, 1 warning \(/);
  assert.match(
    checked.stderr,
    /^warning: content\/site\.yaml:\d+:\d+: `base_url` is https:\/\/example\.com, a placeholder/m,
  );

  // The emulator and Deno are the site's development dependencies, as `sitegen serve --netlify` asks.
  mkdirSync(join(site, "node_modules/@netlify"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules/@netlify/dev"), join(site, "node_modules/@netlify/dev"));
  symlinkSync(join(ROOT, "node_modules/deno"), join(site, "node_modules/deno"));
  emulator = await startPrinting(
    process.execPath,
    [join(site, "node_modules", packageJson.name, "bin/sitegen.js"), "serve", "--netlify", "--port", "0"],
    site,
  );
  const markdown = await assertNegotiates(emulator.url);
  assert.match(markdown.headers.get("x-nf-edge-functions") ?? "", /negotiate/, "the edge function answered");
});

/** What Netlify keeps from one build to the next (`--cacheDir`; /opt/build/cache on its servers). */
const netlifyCache = join(work, "netlify-cache");
const git = (args: string[], cwd: string) =>
  shell("git", ["-c", "user.name=Site Owner", "-c", "user.email=owner@example.com", ...args], cwd);

/**
 * A deploy as Netlify's build image runs one: a clean clone of the site's repository, the `node_modules` the image
 * restores from its cache (the `last` deploy's; none the first time, which installs exactly the lock file with
 * `npm ci`), then Netlify's own build, offline: @netlify/build (what `netlify build` runs) reads the clone's
 * netlify.toml, runs its command (`npx sitegen build`), runs the cache plugin's onPreBuild and onPostBuild with its
 * real `utils.cache`, and bundles the edge function with the sitegen inside the site. The image brings
 * @netlify/build and Deno; here they are the project's. Offline, the bundler cannot fetch the types it reads an
 * inline `config` export with, and says so: the function has none, its route is netlify.toml's.
 */
async function deploy(name: string, last?: string): Promise<{ clone: string; log: string }> {
  const clone = join(work, name);
  const cloned = await git(["clone", "-q", join(app, "my-site"), clone], work);
  assert.equal(cloned.status, 0, cloned.stderr);
  assert.ok(!existsSync(join(clone, ".sitegen-cache")), "a clean clone has no build cache");
  if (last)
    cpSync(join(work, last, "node_modules"), join(clone, "node_modules"), {
      recursive: true,
      verbatimSymlinks: true,
    });
  else assert.ok(!existsSync(join(clone, "node_modules")), "nothing installed beside the clone");
  const installed = await shell(
    "npm",
    [last ? "install" : "ci", "--prefer-offline", "--no-audit", "--no-fund"],
    clone,
  );
  assert.equal(installed.status, 0, installed.stderr);
  const netlify = await shell(
    join(ROOT, "node_modules/.bin/netlify-build"),
    ["--offline", "--cacheDir", netlifyCache],
    clone,
    { PATH: `${dirname(realpathSync(DENO))}${delimiter}${process.env.PATH}` },
  );
  const log = netlify.stdout + netlify.stderr;
  assert.equal(netlify.status, 0, log);
  assert.match(log, /Netlify Build Complete/);
  return { clone, log };
}

test("a site made by `init`, committed to its own repository and cloned to an empty folder with nothing beside it, installs with `npm ci`, builds, and passes `netlify build --offline`", async () => {
  const site = join(app, "my-site");
  assert.ok(existsSync(join(site, "package-lock.json")), "init's install wrote the lock file");
  cpSync(STARTER_BLOG_POSTS, join(site, "content/blog"), { recursive: true });
  assert.match(
    readFileSync(join(site, "netlify.toml"), "utf8"),
    /^\s*command = "npx sitegen build"$/m,
    "the build command names no cache",
  );
  assert.equal((await git(["init", "-q"], site)).status, 0);
  assert.equal((await git(["add", "-A"], site)).status, 0);
  assert.equal((await git(["commit", "-q", "-m", "A new site"], site)).status, 0);

  const { clone, log } = await deploy("deploy-1");
  assert.match(log, /\$ npx sitegen build\nBuilt \d+ pages, /, "the build command ran");
  assert.ok(existsSync(join(clone, "dist/index.html")));
  assert.match(log, /no build cache in Netlify's build cache yet/);
  assert.match(log, /\(0 posts from the cache\)/);
  assert.match(
    log,
    /sitegen: the build cache \.sitegen-cache\/ is saved in Netlify's build cache/,
    "the cache plugin ran",
  );
  const bundled = join(clone, ".netlify/edge-functions-dist");
  const manifest = JSON.parse(readFileSync(join(bundled, "manifest.json"), "utf8")) as {
    routes: { function: string; path: string }[];
    bundles: { asset: string; format: string }[];
  };
  assert.deepEqual(
    manifest.routes.map((route) => [route.function, route.path]),
    [["negotiate", "/*"]],
  );
  const eszip = manifest.bundles.find((bundle) => bundle.format === "eszip2");
  assert.ok(eszip && statSync(join(bundled, eszip.asset)).size > 0, "the edge function is bundled");
  const status = await git(["status", "--porcelain"], clone);
  assert.equal(status.stdout, "", "the builds leave the repository's files as committed");
});

test("the second deploy, a clean clone on Netlify, takes every post from the build cache with no flag, and publishes the same bytes", async () => {
  const first = join(work, "deploy-1");
  assert.ok(existsSync(join(first, "dist/index.html")), "the first deploy ran");
  const { clone, log } = await deploy("deploy-2", "deploy-1");
  const published = (
    JSON.parse(readFileSync(join(clone, "dist/blog-index.json"), "utf8")) as { count: number }
  ).count;
  assert.ok(published > 1, `the site has posts (${published})`);
  assert.match(log, /the build cache \.sitegen-cache\/ is restored from Netlify's build cache/);
  assert.match(log, new RegExp(`\\(${published} posts from the cache\\)`), "every post came from the cache");
  assert.deepEqual(
    readTree(join(clone, "dist")),
    readTree(join(first, "dist")),
    "the warm deploy publishes what the cold one did",
  );
});

/** A new site's pages negotiate on `base`: Markdown and HTML, the `.md` sibling, a 404 and a 406 as Problems. Returns the Markdown answer. */
async function assertNegotiates(base: string): Promise<Response> {
  const get = (path: string, accept?: string) =>
    fetch(new URL(path, base), { headers: accept ? { accept } : {} });
  const markdown = await get("/about/", "text/markdown");
  assert.equal(markdown.status, 200);
  assert.equal(markdown.headers.get("content-type"), "text/markdown; charset=utf-8");
  assert.equal(markdown.headers.get("vary"), "Accept, Accept-Encoding");
  assert.match(await markdown.clone().text(), /^# About\n/);
  const html = await get("/about/", "text/html");
  assert.equal(html.status, 200);
  assert.match(html.headers.get("link") ?? "", /<\/about\.md>; rel="alternate"; type="text\/markdown"/);
  const post = await get("/blog/writing-with-sitegen.md");
  assert.equal(post.status, 200);
  const missing = await get("/no-such-page/");
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).code, "not_found");
  const json = await get("/about/", "application/json");
  assert.equal(json.status, 406);
  assert.equal((await json.json()).type, "https://example.com/developers/#http-406");
  return markdown;
}

let wrangler: Running | undefined;
after(() => wrangler?.stop());

test("`npx sitegen init my-edge --host cloudflare` writes Wrangler's files instead of Netlify's, builds for Cloudflare, and its worker answers through Cloudflare's runtime", async () => {
  const created = await shell(
    "npx",
    ["sitegen", "init", "my-edge", "--host", "cloudflare", "--no-install"],
    app,
  );
  assert.equal(created.status, 0, created.stderr);
  const site = join(app, "my-edge");
  for (const file of ["wrangler.jsonc", "worker.js", ".gitignore", "package.json", "content/site.yaml"])
    assert.ok(existsSync(join(site, file)), file);
  for (const file of ["netlify.toml", "netlify"]) assert.ok(!existsSync(join(site, file)), `no ${file}`);
  assert.match(readFileSync(join(site, "content/site.yaml"), "utf8"), /^host: cloudflare$/m);
  assert.match(
    readFileSync(join(site, "worker.js"), "utf8"),
    new RegExp(`^export \\{ default \\} from "${packageJson.name}/cloudflare";$`, "m"),
  );
  const config = JSON.parse(readFileSync(join(site, "wrangler.jsonc"), "utf8"));
  assert.equal(config.main, "worker.js");
  assert.equal(config.assets.directory, "dist");
  assert.match(config.compatibility_date, /^\d{4}-\d{2}-\d{2}$/);
  // sitegen from the packed tarball, and Wrangler as the site's development dependency, as `sitegen serve --cloudflare` asks.
  // The app's install of the same tarball with the same flags (in `before`) is put in place first, as a cache, the way
  // the second deploy starts from the first one's: npm finds the tree it would make and keeps it, where installing it
  // anew cost about four CPU seconds more.
  cpSync(join(app, "node_modules"), join(site, "node_modules"), { recursive: true, verbatimSymlinks: true });
  const installed = await shell(
    "npm",
    ["install", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", tarball],
    site,
  );
  assert.equal(installed.status, 0, installed.stderr);
  symlinkSync(join(ROOT, "node_modules/wrangler"), join(site, "node_modules/wrangler"));
  const built = await shell("npx", ["sitegen", "build"], site);
  assert.equal(built.status, 0, built.stderr);
  assert.match(
    readFileSync(join(site, "dist/_headers"), "utf8"),
    /The worker sets the same headers/,
    "site.yaml's host chose Cloudflare's rules",
  );
  wrangler = await startPrinting(
    process.execPath,
    [join(site, "node_modules", packageJson.name, "bin/sitegen.js"), "serve", "--cloudflare", "--port", "0"],
    site,
  );
  await assertNegotiates(wrangler.url);
});

test("init refuses a folder that holds anything, and writes nothing into it", async () => {
  const full = join(work, "full");
  mkdirSync(full);
  writeFileSync(join(full, "notes.txt"), "mine");
  const refused = await shell(
    process.execPath,
    [join(ROOT, "bin/sitegen.js"), "init", full, "--no-install"],
    work,
  );
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /is not empty/);
  assert.deepEqual(readdirSync(full), ["notes.txt"]);
});

/** Every path under `dir` with its size and modification time. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      const stats = statSync(path, { throwIfNoEntry: false });
      return `${relative(dir, path)} ${stats?.size} ${stats?.mtimeMs}`;
    })
    .sort();
}

/** Takes every write permission off `dir` and what it holds; returns the modes to restore. */
function readOnly(dir: string): [string, number][] {
  const paths = [
    dir,
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isSymbolicLink())
      .map((entry) => join(entry.parentPath, entry.name)),
  ];
  const modes = paths.map((path): [string, number] => [path, statSync(path).mode & 0o7777]);
  for (const [path, mode] of modes) chmodSync(path, mode & ~0o222);
  return modes.reverse();
}

/**
 * `sitegen init` as a new user meets it, through the real CLI: a folder that
 * holds only what a new repository starts with takes a new site, and
 * anything else is refused with nothing written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegen, tempDir } from "./helpers/dist.ts";

test("`init .` in a new repository (.git, a README, a licence, a .gitignore) writes the site beside them, and keeps them", () => {
  const repo = join(tempDir("sitegen-init-"), "blog");
  mkdirSync(repo);
  execFileSync("git", ["init", "--quiet", repo]);
  writeFileSync(join(repo, "README.md"), "# My blog\n");
  writeFileSync(join(repo, "LICENSE"), "MIT\n");
  writeFileSync(join(repo, ".gitignore"), "node_modules\n.env\n");
  const result = sitegen(["init", ".", "--no-install"], { cwd: repo });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, ".\n");
  assert.match(result.stderr, /^next: npm install && npx sitegen build$/m);
  assert.ok(existsSync(join(repo, "content/site.yaml")));
  assert.equal(readFileSync(join(repo, "README.md"), "utf8"), "# My blog\n");
  assert.equal(readFileSync(join(repo, "LICENSE"), "utf8"), "MIT\n");
  // The site's own lines first, as they were; the starter's it lacks after them (`node_modules` is there, without its slash, which keeps the folder out too).
  assert.equal(readFileSync(join(repo, ".gitignore"), "utf8"), "node_modules\n.env\n# sitegen\ndist/\n.netlify/\n*.sitegen-old-*/\n.sitegen-tmp-*/\n");
  const built = sitegen(["build", "--quiet"], { cwd: repo });
  assert.equal(built.status, 0, built.stderr);
});

test("`init` refuses a folder that holds anything else, names what it holds, and writes nothing", () => {
  const folder = join(tempDir("sitegen-init-"), "notes");
  mkdirSync(folder);
  execFileSync("git", ["init", "--quiet", folder]);
  writeFileSync(join(folder, "notes.txt"), "mine");
  const result = sitegen(["init", folder, "--no-install"]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /notes is not empty: it holds notes\.txt/);
  assert.deepEqual(readdirSync(folder).sort(), [".git", "notes.txt"]);
});

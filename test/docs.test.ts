/**
 * The documentation: a sitegen site of its own in docs/ (its content in
 * docs/content/, in the starter theme), built with the real CLI and checked
 * against its build, with a page for each part in nested folders and its own
 * llms.txt. The README stays a front page: at most about 150 lines, its two
 * commands and its way to start a site as the documentation says them, every
 * link to docs/ leading to a page. No line of the README or of docs/ is over
 * 200 characters.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { ROOT, sitegen, tempDir } from "./helpers/dist.ts";

const DOCS = join(ROOT, "docs");
const PAGES = join(DOCS, "content/pages");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
/** The most characters a line of documentation holds: one a person reads without scrolling sideways. */
const LINE_MAX = 200;

/** Every file under `dir` whose name ends in `extension`, by its path from the repository's root. */
function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

const out = join(tempDir("sitegen-docs-"), "dist");
const built = sitegen([
  "build",
  "--content",
  "docs/content",
  "--templates",
  "starter/templates",
  "--out",
  out,
]);

test("docs/ builds with the real CLI, with no warning, and passes check against its build", () => {
  assert.equal(built.status, 0, built.stderr);
  assert.equal(built.stderr, "", "no warning");
  const checked = sitegen([
    "check",
    "--content",
    "docs/content",
    "--templates",
    "starter/templates",
    "--dist",
    out,
  ]);
  assert.equal(checked.status, 0, checked.stdout + checked.stderr);
  assert.match(checked.stdout, /no errors, no warnings/);
});

test("every page of docs/content/pages/ is published, nested pages at their folders' paths, and named in the docs' own llms.txt", () => {
  const llms = readFileSync(join(out, "llms.txt"), "utf8");
  const base = /^base_url: (\S+)$/m.exec(readFileSync(join(DOCS, "content/site.yaml"), "utf8"))![1];
  const pages = filesUnder(PAGES, ".md").map((file) =>
    relative(relative(ROOT, PAGES), file)
      .replace(/\.md$/, "")
      .replace(/(^|\/)index$/, ""),
  );
  assert.ok(
    pages.some((page) => page.split("/").length > 1),
    "pages in folders",
  );
  for (const page of pages) {
    const path = page === "" ? "/" : `/${page}/`;
    assert.ok(existsSync(join(out, path, "index.html")), `${path} is published`);
    const markdown = page === "" ? "/index.md" : `/${page}.md`;
    assert.ok(llms.includes(`(${base}${markdown})`), `llms.txt names ${markdown}`);
  }
});

test(`no line of the README or of docs/ is over ${LINE_MAX} characters`, () => {
  // docs/content/, not a build of it that docs/dist/ may hold.
  const files = [
    "README.md",
    ...filesUnder(join(DOCS, "content"), ".md"),
    ...filesUnder(join(DOCS, "content"), ".yaml"),
  ];
  const long = files.flatMap((file) =>
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, index) =>
        [...line].length > LINE_MAX ? [`${file}:${index + 1}: ${[...line].length} characters`] : [],
      ),
  );
  assert.deepEqual(long, []);
});

test("the README is a front page: about 150 lines at most, every link to docs/ leading to a page there", () => {
  assert.ok(README.split("\n").length <= 150, `${README.split("\n").length} lines`);
  const links = [...README.matchAll(/\]\((docs\/[^)#]+)\)/g)].map((match) => match[1]);
  assert.ok(links.length > 20, "it links each part of the documentation");
  for (const link of links) assert.ok(existsSync(join(ROOT, link)), `${link} exists`);
  for (const section of ["libraries", "security", "tests", "performance"])
    assert.ok(links.includes(`docs/content/pages/project/${section}.md`), `the README links ${section}`);
});

test("the README's two commands are the repository's scripts, and its way to start a site names the package `npm pack` writes", () => {
  const quick = /## Quick start\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(README)![1];
  assert.deepEqual(
    quick
      .trim()
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "")),
    ["npm ci && npm start", "npm ci && npm test"],
  );
  for (const script of ["start", "test"])
    assert.ok((packageJson.scripts as Record<string, string>)[script], `npm ${script} is a script`);
  // npm pack names a scoped package's tarball <scope>-<name>-<version>.tgz.
  const tarball = `${packageJson.name.slice(1).replace("/", "-")}-${packageJson.version}.tgz`;
  const start = readFileSync(join(PAGES, "start/index.md"), "utf8");
  for (const [file, text] of [
    ["README.md", README],
    ["docs/content/pages/start/index.md", start],
  ]) {
    assert.ok(text.includes(`--install-from ${tarball}`), `${file} installs ${tarball}`);
    assert.match(text, /npm ci && npm pack/, file);
  }
});

/**
 * A site defines its own pages (whatever content/pages/ holds) and its own
 * languages (site.yaml's `languages`, the default first). Tried on a second
 * site, test/fixtures/sites/kontor: German first, English second, and pages
 * this repository's site does not have. `check` holds the site to what the
 * agent surface points at: a developers page with the error anchors, and a
 * blog page when there are posts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { scratchDir, type CliRun } from "./helpers/site.ts";
import { sitegenIn } from "./helpers/project.ts";
import type { Finding } from "../src/findings.ts";

export const KONTOR = join(ROOT, "test/fixtures/sites/kontor");
const TEMPLATES = join(ROOT, "templates");

/** A copy of the second site's content, to change. */
function kontor(): string {
  const dir = join(scratchDir("sitegen-kontor-"), "content");
  cpSync(KONTOR, dir, { recursive: true });
  return dir;
}

const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(file, change(readFileSync(file, "utf8")));

async function checkJson(content: string): Promise<{ run: CliRun; findings: Finding[] }> {
  const run = await sitegenHere([
    "check",
    "--content",
    content,
    "--templates",
    TEMPLATES,
    "--dist",
    join(content, "..", "no-dist"),
    "--json",
  ]);
  return { run, findings: JSON.parse(run.stdout).findings };
}

async function build(content: string): Promise<{ run: CliRun; out: string }> {
  const out = join(content, "..", "dist");
  return {
    run: await sitegenHere(["build", "--content", content, "--templates", TEMPLATES, "--out", out]),
    out,
  };
}

test("the pages are the files of content/pages/: the second site has its own set, and no other", async () => {
  const { run, out } = await build(kontor());
  assert.equal(run.status, 0, run.stderr);
  const pages = readdirSync(join(KONTOR, "pages")).map((name) => name.slice(0, -3));
  for (const name of pages) {
    const path = name === "index" ? "/" : `/${name}/`;
    assert.ok(existsSync(join(out, path.slice(1), "index.html")), `${path} has its HTML`);
    assert.ok(existsSync(join(out, `${name}.md`)), `${path} has its .md sibling`);
  }
  for (const absent of ["about", "brand", "privacy", "contact"])
    assert.ok(!existsSync(join(out, absent)), `no /${absent}/: this site has no such page`);
  const openapi = JSON.parse(readFileSync(join(out, "openapi.json"), "utf8"));
  assert.deepEqual(openapi.paths["/{page}.md"].get.parameters[0].schema.enum, [
    "index",
    ...pages.filter((name) => name !== "index").sort(),
  ]);
});

test("the languages come from site.yaml: pages and posts in either, the first the default, in HTML, Markdown and the blog index", async () => {
  const { run, out } = await build(kontor());
  assert.equal(run.status, 0, run.stderr);
  assert.match(
    readFileSync(join(out, "index.html"), "utf8"),
    /<html lang="de">/,
    "a page without lang is in the default language",
  );
  assert.match(readFileSync(join(out, "developers/index.html"), "utf8"), /<html lang="en">/);
  assert.match(readFileSync(join(out, "index.md"), "utf8"), /^- Language: de$/m);
  const index = JSON.parse(readFileSync(join(out, "blog-index.json"), "utf8"));
  assert.deepEqual(
    Object.fromEntries(index.posts.map((post: { slug: string; lang: string }) => [post.slug, post.lang])),
    { "translation-memories-worth-keeping": "en", "glossare-die-mitwachsen": "de" },
  );
  const openapi = JSON.parse(readFileSync(join(out, "openapi.json"), "utf8"));
  assert.deepEqual(openapi.components.schemas.BlogPost.properties.lang.enum, ["de", "en"]);
  assert.match(
    readFileSync(join(out, "blog/glossare-die-mitwachsen/index.html"), "utf8"),
    /<time datetime="2025-03-04">4\. März 2025<\/time>/,
    "a German date, as German writes it",
  );
});

test("with sitegen's own ids (`heading_ids: ascii`), headings are spelled in the page's language: German umlauts and ß in anchors", async () => {
  const content = kontor();
  edit(join(content, "site.yaml"), (text) => `${text}\nmarkdown:\n  heading_ids: ascii\n`);
  edit(
    join(content, "pages/leistungen.md"),
    (text) => `${text}\n## Größe der Aufträge\n\nSiehe [oben](/leistungen/#groesse-der-auftraege).\n`,
  );
  const { run, out } = await build(content);
  assert.equal(run.status, 0, run.stderr);
  assert.match(
    readFileSync(join(out, "leistungen/index.html"), "utf8"),
    /<h2 id="groesse-der-auftraege">Größe der Aufträge<\/h2>/,
  );
});

test("a post's lang may narrow a site language (`en-US` on a site in `en`); one the site does not have is a located warning, the post published in it", async () => {
  const content = kontor();
  edit(join(content, "blog/translation-memories-worth-keeping.md"), (text) =>
    text.replace("lang: en", "lang: en-US"),
  );
  const { run, out } = await build(content);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(JSON.parse(readFileSync(join(out, "blog-index.json"), "utf8")).posts[0].lang, "en");

  edit(join(content, "blog/translation-memories-worth-keeping.md"), (text) =>
    text.replace("lang: en-US", "lang: fr"),
  );
  const { run: checked, findings } = await checkJson(content);
  assert.equal(checked.status, 0, checked.stderr);
  const unlisted = findings.filter((finding) => finding.kind === "unlisted-language");
  assert.deepEqual(
    unlisted.map(({ level, file, line, column, message }) => ({ level, file, line, column, message })),
    [
      {
        level: "warning",
        file: join(content, "blog/translation-memories-worth-keeping.md"),
        line: 6,
        column: 7,
        message: '`lang` is "fr", which is not one of the site\'s languages (de, en): published in fr',
      },
    ],
  );
  assert.match(unlisted[0].hint!, /list it in site\.yaml: `languages: \[de, en, fr\]`/);
});

test("site.yaml: `language: en` still names a one-language site; both keys, neither, a tag that is not a language, or a locale for no language of the site are located errors", async () => {
  const content = kontor();
  const site = join(content, "site.yaml");
  const original = readFileSync(site, "utf8");
  writeFileSync(site, original.replace("languages: [de, en]", "language: de"));
  for (const post of ["translation-memories-worth-keeping.md"])
    edit(join(content, "blog", post), (text) => text.replace("lang: en\n", ""));
  edit(join(content, "pages/developers.md"), (text) => text.replace("lang: en\n", ""));
  assert.equal((await checkJson(content)).run.status, 0);

  const cases: [string, RegExp, number][] = [
    [
      original.replace("languages: [de, en]", "languages: [de, en]\nlanguage: de"),
      /both `language` and `languages` are set/,
      4,
    ],
    [original.replace("languages: [de, en]\n", ""), /missing required field `languages`/, 1],
    [
      original.replace("languages: [de, en]", "languages: [de, english]"),
      /`english` is not a language tag/,
      3,
    ],
    [original.replace("languages: [de, en]", "languages: [de, DE]"), /`DE` is listed twice/, 3],
    [
      original.replace("languages: [de, en]", "languages: [de, en]\nlocales: { de: de_DE, fr: fr_FR }"),
      /`locales` names `fr`, which is not one of the site's languages \(de, en\)/,
      4,
    ],
    [
      original.replace("languages: [de, en]", "languages: [de, en]\nlocales: { DE: de_DE }"),
      /`locales` names `DE`, which is not one of the site's languages \(de, en\)/,
      4,
    ],
  ];
  for (const [text, message, line] of cases) {
    writeFileSync(site, text);
    const { run, findings } = await checkJson(content);
    assert.equal(run.status, 1, text);
    assert.equal(findings.length, 1, JSON.stringify(findings));
    assert.match(findings[0].message, message);
    assert.deepEqual([findings[0].file, findings[0].line], [site, line]);
  }
});

test("the developers page and its error anchors, and a blog page when there are posts, are required: check and build fail without, naming the file", async () => {
  const cases: [string, (content: string) => void, RegExp, string][] = [
    [
      "no developers page",
      (content) => rmSync(join(content, "pages/developers.md")),
      /missing the page \/developers\/: every error body and error Link header points at it/,
      "pages/developers.md",
    ],
    [
      "no #http-406 anchor",
      (content) => edit(join(content, "pages/developers.md"), (text) => text.replace(" {#http-406}", "")),
      /\/developers\/ has no heading with id `http-406`/,
      "pages/developers.md",
    ],
    [
      "no blog page, with posts",
      (content) => rmSync(join(content, "pages/blog.md")),
      /missing the page \/blog\/: the site publishes 2 post\(s\) under it/,
      "pages/blog.md",
    ],
  ];
  for (const [name, change, message, file] of cases) {
    const content = kontor();
    // Nothing links to the page the case removes, so the surface check is the one error.
    for (const page of ["index.md", "leistungen.md"])
      edit(join(content, "pages", page), (text) => text.replace(/\[([^\]]+)\]\(\/blog\/\)/g, "$1"));
    edit(join(content, "site.yaml"), (text) =>
      text.replace(/^ {2}- \{ title: (Blog|Developers), path: \/(blog|developers)\/ \}\n/gm, ""),
    );
    change(content);
    const { run, findings } = await checkJson(content);
    assert.equal(run.status, 1, `${name}: ${run.stdout}`);
    assert.deepEqual(
      findings.map((f) => [f.level, f.file]),
      [["error", join(content, file)]],
      name,
    );
    assert.match(findings[0].message, message, name);
    assert.equal(findings[0].kind, "missing-page");
    const built = await build(content);
    assert.equal(built.run.status, 1, `${name}: the error bodies would link to nothing\n${built.run.stderr}`);
    assert.match(
      built.run.stderr,
      new RegExp(`^error: ${join(content, file).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: `, "m"),
      name,
    );
  }
});

test("a site without posts needs no blog page", async () => {
  const content = kontor();
  rmSync(join(content, "blog"), { recursive: true });
  rmSync(join(content, "pages/blog.md"));
  for (const page of ["index.md", "leistungen.md"])
    edit(join(content, "pages", page), (text) => text.replace(/\[([^\]]+)\]\(\/blog\/\)/g, "$1"));
  edit(join(content, "site.yaml"), (text) => text.replace("  - { title: Blog, path: /blog/ }\n", ""));
  const { run, findings } = await checkJson(content);
  assert.equal(run.status, 0, run.stdout);
  assert.deepEqual(findings, []);
});

test("a page whose URL would overwrite a file of the surface is refused, naming the page's file", async () => {
  const content = kontor();
  cpSync(join(content, "pages/impressum.md"), join(content, "pages/agent-instructions.md"));
  const { run, findings } = await checkJson(content);
  assert.equal(run.status, 1);
  assert.deepEqual(
    findings.map((f) => [f.file, f.message]),
    [
      [
        join(content, "pages/agent-instructions.md"),
        "the page /agent-instructions/ would be written to `agent-instructions.md`, where the site has another file",
      ],
    ],
  );
});

test("site.yaml's navigation links what the site publishes: a link to a page it does not have is a located warning, counted by its target", async () => {
  const content = kontor();
  const site = join(content, "site.yaml");
  edit(site, (text) =>
    text
      .replace("{ title: Kontakt, path: /kontakt/ }", "{ title: About, path: /about/ }")
      .replace("path: /impressum/", "path: /impressum"),
  );
  const { run, findings } = await checkJson(content);
  assert.equal(run.status, 0);
  assert.deepEqual(
    findings.map((f) => [f.level, f.kind, f.target]),
    [
      ["warning", "broken-link", "/about/"],
      ["warning", "broken-link", "/impressum"],
    ],
  );
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.message]),
    [
      [site, 21, "`navigation` links /about/, where nothing is published"],
      [site, 23, "`footer_navigation` links /impressum, where nothing is published"],
    ],
  );
  assert.match(findings[1].hint!, /page URLs end with a slash: \/impressum\//);
});

test("`sitegen new` knows a post filed in a folder and a .markdown page: it does not make a second file with their name", async () => {
  const content = kontor();
  const cwd = join(content, "..");
  const post = await sitegenIn(cwd, ["new", "post", "Glossare, die mitwachsen", "--lang", "de"]);
  assert.equal(post.status, 1);
  assert.match(post.stderr, /the file already exists/);
  writeFileSync(join(content, "pages/team.markdown"), readFileSync(join(content, "pages/impressum.md")));
  const page = await sitegenIn(cwd, ["new", "page", "team"]);
  assert.equal(page.status, 1);
  assert.ok(!existsSync(join(content, "pages/team.md")));
});

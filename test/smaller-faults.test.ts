/**
 * Smaller faults, each through the real CLI: an alias the build leaves out
 * is in no host's rules; tags that share their first 60 characters get pages
 * of their own; the `security:` setting's errors speak in words; a static
 * file's odd name is named.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { sitegenHere, startPreviewServer, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

function post(fields: string): string {
  return `---\ndescription: "A post."\ndate: 2026-01-02\n${fields}\n---\n\nBody.\n`;
}

/** The rules of a `_redirects` file, comments left out. */
function rules(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));
}

describe("an alias the build leaves out is left out of every host's rules", () => {
  it("writes no rule for `/about/` (a page's address) or `/about` on a post, on Netlify, on Cloudflare or in the preview server", async () => {
    const root = initSite();
    writeFileSync(
      join(root, "content/blog/moved.md"),
      post('title: "Moved"\naliases: ["/about/", "/old-moved/"]'),
    );
    for (const host of ["netlify", "cloudflare"]) {
      const run = await sitegenHere(["build", "--host", host], { cwd: root });
      assert.equal(run.status, 0, run.stderr);
      assert.match(
        run.stderr,
        /^warning: content\/blog\/moved\.md:5: the alias `\/about\/` is an address of the site itself, made by content\/pages\/about\.md: left out/m,
      );
      // Netlify's rules list the old addresses; Cloudflare's worker, as every host's core, reads them from the route shards.
      const written = rules(join(root, "dist/_redirects"));
      assert.ok(!written.some((rule) => /^\/about\/?\s/.test(rule)), `${host}: ${written.join("\n")}`);
      if (host === "netlify")
        assert.ok(
          written.some((rule) => /^\/old-moved\/?\s+\/blog\/moved\/\s+301/.test(rule)),
          written.join("\n"),
        );
      const shards = readdirSync(join(root, "dist/_sitegen/routes"))
        .map((name) => readFileSync(join(root, "dist/_sitegen/routes", name), "utf8"))
        .join("\n");
      assert.match(shards, /"\/old-moved\/":"\/blog\/moved\/"/);
      assert.doesNotMatch(shards, /"\/about\/?":"\/blog\/moved\/"/, host);
    }
    const server = await startPreviewServer(join(root, "dist"));
    try {
      for (const path of ["/about", "/about/"]) {
        const response = await fetch(new URL(path, server.url), { redirect: "manual" });
        assert.notEqual(
          response.headers.get("location"),
          "/blog/moved/",
          `${path} answers ${response.status} to ${response.headers.get("location")}`,
        );
      }
      assert.equal((await fetch(new URL("/about/", server.url))).status, 200);
    } finally {
      await server.stop();
    }
  });
});

describe("tags that share their first 60 characters", () => {
  it("get a page each, each post on its own tag's page, and a slug within 60 characters", async () => {
    const shared = "a very long tag about the history of coastal navigation in the";
    const [north, south] = [`${shared} north sea`, `${shared} south seas`];
    const root = initSite();
    writeFileSync(join(root, "content/blog/north.md"), post(`title: "North"\ntags: ["${north}"]`));
    writeFileSync(join(root, "content/blog/south.md"), post(`title: "South"\ntags: ["${south}"]`));
    const run = await sitegenHere(["build"], { cwd: root });
    assert.equal(run.status, 0, run.stderr);
    const index = readFileSync(join(root, "dist/tags.md"), "utf8");
    const pages = [...index.matchAll(/\]\(https:\/\/example\.com(\/tags\/[^)]+\/)\)/g)]
      .map((match) => match[1])
      .filter((path) => path.startsWith("/tags/a-very-long"));
    assert.equal(new Set(pages).size, 2, index);
    for (const path of pages) assert.ok(path.length - "/tags//".length <= 60, path);
    const [first, second] = pages.map((path) =>
      readFileSync(join(root, "dist", `${path.slice(0, -1)}.md`), "utf8"),
    );
    assert.notEqual(/North/.test(first), /North/.test(second), "each post is on one page");
    assert.notEqual(/South/.test(first), /South/.test(second));
  });
});

describe("the `security:` setting's errors speak in words", () => {
  it("names a source that is none and a port past 65535 at their lines, with no regular expression", async () => {
    const root = initSite();
    const site = join(root, "content/site.yaml");
    // The line `security:` will be on: the file ends with a line feed.
    const lines = readFileSync(site, "utf8").split("\n").length;
    writeFileSync(
      site,
      `${readFileSync(site, "utf8")}security:\n  img-src: ["https://a.example:99999", "https://b.example:8443"]\n  frame-src: ["https://x.example/a b"]\n`,
    );
    const run = await sitegenHere(["check"], { cwd: root });
    assert.equal(run.status, 1, run.stderr);
    assert.doesNotMatch(run.stderr, /pattern|\^\(\?:/, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(
        `^error: content/site\\.yaml:${lines + 2}:\\d+: \`security\\.frame-src\\.0\` is \`https://x\\.example/a b\`, not a source a Content-Security-Policy can name\n`,
        "m",
      ),
      run.stderr,
    );
    assert.match(run.stderr, /^ {2}hint: write an origin \(`https:\/\/cdn\.example`/m, run.stderr);
    // The form first (the schema), then the port: mended, the port is what is left.
    writeFileSync(site, readFileSync(site, "utf8").replace("/a b", "/a"));
    const port = await sitegenHere(["check"], { cwd: root });
    assert.match(
      port.stderr,
      new RegExp(
        `^error: content/site\\.yaml:${lines + 1}:\\d+: \`security\\.img-src\` names \`https://a\\.example:99999\`, whose port 99999 is none: a port is 1 to 65535$`,
        "m",
      ),
      port.stderr,
    );
    assert.equal(port.stderr.match(/whose port/g)?.length, 1, "8443 is a port");
  });
});

describe("a file whose name a URL cannot carry is named", () => {
  it("leaves out `back\\slash.png` of content/static/ and of a post's folder, naming each, and builds the rest", async () => {
    const root = initSite();
    mkdirSync(join(root, "content/static"));
    writeFileSync(join(root, "content/static/back\\slash.png"), "x");
    mkdirSync(join(root, "content/blog/with-files"));
    writeFileSync(join(root, "content/blog/with-files/index.md"), post('title: "With files"'));
    writeFileSync(join(root, "content/blog/with-files/back\\slash.png"), "x");
    const run = await sitegenHere(["build"], { cwd: root });
    assert.equal(run.status, 0, run.stderr);
    for (const file of ["content/static/back\\slash.png", "content/blog/with-files/back\\slash.png"]) {
      assert.ok(
        run.stderr.includes(
          `warning: ${file}: its name holds \`\\\`, which a browser reads in a URL as \`/\`: not published\n  hint: rename it without the backslash, e.g. \`back-slash.png\``,
        ),
        run.stderr,
      );
    }
    assert.ok(!existsSync(join(root, "dist/back\\slash.png")));
    assert.ok(existsSync(join(root, "dist/blog/with-files/index.html")));
  });
});

describe("a Hugo site whose contentDir is not there", () => {
  it("is an error naming the folder and the setting, and nothing is written", async () => {
    const source = tempDir("sitegen-hugo-");
    writeFileSync(
      join(source, "hugo.toml"),
      'baseURL = "https://h.example/"\ntitle = "H"\ncontentDir = "writing"\n',
    );
    mkdirSync(join(source, "content"));
    writeFileSync(join(source, "content/first.md"), "---\ntitle: First\ndate: 2024-01-01\n---\n\nText.\n");
    const dir = join(tempDir(), "moved");
    const run = await sitegenHere(["import", source, dir], { cwd: source });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(
      run.stderr,
      /^error: writing: the content folder `writing` the configuration names \(`contentDir`\) does not exist: no post or page to import$/m,
      run.stderr,
    );
    assert.match(run.stderr, /nothing was written/);
    assert.ok(!existsSync(dir));
  });
});

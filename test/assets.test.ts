/**
 * The templates' files as the build publishes them: assets under names taken
 * from their bytes (so they can be cached for a year), references to them
 * rewritten in templates and stylesheets, `root/` at the site root
 * (`/favicon.ico`), and the typeface and brand images they hold. A reference
 * to a missing asset is an error naming its file and line.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtSite, ROOT } from "./helpers/dist.ts";
import { sitegenIn, tempProject } from "./helpers/project.ts";

const dist = builtSite();

/** A copy of the project with `change` applied, built; what the CLI said. */
async function buildWith(change: (project: string) => void) {
  const project = tempProject();
  change(project);
  return sitegenIn(project, ["build", "--out", "dist"]);
}

function edit(file: string, from: string, to: string) {
  const text = readFileSync(file, "utf8");
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(file, text.replace(from, to));
}

describe("published assets", () => {
  it("are named for their bytes and referenced only by those names, in every page and stylesheet", () => {
    const published = readdirSync(join(dist, "assets"), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    const sources = readdirSync(join(ROOT, "templates/assets"), {
      recursive: true,
      withFileTypes: true,
    }).filter((entry) => entry.isFile());
    assert.equal(
      published.length,
      2 * sources.length,
      "each asset under its plain name and under its fingerprinted one",
    );
    for (const source of sources) {
      const path = join(source.parentPath, source.name).slice(join(ROOT, "templates").length);
      assert.deepEqual(
        readFileSync(join(dist, path)),
        readFileSync(join(ROOT, "templates", path)),
        `${path} is published under its plain name, as it is`,
      );
    }
    const texts = [...readdirSync(dist, { recursive: true, withFileTypes: true })]
      // The plain-named stylesheet keeps its plain references, to the plain-named files.
      .filter(
        (entry) => entry.isFile() && (/\.html$/.test(entry.name) || /\.[0-9a-f]{10}\.css$/.test(entry.name)),
      )
      .map((entry) => ({
        file: join(entry.parentPath, entry.name),
        text: readFileSync(join(entry.parentPath, entry.name), "utf8"),
      }));
    let references = 0;
    for (const { file, text } of texts) {
      for (const [url] of text.matchAll(/\/assets\/[\w./-]*[\w-]/g)) {
        references++;
        const match = /^(.*)\.([0-9a-f]{10})(\.[a-z0-9]+)$/.exec(url);
        assert.ok(match, `${file}: ${url} is fingerprinted`);
        const bytes = readFileSync(join(dist, url));
        assert.equal(
          createHash("sha256").update(bytes).digest("hex").slice(0, 10),
          match[2],
          `${file}: ${url} is named for its bytes`,
        );
      }
    }
    assert.ok(references > 100, `${references} references`);
  });

  it("put /favicon.ico at the root: the icon in 16, 32 and 48 px", () => {
    const ico = readFileSync(join(dist, "favicon.ico"));
    assert.deepEqual(ico, readFileSync(join(ROOT, "templates/root/favicon.ico")));
    assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2)], [0, 1], "an ICO header");
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + 16 * i));
    assert.deepEqual(sizes, [16, 32, 48]);
  });

  it("hold Be Vietnam Pro as @fontsource publishes it, Latin and Vietnamese, regular and semibold, with its licence", () => {
    const fontsource = join(ROOT, "node_modules/@fontsource/be-vietnam-pro");
    const css = readFileSync(join(ROOT, "templates/assets/site.css"), "utf8");
    for (const subset of ["latin", "vietnamese"]) {
      for (const weight of [400, 600]) {
        const name = `be-vietnam-pro-${subset}-${weight}-normal.woff2`;
        assert.deepEqual(
          readFileSync(join(ROOT, "templates/assets/fonts", name)),
          readFileSync(join(fontsource, "files", name)),
          name,
        );
        // Each subset is declared with the unicode-range fontsource gives it, so a page fetches only what it needs.
        const range = new RegExp(`${subset}-${weight}-normal[\\s\\S]*?unicode-range: ([^;]+);`).exec(
          readFileSync(join(fontsource, `${weight}.css`), "utf8"),
        )![1];
        const declared = new RegExp(
          `fonts/${name.replace(/\./g, "\\.")}\\) format\\("woff2"\\);\\n  unicode-range: ([^;]+);`,
        ).exec(css)?.[1];
        assert.equal(declared?.replace(/\s/g, ""), range.replace(/\s/g, ""), `${name}'s unicode-range`);
      }
    }
    assert.deepEqual(
      readFileSync(join(ROOT, "templates/licenses/be-vietnam-pro-OFL.txt")),
      readFileSync(join(fontsource, "LICENSE")),
    );
    assert.match(
      readFileSync(join(ROOT, "templates/licenses/be-vietnam-pro-OFL.txt"), "utf8"),
      /SIL OPEN FONT LICENSE Version 1\.1/,
    );
  });
});

describe("a broken reference", () => {
  it("to an asset that does not exist, in a template, names the template line", async () => {
    const result = await buildWith((project) =>
      edit(join(project, "templates/layout.html"), 'href="/assets/site.css"', 'href="/assets/site-old.css"'),
    );
    assert.equal(result.status, 1, result.stderr);
    const line =
      readFileSync(join(ROOT, "templates/layout.html"), "utf8")
        .split("\n")
        .findIndex((text) => text.includes('href="/assets/site.css"')) + 1;
    assert.match(
      result.stderr,
      new RegExp(`templates/layout\\.html:${line}:\\d+: no asset \`/assets/site-old\\.css\``),
    );
    assert.match(result.stderr, /hint: the assets are .*`\/assets\/site\.css`/);
  });

  it("to a font that does not exist, in a stylesheet, names the stylesheet line", async () => {
    const result = await buildWith((project) =>
      edit(
        join(project, "templates/assets/site.css"),
        "be-vietnam-pro-latin-600-normal.woff2",
        "be-vietnam-pro-latin-700-normal.woff2",
      ),
    );
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /templates\/assets\/site\.css:\d+:\d+: no asset `\/assets\/fonts\/be-vietnam-pro-latin-700-normal\.woff2`/,
    );
  });

  it("from one stylesheet to another is refused: link stylesheets from the layout", async () => {
    const result = await buildWith((project) =>
      writeFileSync(join(project, "templates/assets/print.css"), "@import url(/assets/site.css);\n"),
    );
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /templates\/assets\/print\.css:1:\d+: a stylesheet cannot refer to another stylesheet/,
    );
  });

  it("in site.yaml's theme.logo or theme.social_image is an error at its line", async () => {
    const result = await buildWith((project) =>
      edit(
        join(project, "content/site.yaml"),
        "logo: /assets/brand/logo.png",
        "logo: /assets/brand/logo-old.png",
      ),
    );
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /site\.yaml:\d+:\d+: `\/assets\/brand\/logo-old\.png`: the build publishes no such file/,
    );
  });
});

describe("root/", () => {
  it("refuses a document path, which the negotiation would answer instead of the file", async () => {
    const result = await buildWith((project) =>
      writeFileSync(join(project, "templates/root/robots.txt"), "User-agent: *\n"),
    );
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /root\/robots\.txt would be answered by the negotiation, never served/);
  });

  it("refuses folders", async () => {
    const result = await buildWith((project) => {
      mkdirSync(join(project, "templates/root/icons"));
      writeFileSync(join(project, "templates/root/icons/x.png"), "");
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /root\/icons\/x\.png: root\/ holds files, not folders/);
  });

  it("publishes another asset-like file at the root as it is", async () => {
    const project = tempProject();
    writeFileSync(join(project, "templates/root/apple-touch-icon.png"), "png bytes");
    const result = await sitegenIn(project, ["build", "--out", "dist"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(readFileSync(join(project, "dist/apple-touch-icon.png"), "utf8"), "png bytes");
    assert.ok(existsSync(join(project, "dist/favicon.ico")));
  });
});

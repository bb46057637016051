/**
 * The starter theme `sitegen init` writes, and the theme settings of
 * site.yaml: nothing of the Halyard site in a new site; `theme.accent` and
 * `theme.accent_dark` checked against WCAG AA and changing the built CSS
 * alone; `theme.logo` and `theme.social_image` shown, and errors at their
 * lines where they name nothing.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { parseDocument } from "yaml";
import { schemeBackgrounds, themeStylesheet } from "../src/render/page/theme.ts";
import { ROOT, sitegenHere, startPreviewServer } from "./helpers/dist.ts";
import { readTree } from "./helpers/site.ts";
import { contrastRatio, PUBLISHED_RATIOS } from "./helpers/wcag.ts";
import { initSite, starterSite } from "./helpers/starter.ts";

/** Every file under `dir`, by its path from there. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** The Halyard site's own: its brand, fonts and their licence, its favicon, its enquiry form, stylesheet and layout, its brand and contact pages. */
function halyardFiles(): Map<string, Buffer> {
  const own = new Map<string, Buffer>();
  for (const dir of [
    "templates/assets/brand",
    "templates/assets/fonts",
    "templates/licenses",
    "templates/root",
  ]) {
    for (const file of filesUnder(join(ROOT, dir)))
      own.set(`${dir}/${file}`, readFileSync(join(ROOT, dir, file)));
  }
  for (const file of [
    "templates/contact.html",
    "templates/assets/site.css",
    "templates/layout.html",
    "content/pages/brand.md",
    "content/pages/contact.md",
  ])
    own.set(file, readFileSync(join(ROOT, file)));
  return own;
}

const TEXT = /\.(md|html|css|svg|ya?ml|json|jsonc|toml|js|txt)$|^\.gitignore$/;

/** The settings of `theme` these tests set: the starter's parts (scheme_toggle, …) are kept as the site has them. */
const LOOKS = ["accent", "accent_dark", "logo", "social_image"];

/** A new site with `theme`'s colours and files set in its site.yaml as given (none when undefined), built into `out`; the CLI's result. */
async function buildThemed(root: string, theme: Record<string, string> | undefined, out = "dist") {
  const file = join(root, "content/site.yaml");
  const document = parseDocument(readFileSync(file, "utf8"));
  for (const key of LOOKS) document.deleteIn(["theme", key]);
  for (const [key, value] of Object.entries(theme ?? {})) document.setIn(["theme", key], value);
  writeFileSync(file, document.toString());
  return sitegenHere(["build", "--quiet", "--out", out], { cwd: root });
}

describe("sitegen init writes a site of its own", () => {
  for (const host of ["netlify", "cloudflare"]) {
    it(`with no file of the Halyard site's and no word of its name (--host ${host})`, () => {
      const root = initSite("my-site", ["--host", host]);
      const own = halyardFiles();
      const files = filesUnder(root);
      assert.ok(
        files.includes("templates/layout.html") && files.includes("templates/assets/site.css"),
        "the starter theme's templates are written",
      );
      for (const file of files) {
        const bytes = readFileSync(join(root, file));
        for (const [name, theirs] of own)
          assert.ok(!bytes.equals(theirs), `${file} is byte-equal to the Halyard site's ${name}`);
        if (TEXT.test(file.split("/").pop()!)) {
          const text = bytes.toString("utf8");
          assert.doesNotMatch(text, /halyard/i, `${file} names Halyard`);
          assert.doesNotMatch(text, /be vietnam/i, `${file} names the Halyard site's typeface`);
        }
        assert.doesNotMatch(
          file,
          /\.(woff2?|ttf|otf)$/,
          `${file}: the starter sets type in the system's own typefaces`,
        );
      }
    });
  }

  it("whose pages show the site's name as its wordmark, set in system fonts, with no picture and no image in a shared link", () => {
    const { dist } = starterSite();
    const home = readFileSync(join(dist, "index.html"), "utf8");
    assert.match(home, /<a class="brand" href="\/">My site<\/a>/);
    // No picture in the header (a post's cover is the only one, as a thumbnail in the list of posts).
    assert.doesNotMatch(home.slice(0, home.indexOf("<main")), /<img|<svg/);
    assert.doesNotMatch(home, /og:image|rel="preload"/);
    assert.match(home, /<meta name="twitter:card" content="summary">/);
    const css = readFileSync(join(dist, "assets/site.css"), "utf8");
    assert.doesNotMatch(css, /@font-face|url\(/);
    assert.match(css, /prefers-color-scheme: dark/);
    const post = readFileSync(join(dist, "blog/writing-with-sitegen/index.html"), "utf8");
    assert.match(post, /<span class="hljs-attr">title:<\/span>/, "the sample post's code is highlighted");
    assert.match(
      home,
      /<link rel="alternate" type="application\/atom\+xml" href="\/feed\.xml"/,
      "the starter publishes a feed",
    );
  });
});

describe("the starter's 404 page", () => {
  it("points a reader at the site's pages, each by its title, and names sitemap.xml only for agents and crawlers", async () => {
    const { dist } = starterSite();
    const server = await startPreviewServer(dist);
    try {
      const response = await fetch(new URL("/no-such-page/", server.url), {
        headers: { accept: "text/html" },
      });
      assert.equal(response.status, 404);
      const html = await response.text();
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      for (const [path, title] of [
        ["/", "Welcome"],
        ["/about/", "About"],
        ["/blog/", "Blog"],
        ["/tags/", "Tags"],
      ])
        assert.ok(main.includes(`<li><a href="${path}">${title}</a></li>`), `${path} listed as ${title}`);
      const sitemapLinks = [...main.matchAll(/<a href="\/sitemap\.xml">([^<]*)<\/a>/g)];
      assert.equal(sitemapLinks.length, 1);
      assert.match(
        main,
        /For agents and crawlers: [^<]*<a href="\/llms\.txt">llms\.txt<\/a>[^<]*<a href="\/sitemap\.xml">sitemap\.xml<\/a>/,
      );
      assert.doesNotMatch(main, /<li><a href="\/sitemap\.xml">/, "no list item sends a reader to the XML");
    } finally {
      await server.stop();
    }
  });
});

describe("theme.accent and theme.accent_dark", () => {
  it("`#777` is an error at its line naming its contrast against the light background, and the output folder stays as it was", async () => {
    const root = initSite();
    assert.equal((await buildThemed(root, undefined)).status, 0);
    const before = readTree(join(root, "dist"));
    const result = await buildThemed(root, { accent: "#777" });
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /content\/site\.yaml:\d+:\d+: `#777` has a contrast of 4\.47:1 against the light scheme's background #ffffff, below WCAG AA's 4\.5:1/,
    );
    assert.deepEqual(readTree(join(root, "dist")), before);
  });

  it("an accent below AA gets the nearest shade that meets it, as a hex value a build then takes: darker on the light background, lighter on the dark", async () => {
    const root = initSite();
    const light = await buildThemed(root, { accent: "#777" });
    const suggested =
      /hint: the nearest shade that does, its hue kept, is `(#[0-9a-f]{6})` \((\d\.\d\d):1\)/.exec(
        light.stderr,
      );
    assert.ok(suggested, light.stderr);
    const [, shade, ratio] = suggested;
    assert.ok(contrastRatio(shade, "#ffffff") >= 4.5, `${shade} meets AA on white`);
    assert.equal(
      Math.floor(contrastRatio(shade, "#ffffff") * 100) / 100,
      Number(ratio),
      "the ratio named is the shade's",
    );
    // Near: a grey a shade darker than #777 (#767676 is the lightest grey that passes), not black.
    assert.ok(contrastRatio(shade, "#ffffff") < 4.6, `${shade} is a near shade, not far darker`);
    const dark = await buildThemed(root, { accent: "#8a1c7c", accent_dark: "#8a1c7c" });
    const lighter = /hint: the nearest shade that does, its hue kept, is `(#[0-9a-f]{6})`/.exec(
      dark.stderr,
    )![1];
    assert.ok(
      contrastRatio(lighter, "#16181d") >= 4.5 && contrastRatio(lighter, "#16181d") < 4.6,
      `${lighter} meets AA on the dark background, and only just`,
    );
    assert.equal(
      (await buildThemed(root, { accent: shade, accent_dark: lighter })).status,
      0,
      "the shades named build",
    );
  });

  it("a dark accent below AA on the dark background, and a colour CSS does not know, are errors at their lines", async () => {
    const root = initSite();
    const dark = await buildThemed(root, { accent: "#8a1c7c", accent_dark: "#8a1c7c" });
    assert.equal(dark.status, 1);
    assert.match(
      dark.stderr,
      /site\.yaml:\d+:\d+: `#8a1c7c` has a contrast of 2\.1\d:1 against the dark scheme's background #16181d/,
    );
    const unknown = await buildThemed(root, { accent: "bluish" });
    assert.equal(unknown.status, 1);
    assert.match(
      unknown.stderr,
      /site\.yaml:\d+:\d+: `bluish` cannot be an accent: not a colour CSS Color 4 writes/,
    );
    const translucent = await buildThemed(root, { accent: "rgb(0 0 0 / 50%)" });
    assert.match(translucent.stderr, /cannot be an accent: it is translucent/);
  });

  it("the oracle: WCAG's contrast formula, computed in the tests, gives the ratios published for known pairs", () => {
    for (const [foreground, background, ratio] of PUBLISHED_RATIOS)
      assert.equal(
        contrastRatio(foreground, background).toFixed(2),
        ratio.toFixed(2),
        `${foreground} on ${background}`,
      );
  });

  it("a valid accent changes the built stylesheet and nothing else; the dark scheme's is lightened until it meets AA", async () => {
    const root = initSite();
    assert.equal((await buildThemed(root, undefined, "plain")).status, 0);
    assert.equal((await buildThemed(root, { accent: "#8a1c7c" }, "themed")).status, 0);
    const plain = readTree(join(root, "plain"));
    const themed = readTree(join(root, "themed"));
    const stylesheet = (tree: Map<string, Buffer>) =>
      [...tree.keys()].find((file) => /^assets\/site\.[0-9a-f]{10}\.css$/.test(file))!;
    const [was, is] = [stylesheet(plain), stylesheet(themed)];
    assert.notEqual(was, is, "a changed stylesheet is a new URL");
    const css = themed.get("assets/site.css")!.toString("utf8");
    assert.ok(
      css.startsWith(plain.get("assets/site.css")!.toString("utf8")),
      "the theme's rule follows the stylesheet, which is otherwise as it was",
    );
    assert.deepEqual(themed.get(is), themed.get("assets/site.css"));
    const rule = css.slice(plain.get("assets/site.css")!.length);
    assert.match(rule, /@media screen \{ :root \{ --accent: #8a1c7c; \} \}/);
    const darkAccent =
      /prefers-color-scheme: dark\) \{ :root:not\(\[data-scheme="light"\]\) \{ --accent: (#[0-9a-f]{6}); \} \}/.exec(
        rule,
      )?.[1];
    assert.ok(darkAccent, rule);
    // A dark scheme the reader chose (theme.scheme_toggle) has the dark accent too.
    assert.ok(rule.includes(`:root[data-scheme="dark"] { --accent: ${darkAccent}; }`), rule);
    // Measured by WCAG's own formula (test/helpers/wcag.ts), not by the function that chose the colour.
    assert.ok(
      contrastRatio(darkAccent, "#16181d") >= 4.5,
      `${darkAccent} on #16181d: ${contrastRatio(darkAccent, "#16181d").toFixed(2)}:1`,
    );
    // Every other file is the same, once the stylesheet's new name is read as its old one (and the
    // negotiation data's entity tags, hashes of pages that name it, are set aside).
    assert.deepEqual(
      [...themed.keys()].map((file) => (file === is ? was : file)).sort(),
      [...plain.keys()].sort(),
    );
    const entityTags = (text: string) => text.replace(/"etag":"\\"[\w-]+\\""/g, '"etag":…');
    for (const [file, bytes] of themed) {
      if (file === is || file === "assets/site.css") continue;
      const renamed = bytes.toString("latin1").split(`/${is}`).join(`/${was}`).split(is).join(was);
      assert.equal(entityTags(renamed), entityTags(plain.get(file)!.toString("latin1")), file);
    }
  });
});

describe("theme.logo and theme.social_image", () => {
  it("a logo of content/static/ stands before the site's name with its size, and is the page's icon; a social image becomes og:image", async () => {
    const root = initSite();
    mkdirSync(join(root, "content/static"), { recursive: true });
    writeFileSync(
      join(root, "content/static/logo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#0b57d0"/></svg>\n',
    );
    cpSync(
      join(ROOT, "test/fixtures/generators/eleventy/content/blog/fourthpost/possum.png"),
      join(root, "content/static/card.png"),
    );
    const result = await buildThemed(root, { logo: "/logo.svg", social_image: "/card.png" });
    assert.equal(result.status, 0, result.stderr);
    const home = readFileSync(join(root, "dist/index.html"), "utf8");
    assert.match(
      home,
      /<a class="brand" href="\/"><img src="\/logo\.svg" width="40" height="40" alt="">My site<\/a>/,
    );
    assert.match(home, /<link rel="icon" href="\/logo\.svg">/);
    assert.match(home, /<meta property="og:image" content="https:\/\/example\.com\/card\.png">/);
    assert.match(home, /<meta name="twitter:card" content="summary_large_image">/);
    assert.match(home, /"logo":\{"@type":"ImageObject","url":"https:\/\/example\.com\/logo\.svg"\}/);
  });

  it("a logo among the templates' assets is published under its fingerprinted name", async () => {
    const root = initSite();
    writeFileSync(
      join(root, "templates/assets/logo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="32"/>\n',
    );
    assert.equal((await buildThemed(root, { logo: "/assets/logo.svg" })).status, 0);
    const home = readFileSync(join(root, "dist/index.html"), "utf8");
    const src = /<img src="(\/assets\/logo\.[0-9a-f]{10}\.svg)" width="24" height="32" alt="">/.exec(
      home,
    )?.[1];
    assert.ok(src && existsSync(join(root, "dist", src)), home);
  });

  it("a file the build does not publish, and a logo that is no image, are errors at their lines", async () => {
    const root = initSite();
    mkdirSync(join(root, "content/static"), { recursive: true });
    writeFileSync(join(root, "content/static/logo.txt"), "not an image\n");
    const result = await buildThemed(root, { logo: "/logo.txt", social_image: "/card.png" });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /site\.yaml:\d+:\d+: `\/logo\.txt` is not an image whose size can be read/);
    assert.match(result.stderr, /site\.yaml:\d+:\d+: `\/card\.png`: the build publishes no such file/);
  });

  it("`logo` and `social_image` at the top of site.yaml, as written before `theme:`, are read as theme's with a warning", async () => {
    const root = initSite();
    writeFileSync(
      join(root, "templates/assets/logo.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="32"/>\n',
    );
    assert.equal((await buildThemed(root, { logo: "/assets/logo.svg" }, "theme")).status, 0);
    const file = join(root, "content/site.yaml");
    // The logo moved out of `theme:` (beside the starter's parts) to the top of the file.
    const text = readFileSync(file, "utf8");
    const logo = /^ {2}logo: (.*)$/m.exec(text)![1];
    writeFileSync(file, `${text.replace(/^ {2}logo: .*\n/m, "")}logo: ${logo}\n`);
    const result = await sitegenHere(["build", "--out", "top"], { cwd: root });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /site\.yaml:\d+:\d+: `logo` is read as `theme\.logo`/);
    assert.deepEqual(readTree(join(root, "top")), readTree(join(root, "theme")));
  });
});

describe("the theme's stylesheet", () => {
  const sheet =
    ":root { --background: #fafafa; --accent: #06c; }\n@media (prefers-color-scheme: dark) { :root { --background: rgb(20 20 20); } }\n";

  it("reads each scheme's background from the stylesheet's own --background", () => {
    assert.deepEqual(schemeBackgrounds(sheet), { light: "#fafafa", dark: "rgb(20 20 20)" });
    assert.deepEqual(schemeBackgrounds("body { color: red }"), { light: "#ffffff", dark: undefined });
  });

  it("leaves a stylesheet as it is where the site sets no accent, and adds no dark rule to a theme with no dark scheme", async () => {
    assert.deepEqual(await themeStylesheet(undefined, sheet), { css: sheet, problems: [] });
    const light = await themeStylesheet({ accent: "hsl(210 100% 30%)" }, "a { color: var(--accent) }\n");
    assert.deepEqual(light.problems, []);
    assert.doesNotMatch(light.css, /prefers-color-scheme/);
    assert.match(light.css, /--accent: #004d99;/);
  });

  it("checks an accent against the background the stylesheet declares, not a white one", async () => {
    const result = await themeStylesheet({ accent: "#0b57d0" }, ":root { --background: #0b2545 }");
    assert.equal(result.problems.length, 1);
    assert.match(result.problems[0].message, /against the light scheme's background #0b2545/);
  });
});

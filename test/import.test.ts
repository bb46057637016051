/**
 * `sitegen import` moves a whole site: every page, every translation, every
 * old URL. Each fixture under test/fixtures/generators/ is built once by its
 * own generator (Jekyll 4.3 and Hugo 0.111 from Debian, Eleventy 3 from npm;
 * Astro's addresses are its documented routing, `src/pages/blog/[...slug]`
 * at `/blog/<id>/`), and imported once (the import builds the site itself).
 * Every page the generator wrote is mapped back to its source by its title,
 * every other file by its bytes; then each of its addresses, as the
 * generator wrote it (the old host's base path included), must reach that
 * page or file, redirects followed, on the preview server, Netlify's
 * emulator and Cloudflare's runtime. A page the generator made from no file
 * of the source (a taxonomy list, a language's generated home, a theme's
 * list of posts) is named in the test with why: sitegen makes its own home,
 * blog page, feed and sitemap, and no equal of the rest.
 */
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { needTools } from "../scripts/tools.mjs";
import { ROOT, sitegenHere, tempDir, WRANGLER, type Running } from "./helpers/dist.ts";
import { startCloudflareHere, startNetlifyHere, startPreviewHere } from "./helpers/serve-here.ts";

const FIXTURES = join(ROOT, "test/fixtures/generators");
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

interface Reference {
  fixture: string;
  /** Builds the copied fixture into `out`; undefined where the generator is not run (Astro). */
  build?: (source: string, out: string) => { command: string; args: string[]; cwd?: string };
  /** Where the old host served the output from: Hugo's baseURL path. */
  basePath: string;
  /** Where the generator wrote the site, inside the copied fixture, where it is not given `out` (Eleventy's configured output). */
  output?: string;
  /** Addresses the generator wrote from its templates and no file of the content, with why: the site's own pages stand for some, nothing for the rest. */
  madeFromNothing: RegExp;
  /** Addresses of source files the import left out: its report names each. */
  reportedLost?: RegExp;
  /** Addresses written by hand from the generator's documented rules, by title, where it is not run. */
  documented?: { url: string; title: string }[];
}

const REFERENCES: Reference[] = [
  {
    fixture: "jekyll",
    build: (source, out) => ({
      command: "jekyll",
      args: ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    }),
    basePath: "",
    // Sass's source map, and the feed and robots.txt rendered by Liquid: sitegen makes its own feed and robots.txt.
    madeFromNothing: /^\/assets\/css\/style\.css\.map$|^\/feed\.xml$|^\/robots\.txt$/,
    // Its stylesheet, rendered from Sass: sitegen's templates have their own.
    reportedLost: /^\/assets\/css\/style\.css$|^\/script\/deploy$/,
  },
  {
    fixture: "jekyll-languages",
    build: (source, out) => ({
      command: "jekyll",
      args: ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    }),
    basePath: "",
    madeFromNothing: /^$/,
  },
  {
    fixture: "hugo",
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "",
    // Taxonomy lists, feeds and the sitemap: Hugo writes them from no file.
    madeFromNothing: /^\/(tags|categories)\/|index\.xml$|^\/sitemap\.xml$/,
  },
  {
    fixture: "hugo-multilingual",
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "/field",
    // Taxonomies, feeds, sitemaps, and the lists Hugo makes of a section or language with no _index file of its own.
    madeFromNothing:
      /^\/field\/((fr|ja)\/)?(tags|categories)\/|index\.xml$|sitemap\.xml$|^\/field\/(fr|ja)\/$|^\/field\/(fr)\/posts\/$|^\/field\/((fr|ja)\/)?page\/$/,
  },
  {
    fixture: "eleventy",
    build: () => ({ command: process.execPath, args: [ELEVENTY, "--quiet"] }),
    basePath: "",
    // The home and the archive, Nunjucks templates listing the posts: sitegen's home and blog page stand for them.
    madeFromNothing: /^\/$|^\/blog\/$/,
  },
  {
    fixture: "jekyll-kept",
    build: (source, out) => ({
      command: "jekyll",
      args: ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    }),
    basePath: "/blog-x",
    madeFromNothing: /^$/,
  },
  {
    fixture: "hugo-filename",
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "",
    // The list of the blog section, which has no _index file: sitegen's blog page stands for it.
    madeFromNothing: /^\/blog\/$/,
  },
  {
    fixture: "hugo-theme-languages",
    build: (source, out) => ({
      command: "hugo",
      args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    }),
    basePath: "",
    // Each language's home and list of posts, made from no file, and the default language's redirect to the home.
    madeFromNothing: /^\/((fa|en-gb)\/)?(posts\/)?$/,
  },
  {
    fixture: "eleventy-elsewhere",
    build: () => ({ command: process.execPath, args: [ELEVENTY, "--config=_build/eleventy.js", "--quiet"] }),
    output: "_site",
    basePath: "",
    madeFromNothing: /^$/,
  },
  {
    fixture: "astro-collections",
    basePath: "",
    madeFromNothing: /^$/,
    documented: [
      { url: "/posts/hello/", title: "Hello from the harbour" },
      { url: "/posts/second-light/", title: "Second light" },
      { url: "/posts/paper-style/", title: "Paper style" },
      { url: "/notes/tide-table/", title: "Tide table" },
    ],
  },
  {
    fixture: "astro-starlight",
    basePath: "",
    madeFromNothing: /^$/,
    documented: [
      { url: "/guides/example/", title: "Mooring a boat" },
      { url: "/fr/guides/example/", title: "Amarrer un bateau" },
      { url: "/reference/example/", title: "Knots" },
    ],
  },
  {
    fixture: "astro",
    basePath: "",
    madeFromNothing: /^$/,
    documented: [
      { url: "/blog/first-post/", title: "First post" },
      { url: "/blog/using-mdx/", title: "Using MDX" },
      { url: "/colophon/", title: "Colophon" },
      { url: "/notes/first-light/", title: "First light" },
    ],
  },
];

interface Written {
  url: string;
  /** A page's title (and its first paragraph, where the title is empty), a file's bytes, or where an HTML redirect the generator wrote sends the reader. */
  title?: string;
  paragraph?: string;
  bytes?: Buffer;
  refresh?: string;
}

/** Every file a generator wrote, as the old host served it: `x/index.html` at `x/`. */
function writtenBy(out: string, basePath: string): Written[] {
  return readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(out, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .sort()
    .map((path) => {
      const url = `${basePath}/${path.replace(/(^|\/)index\.html$/, "$1")}`;
      const bytes = readFileSync(join(out, path));
      if (!path.endsWith(".html")) return { url: encodeURI(url), bytes };
      const html = bytes.toString("utf8");
      const refresh = /http-equiv="?refresh"?\s+content="0;\s*url=([^"]+)"/i.exec(html)?.[1];
      if (refresh) return { url: encodeURI(url), refresh: new URL(refresh, "https://old.invalid").pathname };
      return {
        url: encodeURI(url),
        title: decode(/<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? ""),
        paragraph: decode(/<p>([^<]*)/.exec(html)?.[1]?.trim() ?? ""),
      };
    });
}

function decode(text: string): string {
  return text
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

interface Imported {
  reference: Reference;
  source: string;
  site: string;
  report: ReturnType<typeof JSON.parse>;
  written: Written[];
}

/** A fixture copied, built by its generator, and imported (with its build). */
async function importFixture(reference: Reference): Promise<Imported> {
  const source = join(tempDir(`sitegen-${reference.fixture}-`), "source");
  cpSync(join(FIXTURES, reference.fixture), source, { recursive: true });
  let written: Written[] = (reference.documented ?? []).map(({ url, title }) => ({ url, title }));
  if (reference.build) {
    const out = join(source, "..", "out");
    mkdirSync(out);
    const command = reference.build(source, out);
    // Jekyll and Hugo are found as every test finds its tools (scripts/tools.mjs); a missing one names its install command.
    const tool =
      command.command === "jekyll" || command.command === "hugo"
        ? needTools([command.command]).path(command.command)
        : command.command;
    const run = spawnSync(tool, command.args, { cwd: command.cwd ?? source, encoding: "utf8" });
    assert.equal(run.status, 0, `${reference.fixture}: ${run.stderr}`);
    written = writtenBy(
      reference.fixture === "eleventy"
        ? join(source, "_site")
        : reference.output
          ? join(source, reference.output)
          : out,
      reference.basePath,
    );
  }
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, `${reference.fixture}: ${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  return { reference, source, site, report, written };
}

/** Each fixture imported once, one after another. */
const imported: Imported[] = [];
for (const reference of REFERENCES) imported.push(await importFixture(reference));

const SITEGEN_TITLE = /<h1[^>]*>([\s\S]*?)<\/h1>/;

/** Where an old address lands on a host, redirects followed: its status, its page's title, its bytes. */
async function land(
  base: string,
  url: string,
): Promise<{ status: number; title?: string; text: string; bytes: Buffer; url: string }> {
  const response = await fetch(new URL(url, base), { headers: { accept: "text/html" } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const title = type.startsWith("text/html")
    ? decode((SITEGEN_TITLE.exec(bytes.toString("utf8"))?.[1] ?? "").replace(/<[^>]+>/g, "").trim())
    : undefined;
  return {
    status: response.status,
    title,
    text: decode(
      bytes
        .toString("utf8")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " "),
    ),
    bytes,
    url: response.url,
  };
}

/** Every address the generator wrote reaches that page or file on the host at `base`. */
async function assertEveryAddress(
  host: string,
  base: string,
  { reference, written, report }: Imported,
): Promise<number> {
  const lost = new Set((report.lost as { url: string }[]).map((each) => each.url));
  const titles = new Map(
    written.filter((each) => each.title !== undefined).map((each) => [each.url, each.title!]),
  );
  let checked = 0;
  for (const each of written) {
    const label = `${reference.fixture} on ${host}: ${each.url}`;
    if (reference.madeFromNothing.test(decodeURI(each.url))) continue;
    if (reference.reportedLost?.test(decodeURI(each.url))) {
      assert.ok(
        lost.has(each.url) || lost.has(decodeURI(each.url)),
        `${label}: the import reports that it is not kept`,
      );
      continue;
    }
    // Netlify's emulator looks a static file up by its path still percent-encoded (@netlify/static 4.18's
    // getFilePathsForURL never decodes it), so a file with a non-ASCII name is only ever a 404 there.
    if (host === "Netlify's emulator" && each.bytes && /%[89A-F][0-9A-F]/i.test(each.url)) continue;
    const landed = await land(base, each.url);
    assert.equal(landed.status, 200, `${label} answers (landed at ${landed.url})`);
    if (each.bytes) assert.ok(landed.bytes.equals(each.bytes), `${label} is the same file`);
    else {
      const title = each.refresh ? titles.get(each.refresh) : each.title;
      assert.ok(title !== undefined, `${label}: the generator's redirect leads to one of its pages`);
      // A page the generator gave no title (Hugo's list page without one) is known by its words.
      if (title === "" && each.paragraph)
        assert.ok(
          landed.text.includes(each.paragraph.replace(/\s+/g, " ")),
          `${label} is the page that says "${each.paragraph}"`,
        );
      else assert.equal(landed.title, title, `${label} is the page "${title}"`);
    }
    checked++;
  }
  return checked;
}

describe("every page and file a generator wrote reaches that page or file after the import", () => {
  for (const each of imported) {
    test(`${each.reference.fixture}: on the preview server, Netlify's emulator and Cloudflare's runtime`, async () => {
      const cloudflareBuild = await sitegenHere(
        ["build", "--host", "cloudflare", "--out", "dist-cloudflare", "--quiet"],
        { cwd: each.site },
      );
      assert.equal(cloudflareBuild.status, 0, cloudflareBuild.stderr);
      const starters: [string, () => Promise<Running>][] = [
        ["the preview server", () => startPreviewHere(join(each.site, "dist"))],
        ["Netlify's emulator", () => startNetlifyHere(join(each.site, "dist"))],
        ...(WRANGLER.present
          ? [
              ["Cloudflare's runtime", () => startCloudflareHere(join(each.site, "dist-cloudflare"))] as [
                string,
                () => Promise<Running>,
              ],
            ]
          : []),
      ];
      const hosts = starters.map(([name]) => [name] as [string]);
      const started = await Promise.allSettled(starters.map(([, start]) => start()));
      // Three hosts starting at once on a loaded machine: one that did not come up in time gets a second start alone.
      for (const [index, result] of started.entries())
        if (result.status === "rejected")
          started[index] = (await Promise.allSettled([starters[index][1]()]))[0];
      try {
        for (const [index, [name]] of hosts.entries()) {
          const host = started[index];
          assert.equal(host.status, "fulfilled", `${name} started`);
          const checked = await assertEveryAddress(
            name,
            (host as PromiseFulfilledResult<Running>).value.url,
            each,
          );
          assert.ok(checked >= 3, `${each.reference.fixture} on ${name}: ${checked} addresses checked`);
        }
      } finally {
        await Promise.all(
          started.map((host) => (host.status === "fulfilled" ? host.value.stop() : undefined)),
        );
      }
    });
  }
});

const byFixture = (name: string) => imported.find((each) => each.reference.fixture === name)!;
const leftOf = (each: Imported) =>
  (each.report.left as { file: string; line?: number; why: string }[])
    .map((left) => `${left.file}${left.line ? `:${left.line}` : ""}: ${left.why}`)
    .join("\n");
const page = (each: Imported, path: string) => readFileSync(join(each.site, path), "utf8");

test("the import builds the site itself and reports what it converted, kept and left, by file:line", () => {
  for (const each of imported)
    assert.equal(
      each.report.build.ok,
      true,
      `${each.reference.fixture}: ${JSON.stringify(each.report.build.errors)}`,
    );
  const jekyll = byFixture("jekyll");
  assert.deepEqual(jekyll.report.converted, {
    "{% highlight %}": 1,
    "{% link %}": 1,
    "{% post_url %}": 1,
    "{{ site.url }}": 6,
    "{{ site.baseurl }}": 4,
    "{{ site.repository }}": 1,
    "{{ site.author.name }}": 1,
  });
  assert.match(leftOf(jekyll), /2018-10-10-an-unfinished-thought\.md: `published: false`/);
  assert.match(leftOf(jekyll), /robots\.txt: a file the build makes itself: not copied/);
  assert.match(leftOf(jekyll), /feed\.xml: a file Jekyll renders/);
  const astro = byFixture("astro");
  assert.match(leftOf(astro), /Using MDX\.mdx:7: MDX code `import HeaderLink/);
  assert.match(leftOf(astro), /Using MDX\.mdx:10: the MDX component <HeaderLink>/);
  assert.match(leftOf(astro), /Using MDX\.mdx:12: the MDX component <HeaderLink>/);
  assert.doesNotMatch(leftOf(astro), /Using MDX\.mdx:19:/, "an import in a code example is no MDX code");
  const mdx = readdirSync(join(astro.site, "content/blog")).find((name) => /using[- ]mdx/i.test(name))!;
  const moved = page(astro, `content/blog/${mdx}`);
  assert.doesNotMatch(moved, /^export const year/m, "MDX's code is left out");
  assert.equal(
    moved.match(/^import HeaderLink/gm)?.length,
    1,
    "MDX's code is left out; the example's line is not",
  );
  assert.match(
    moved,
    /```js\nimport HeaderLink from "\.\.\/\.\.\/components\/HeaderLink\.astro";\n```/,
    "the example keeps its import",
  );
  const hugo = byFixture("hugo-multilingual");
  assert.match(leftOf(hugo), /expired\.md: expired on 2022-01-01/);
  assert.match(leftOf(hugo), /config\/_default\/languages\.toml: Hugo's configuration/);
  const eleventy = byFixture("eleventy");
  assert.match(leftOf(eleventy), /blog\/blog\.11tydata\.js: Eleventy's data file: its fields were applied/);
  assert.match(leftOf(eleventy), /index\.njk: an Eleventy template/);
});

test("a Jekyll site with a folder for each language moves its posts and pages as translations of one another, the language most of them are in the default", () => {
  const languages = byFixture("jekyll-languages");
  assert.match(
    page(languages, "content/site.yaml"),
    /^languages: \[ ?en, de, zh-TW ?\]$/m,
    "zh_tw as the tag it stands for",
  );
  const blog = readdirSync(join(languages.site, "content/blog")).sort();
  assert.deepEqual(
    blog.filter((name) => name.includes("spring-tides")),
    ["2024-03-01-spring-tides.de.md", "2024-03-01-spring-tides.md", "2024-03-01-spring-tides.zh-TW.md"],
  );
  const keys = blog
    .filter((name) => name.includes("spring-tides"))
    .map((name) => /^translationKey: (.+)$/m.exec(page(languages, `content/blog/${name}`))?.[1]);
  assert.equal(new Set(keys).size, 1, `one text in three languages: ${keys.join(", ")}`);
  assert.ok(keys[0], "with a translation key");
  const index = JSON.parse(page(languages, "dist/blog-index.json")) as {
    posts: { slug: string; lang: string }[];
  };
  assert.deepEqual(index.posts.map((post) => `${post.slug} ${post.lang}`).sort(), [
    "neap-tides en",
    "spring-tides en",
    "spring-tides-de de",
    "spring-tides-zh-tw zh-TW",
  ]);
});

test("Hugo's HTML content file is moved as a page whose body is HTML, published as written", () => {
  const hugo = byFixture("hugo");
  const moved = readdirSync(join(hugo.site, "content/blog")).find((name) => name.includes("harbour-log"))!;
  assert.match(page(hugo, `content/blog/${moved}`), /^markup: html$/m);
  // Its first paragraph, indented in its <div>, describes it, as the build reads an HTML body; not its title.
  assert.doesNotMatch(page(hugo, `content/blog/${moved}`), /^description:/m);
  const indexed = JSON.parse(page(hugo, "dist/blog-index.json")).posts.find(
    (post: { slug: string }) => post.slug === "harbour-log",
  );
  assert.equal(indexed.description, "The log is a page of HTML, as the harbour office keeps it.");
  const html = page(hugo, "dist/blog/harbour-log/index.html");
  // A blank line, then an indented row: Markdown would make the row a code block.
  assert.match(
    html,
    /<table class="log">\n {4}<tr><th>Tide<\/th><th>Height<\/th><\/tr>\n\n {4}<tr><td>High<\/td><td>4\.2 m<\/td><\/tr>\n<\/table>/,
  );
  assert.doesNotMatch(html, /&lt;tr&gt;/);
});

test("pages keep their paths in the nested layout, list pages give their text to the section's page, and nothing the build makes is copied", () => {
  const jekyll = byFixture("jekyll");
  assert.match(
    page(jekyll, "content/pages/team.md"),
    /^title: The team$/m,
    "a page in a folder (team/index.md) is moved, not skipped as a home page",
  );
  assert.match(page(jekyll, "content/pages/docs/history.md"), /^title: History of the project$/m);
  assert.match(
    page(jekyll, "content/pages/recipes/warm-white.md"),
    /^title: A warm white$/m,
    "a collection's document",
  );
  assert.throws(() => page(jekyll, "content/static/robots.txt"), /ENOENT/);
  assert.throws(() => page(jekyll, "content/static/feed.xml"), /ENOENT/);
  const hugo = byFixture("hugo-multilingual");
  assert.match(
    page(hugo, "content/pages/blog.md"),
    /^title: All the notes$/m,
    "the blog section's _index.md is the blog page",
  );
  assert.match(
    page(hugo, "content/pages/blog.md"),
    /- \/field\/posts\//,
    "and keeps the section's old address",
  );
  assert.match(
    page(hugo, "content/pages/docs/index.md"),
    /How the notebook is kept/,
    "another section's _index.md is its folder's page",
  );
  assert.match(
    page(hugo, "content/pages/page/about.md"),
    /^title: About$/m,
    "a section that is not the blog's holds pages",
  );
  assert.match(page(hugo, "content/site.yaml"), /^languages: \[ ?en, fr, ja ?\]$/m);
  assert.match(page(hugo, "content/site.yaml"), /^base_url: https:\/\/notes\.example$/m);
  const plain = page(hugo, "dist/blog/plain/index.html");
  for (const [lang, path] of [
    ["en", "/blog/plain/"],
    ["fr", "/blog/plain-fr/"],
    ["ja", "/blog/plain-ja/"],
  ]) {
    assert.match(
      plain,
      new RegExp(`<link rel="alternate" hreflang="${lang}" href="https://notes\\.example${path}">`),
      `a translation by file name and one by content folder are one text (${lang})`,
    );
  }
});

test("a value of _config.yml a text names (`{{ site.repository }}`, `{{ site.author.name }}`) is the text Jekyll wrote there, and the page shows it", () => {
  const jekyll = byFixture("jekyll");
  const sentence = (html: string) =>
    /The code is at [^<]*?'s\./.exec(html.replace(/&#39;|&rsquo;|’/g, "'"))?.[0];
  const theirs = readdirSync(join(jekyll.source, "..", "out"), { recursive: true }).find((path) =>
    String(path).endsWith("late-evening-in-new-york/index.html"),
  );
  assert.ok(theirs, "Jekyll wrote the post");
  const written = sentence(readFileSync(join(jekyll.source, "..", "out", String(theirs)), "utf8"));
  assert.equal(
    written,
    "The code is at github.com/lantern-project/lantern, and these notes are Ada Lumen's.",
  );
  assert.equal(sentence(page(jekyll, "dist/blog/late-evening-in-new-york/index.html")), written);
  assert.doesNotMatch(
    page(jekyll, "content/blog/2021-03-01-late-evening-in-new-york.md"),
    /\{\{/,
    "no tag is left to warn about",
  );
});

test("links follow the move: to old addresses with or without their slash, through the site's own URL, and relative", () => {
  const jekyll = byFixture("jekyll");
  const late = page(jekyll, "content/blog/2021-03-01-late-evening-in-new-york.md");
  assert.match(late, /\[team\]\(\/team\/\)/, "{{ site.url }}/team/ became the page's path");
  assert.match(
    late,
    /^\[h\]: \/docs\/history\/ "History"$/m,
    "a reference definition through {{ site.url }}, without its slash",
  );
  assert.match(late, /^\[r\]: \/blog\/lantern-1-0-0-released\/$/m, "the definition after it too");
  assert.match(
    page(jekyll, "content/pages/docs/history.md"),
    /\[first release\]\(\/blog\/lantern-1-0-0-released\/\)/,
    "an old post address without its slash",
  );
  const hugo = page(byFixture("hugo-multilingual"), "content/blog/plain.md");
  assert.match(
    hugo,
    /\[the gallery\]\(\/blog\/gallery\/\)/,
    "an absolute URL of the old site, under its base path",
  );
  assert.match(hugo, /\[its picture\]\(\/blog\/gallery\/sunrise\.png\)/, "a bundle file's old address");
  const team = page(jekyll, "content/pages/team.md");
  assert.match(
    team,
    /\[the lamp's story\]\(\/docs\/history\/#%C3%BCber-die-lampe\)/,
    "a fragment as kramdown transliterates it, the id the heading has now: Jekyll's, which the import names in site.yaml",
  );
  assert.match(page(jekyll, "content/site.yaml"), /^markdown:\n(?: {2}.*\n)*? {2}heading_ids: jekyll$/m);
  assert.match(page(jekyll, "dist/docs/history/index.html"), /<h2 id="über-die-lampe">Über die Lampe<\/h2>/);
  assert.match(page(byFixture("hugo-multilingual"), "content/site.yaml"), /^ {2}heading_ids: hugo$/m);
  assert.match(
    team,
    /\[the checklist\]\(\/docs\/history\/#%D9%82%D8%A7%D8%A6%D9%85%D8%A9-%D8%AA%D8%AD%D9%82%D9%82\)/,
    "an explicit id with a combining mark, as sitegen reads ids",
  );
  assert.match(
    team,
    /\[a heading that is gone\]\(\/docs\/history\/#no-such-heading\)/,
    "a fragment that names no heading: the link goes to the page, its fragment as written, and the report names it",
  );
  assert.match(
    team,
    /\*\*\[first release of\nLantern\]\(\/blog\/lantern-1-0-0-released\/\)\*\*/,
    "a link whose words run over two lines",
  );
  assert.match(
    team,
    /\[!\[lantern\]\(\/assets\/images\/lantern\.png\)\]\(\/team\/\)/,
    "an image inside a link, and the link",
  );
  assert.match(
    team,
    /, and <a href='\/nowhere' lang='en'>a page that never was<\/a>\./,
    "an <a href> to nothing is kept as it was written",
  );
  const unresolved = (jekyll.report.unresolved as { file: string; url: string }[])
    .filter((each) => each.file.endsWith("team/index.md"))
    .map((each) => each.url);
  assert.deepEqual(
    unresolved.sort(),
    ["/docs/history/#no-such-heading (its fragment: no such heading)", "/nowhere"],
    "each named in the report",
  );
  assert.match(
    team,
    /^\[not a link\]\(\/release\/2013\/05\/06\/lantern-1-0-0-released\)$/m,
    "code in a <pre> block is left as written",
  );
  const eleventy = page(byFixture("eleventy"), "content/pages/docs/getting-started.md");
  assert.match(eleventy, /\[first post\]\(\/blog\/firstpost\/\)/);
  assert.match(eleventy, /\[fourth\]\(\/blog\/fourthpost\/\)/, "a relative link from the page's old address");
});

test("import never follows a link out of the source: a link out, one to nothing and a loop are errors naming each, and nothing is written", async () => {
  const source = join(tempDir("sitegen-links-out-"), "source");
  cpSync(join(FIXTURES, "jekyll"), source, { recursive: true });
  const outside = join(source, "..", "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.md"), "---\ntitle: Secret\n---\n\nNot the site's.\n");
  symlinkSync("/etc/passwd", join(source, "_posts/2020-01-01-passwd.md"));
  symlinkSync(outside, join(source, "assets/outside"));
  symlinkSync(join(source, "nowhere.md"), join(source, "dangling.md"));
  symlinkSync(join(source, "docs"), join(source, "docs/again"));
  symlinkSync(join(source, "loop-b"), join(source, "loop-a"));
  symlinkSync(join(source, "loop-a"), join(source, "loop-b"));
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site]);
  assert.equal(run.status, 1, run.stdout);
  assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  for (const [entry, why] of [
    ["_posts/2020-01-01-passwd.md", "a symbolic link to /etc/passwd, outside the source site"],
    ["assets/outside", "a symbolic link to .*outside, outside the source site"],
    ["dangling.md", "a symbolic link to nothing"],
    ["docs/again", "a symbolic link to a folder it is in: a loop"],
    ["loop-a", "a symbolic link that loops"],
  ]) {
    assert.match(run.stderr, new RegExp(`${entry.replace(/[.]/g, "\\.")}: ${why}`), entry);
  }
  assert.throws(() => readdirSync(site), /ENOENT/, "nothing written");

  const eleventy = join(tempDir("sitegen-input-out-"), "site");
  cpSync(join(FIXTURES, "eleventy"), eleventy, { recursive: true });
  writeFileSync(
    join(eleventy, "eleventy.config.js"),
    'export default function () { return { dir: { input: "../elsewhere" } }; }\n',
  );
  mkdirSync(join(eleventy, "..", "elsewhere"));
  const input = await sitegenHere(["import", eleventy, join(eleventy, "..", "moved")]);
  assert.equal(input.status, 1, input.stdout);
  assert.match(
    input.stderr,
    /eleventy\.config\.js: its input folder `\.\.\/elsewhere` is outside the source site/,
  );
});

test("a link whose address holds a line break, as an HTML attribute may, is moved as written", async () => {
  const source = join(tempDir("sitegen-line-break-"), "source");
  cpSync(join(FIXTURES, "jekyll"), source, { recursive: true });
  writeFileSync(
    join(source, "_posts/2021-07-30-deploy.md"),
    '---\ntitle: Deploy\n---\n\n<a href="https://app.example/start/deploy?repository=https://git.example/deploy\n">Deploy it</a>, or read [the notes](/notes/?from=deploy\n).\n',
  );
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--no-build"]);
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
  const moved = readdirSync(join(site, "content/blog")).find((name) => name.includes("deploy"))!;
  assert.match(
    readFileSync(join(site, "content/blog", moved), "utf8"),
    /<a href="https:\/\/app\.example\/start\/deploy\?repository=https:\/\/git\.example\/deploy\n">Deploy it<\/a>/,
  );
});

test("a site moved from Jekyll to Eleventy, its posts still in _posts/, is imported as the Eleventy site it is, those posts as posts", async () => {
  const source = join(tempDir("sitegen-jekyll-to-eleventy-"), "source");
  mkdirSync(join(source, "_posts"), { recursive: true });
  writeFileSync(join(source, "eleventy.config.js"), "export default function () {}\n");
  writeFileSync(
    join(source, "_posts/2020-05-01-moved-from-jekyll.md"),
    "---\ntitle: Moved from Jekyll\n---\n\nThe posts kept their folder, and {{ page.a }} and {{ page.b }} as written.\n",
  );
  writeFileSync(
    join(source, "_posts/_posts.11tydata.js"),
    "export default { permalink: ({ page }) => `/web/${page.fileSlug}/` };\n",
  );
  writeFileSync(join(source, "about.md"), "---\ntitle: About\n---\n\nWho writes here.\n");
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^Moved an Eleventy site from /m);
  assert.match(run.stdout, /_posts\/_posts\.11tydata\.js: Eleventy's data file computed by code/);
  const moved = readFileSync(join(site, "content/blog/2020-05-01-moved-from-jekyll.md"), "utf8");
  // Its address is the data file's function's, which only Eleventy can give (it is not installed in the site): reported, never guessed from the path.
  assert.doesNotMatch(moved, /^aliases:/m);
  assert.match(
    run.stdout,
    /_posts\/2020-05-01-moved-from-jekyll\.md: its permalink is computed by code \(`permalink` in [^)]*_posts\.11tydata\.js\)/,
  );
  assert.ok(readdirSync(join(site, "dist/blog")).includes("moved-from-jekyll"), "published as a post");
  // The build's warnings in the report, by kind and what it means, not one line for each tag.
  assert.match(
    run.stdout,
    /^ {4}2 × template-tag: a Liquid tag or Hugo shortcode left in a text: shown as written$/m,
  );
});

/** A post's title in a Jekyll or Hugo fixture, by its source file. */
const POST_TITLES: Record<string, string> = {
  "_posts/2013-05-06-lantern-1-0-0-released.markdown": "Lantern 1.0.0 Released",
  "_posts/2014-01-13-sass-converter-3.0-released.markdown": "Sass converter 3.0 released",
  "_posts/2019-07-04-writing-liquid-examples.md": "Writing Liquid examples",
  "_posts/2021-03-01-late-evening-in-new-york.md": "Late evening in New York",
  "docs/history.md": "History of the project",
};

/** A fixture with one setting changed, built by its generator and imported without a build: each moved file's old address against what the generator wrote. */
async function addressesUnder(
  fixture: string,
  configFile: string,
  change: (config: string) => string,
  run: (source: string, out: string) => string[],
): Promise<{ computed: Map<string, string>; wrote: Map<string, string> }> {
  const source = join(tempDir(`sitegen-${fixture}-setting-`), "source");
  cpSync(join(FIXTURES, fixture), source, { recursive: true });
  writeFileSync(join(source, configFile), change(readFileSync(join(source, configFile), "utf8")));
  const out = join(source, "..", "out");
  const built = spawnSync(run(source, out)[0], run(source, out).slice(1), { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const wrote = new Map(
    writtenBy(out, "")
      .filter((each) => each.title)
      .map((each) => [each.title!, decodeURI(each.url)]),
  );
  const moved = await sitegenHere(["import", source, join(source, "..", "site"), "--json", "--no-build"]);
  assert.equal(moved.status, 0, moved.stderr);
  const computed = new Map(
    (JSON.parse(moved.stdout).moved as { file: string; from: string[] }[]).map((each) => [
      relative(source, each.file.startsWith("/") ? each.file : join(ROOT, each.file)),
      decodeURI(each.from[0] ?? ""),
    ]),
  );
  return { computed, wrote };
}

for (const style of [
  "date",
  "pretty",
  "ordinal",
  "weekdate",
  "none",
  "/:categories/:short_year/:i_month/:i_day/:slug:output_ext",
]) {
  test(`Jekyll's permalink ${style}: every post's and page's old address is the one Jekyll 4.3 wrote`, async () => {
    const { computed, wrote } = await addressesUnder(
      "jekyll",
      "_config.yml",
      (config) => config.replace(/^permalink: .*$/m, `permalink: ${JSON.stringify(style)}`),
      (source, out) => ["jekyll", "build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    );
    for (const [file, title] of Object.entries(POST_TITLES))
      assert.equal(computed.get(file), wrote.get(title), `${style}: ${file}`);
  });
}

const HUGO_TITLES: Record<string, string> = {
  "content/posts/first-field-note.md": "First field note",
  "content/posts/yaml-and-a-slug.md": "YAML and a slug of its own",
  "content/posts/lamp-bundle/index.md": "A post with its own picture",
  "content/about.md": "About",
};

for (const pattern of [
  "/:year/:month/:day/:title/",
  "/:section/:yearday/:slugorfilename/",
  "/:monthname/:weekdayname/:filename/",
  "/:sections/:slug/",
]) {
  test(`Hugo's [permalinks] ${pattern}: every post's old address is the one Hugo 0.111 wrote`, async () => {
    const { computed, wrote } = await addressesUnder(
      "hugo",
      "hugo.toml",
      (config) => config.replace(/^ {2}posts = .*$/m, `  posts = ${JSON.stringify(pattern)}`),
      (source, out) => ["hugo", "--source", source, "--destination", out, "--quiet", "--noBuildLock"],
    );
    for (const [file, title] of Object.entries(HUGO_TITLES))
      assert.equal(computed.get(file), wrote.get(title), `${pattern}: ${file}`);
  });
}

after(() => undefined);

/**
 * A post's page in the starter theme: its author, its own picture (`image`,
 * or `cover` and `heroImage` as other generators write it) shown with its
 * size and used as the share image with a large card, how long it takes to
 * read, the posts before and after it, and a table of contents where the
 * post or the site asks for one. Built by the CLI (its `run`, in this
 * process) from a site as `sitegen init` writes it, with the posts of
 * test/fixtures/starter-blog/.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { dimensionsOf } from "../src/content/image-size.ts";
import { join } from "node:path";
import { sitegenHere, tempDir } from "./helpers/dist.ts";
import { assertSameTree } from "./helpers/site.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";

/** A site with the fixture's posts, changed by `change`, built with `args`: its output folder. */
async function built(
  change: (root: string) => void = () => {},
  args: string[] = [],
): Promise<{ root: string; out: string; stderr: string; stdout: string }> {
  const root = initSite("post-page");
  cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
  change(root);
  const out = join(root, "dist");
  const run = await sitegenHere(["build", "--out", out, ...args], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  return { root, out, stderr: run.stderr, stdout: run.stdout };
}

const site = await built();
const page = (slug: string) => readFileSync(join(site.out, `blog/${slug}/index.html`), "utf8");
const COVER = "https://example.com/blog/harbour-lights/cover.jpg";

test("a post with its own picture shows it sized before the text, and shares it: og:image, a large card, the structured data's image", () => {
  const html = page("harbour-lights");
  assert.match(
    html,
    /<img class="cover" src="\/blog\/harbour-lights\/cover\.jpg" srcset="[^"]+" sizes="[^"]+" width="1200" height="630" alt="" fetchpriority="high">/,
  );
  assert.match(html, new RegExp(`<meta property="og:image" content="${COVER}">`));
  assert.match(html, /<meta name="twitter:card" content="summary_large_image">/);
  // The structured data is a graph where the site gives breadcrumbs: its BlogPosting names the image.
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
  const posting = (data["@graph"] ?? [data]).find(
    (node: { "@type"?: string }) => node["@type"] === "BlogPosting",
  );
  assert.equal(posting.image, COVER);
  // A post without one names no image, and its card is the small one.
  const plain = page("counting-waves");
  assert.doesNotMatch(plain, /og:image|class="cover"/);
  assert.match(plain, /<meta name="twitter:card" content="summary">/);
});

test("a post's own picture comes in narrower copies beside it, each no wider than the original, which its <img srcset> names by width; the share image and the feed keep the original", () => {
  const html = page("harbour-lights");
  const srcset =
    /<img class="cover"[^>]* srcset="([^"]+)" sizes="\(max-width: 42rem\) calc\(100vw - 2\.5rem\), 39\.5rem"/.exec(
      html,
    )?.[1];
  assert.equal(
    srcset,
    "/blog/harbour-lights/cover-480w.jpg 480w, /blog/harbour-lights/cover-720w.jpg 720w, /blog/harbour-lights/cover-960w.jpg 960w, /blog/harbour-lights/cover.jpg 1200w",
  );
  for (const candidate of srcset.split(", ")) {
    const [path, width] = candidate.split(" ");
    const bytes = readFileSync(join(site.out, path));
    // Each file is a JPEG of the width it is named by, in the original's proportions (1200 × 630).
    assert.deepEqual(
      dimensionsOf(bytes),
      { width: Number.parseInt(width, 10), height: Math.round((630 * Number.parseInt(width, 10)) / 1200) },
      path,
    );
    assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xd8], path);
  }
  assert.ok(
    readFileSync(join(site.out, "blog/harbour-lights/cover-480w.jpg")).length <
      readFileSync(join(site.out, "blog/harbour-lights/cover.jpg")).length / 2,
  );
  assert.match(html, new RegExp(`<meta property="og:image" content="${COVER}">`));
  assert.doesNotMatch(readFileSync(join(site.out, "feed.xml"), "utf8"), /cover-\d+w/);
});

test("the copies are the same bytes whatever the render workers; a picture of content/static/ shown by two posts is copied once, a PNG as PNG; one narrower than the narrowest copy has none", async () => {
  const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#2a4d69" } })
    .png()
    .toBuffer();
  const change = (root: string) => {
    mkdirSync(join(root, "content/static"), { recursive: true });
    writeFileSync(join(root, "content/static/shared.png"), png);
    for (const slug of ["counting-waves", "salt-on-the-lens"]) {
      const file = join(root, `content/blog/${slug}.md`);
      writeFileSync(file, readFileSync(file, "utf8").replace(/^date:/m, "image: /shared.png\ndate:"));
    }
    const file = join(root, "content/blog/rope-that-lasts.md");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^date:/m, "image: /small.png\ndate:"));
    writeFileSync(join(root, "content/static/small.png"), SMALL_PNG);
  };
  const serial = await built(change);
  const files = readdirSync(serial.out);
  assert.deepEqual(
    files.filter((name) => /^shared/.test(name)),
    ["shared-480w.png", "shared.png"],
  );
  assert.deepEqual(
    await sharp(join(serial.out, "shared-480w.png"))
      .metadata()
      .then(({ format, width, height }) => ({ format, width, height })),
    { format: "png", width: 480, height: 240 },
  );
  for (const slug of ["counting-waves", "salt-on-the-lens"])
    assert.match(
      readFileSync(join(serial.out, `blog/${slug}/index.html`), "utf8"),
      /srcset="\/shared-480w\.png 480w, \/shared\.png 600w"/,
      slug,
    );
  assert.match(
    readFileSync(join(serial.out, "blog/rope-that-lasts/index.html"), "utf8"),
    /<img class="cover" src="\/small\.png" width="2" height="1" alt=""/,
  );
  const parallel = tempDir();
  const run = await sitegenHere(["build", "--out", join(parallel, "dist")], {
    cwd: serial.root,
    env: { SITEGEN_WORKERS: "2" },
  });
  assert.equal(run.status, 0, run.stderr);
  assertSameTree(serial.out, join(parallel, "dist"));
});

/** A 2 × 1 PNG: narrower than any copy. */
const SMALL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAM/wH/SgGW1QAAAABJRU5ErkJggg==",
  "base64",
);

test("the author is shown, and how long the post takes to read", async () => {
  assert.match(
    page("harbour-lights"),
    /<p class="meta"><time datetime="2026-05-11">11 May 2026<\/time> · <span lang="en">by<\/span> Ada Marsh · <span lang="en">1 min read<\/span>/,
  );
  const long = await built((root) => {
    const words = Array.from({ length: 700 }, (_, index) => `word${index}`).join(" ");
    writeFileSync(
      join(root, "content/blog/long-read.md"),
      `---\ntitle: "A long read"\ndescription: "Seven hundred words."\ndate: 2026-06-01\n---\n\n${words}\n`,
    );
  });
  // 700 words at 230 a minute: three minutes.
  assert.match(
    readFileSync(join(long.out, "blog/long-read/index.html"), "utf8"),
    /<span lang="en">3 min read<\/span>/,
  );
  assert.doesNotMatch(
    readFileSync(join(long.out, "blog/long-read/index.html"), "utf8"),
    / · <span lang="en">by<\/span>/,
    "no author, no byline",
  );
});

test("each post links the newer and the older post around it; the newest has no newer one, the oldest no older one", () => {
  const index = JSON.parse(readFileSync(join(site.out, "blog-index.json"), "utf8")) as {
    posts: { slug: string; title: string }[];
  };
  const { posts } = index;
  posts.forEach((post, at) => {
    const html = page(post.slug);
    const newer = /<span class="post-nav-label">Newer<\/span> <a href="([^"]+)"/.exec(html)?.[1];
    const older = /<span class="post-nav-label">Older<\/span> <a href="([^"]+)"/.exec(html)?.[1];
    assert.equal(newer, at === 0 ? undefined : `/blog/${posts[at - 1].slug}/`, post.slug);
    assert.equal(older, at === posts.length - 1 ? undefined : `/blog/${posts[at + 1].slug}/`, post.slug);
  });
});

test("a table of contents opens a post that asks for one (`toc: true`), of its headings; site.yaml's `toc: true` gives one to every post, and a post's `toc: false` wins", async () => {
  const toc =
    /<nav class="toc" aria-label="Contents">\n<ul>\n<li><a href="#red-and-green">Red and green<\/a><\/li>\n<li><a href="#the-leading-lights">The leading lights<\/a><ul>\n<li><a href="#when-they-drift-apart">When they drift apart<\/a><\/li>\n<\/ul>\n<\/li>\n<li><a href="#the-lighthouse">The lighthouse<\/a><\/li>\n<\/ul>\n<\/nav>/;
  assert.match(page("harbour-lights"), toc);
  assert.doesNotMatch(page("counting-waves"), /class="toc"/);
  assert.doesNotMatch(
    readFileSync(join(site.out, "blog/harbour-lights.md"), "utf8"),
    /Contents|toc/,
    "the Markdown is the author's text",
  );
  const everywhere = await built((root) => {
    writeFileSync(
      join(root, "content/site.yaml"),
      `${readFileSync(join(root, "content/site.yaml"), "utf8")}toc: true\n`,
    );
    const file = join(root, "content/blog/knots-worth-knowing.md");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("author: Ada Marsh\n", "author: Ada Marsh\ntoc: false\n"),
    );
  });
  assert.match(
    readFileSync(join(everywhere.out, "blog/counting-waves/index.html"), "utf8"),
    /<nav class="toc" aria-label="Contents">\n<ul>\n<li><a href="#what-this-is-about">/,
  );
  assert.doesNotMatch(
    readFileSync(join(everywhere.out, "blog/knots-worth-knowing/index.html"), "utf8"),
    /class="toc"/,
  );
});

test("`cover` and `heroImage`, as Hugo's and Jekyll's themes and Astro write a post's picture, are its `image`; so is PaperMod's `cover: { image: … }`", async () => {
  const written = [
    "cover: /blog/harbour-lights/cover.jpg",
    "heroImage: /blog/harbour-lights/cover.jpg",
    "cover:\n  image: /blog/harbour-lights/cover.jpg\n  alt: A lighthouse",
  ];
  for (const field of written) {
    const { out, stderr } = await built((root) => {
      const file = join(root, "content/blog/harbour-lights/index.md");
      writeFileSync(file, readFileSync(file, "utf8").replace("image: /blog/harbour-lights/cover.jpg", field));
    });
    assert.doesNotMatch(stderr, /cover|heroImage/, field);
    assert.match(
      readFileSync(join(out, "blog/harbour-lights/index.html"), "utf8"),
      /<img class="cover" src="\/blog\/harbour-lights\/cover\.jpg" srcset="[^"]+" sizes="[^"]+" width="1200" height="630"/,
      field,
    );
    assert.match(
      readFileSync(join(out, "blog/harbour-lights.md"), "utf8"),
      new RegExp(`^- Image: ${COVER}$`, "m"),
      field,
    );
  }
});

test("with the build cache, a post whose neighbour's title changed is rendered again, and the output is the cold build's", async () => {
  const root = initSite("post-page-cache");
  cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
  const first = await sitegenHere(["build", "--out", join(root, "first"), "--cache", "cache", "--json"], {
    cwd: root,
  });
  assert.equal(first.status, 0, first.stderr);
  const file = join(root, "content/blog/counting-waves.md");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace('title: "Counting waves"', 'title: "Counting the waves"'),
  );
  const warm = await sitegenHere(["build", "--out", join(root, "warm"), "--cache", "cache", "--json"], {
    cwd: root,
  });
  assert.equal(warm.status, 0, warm.stderr);
  // The changed post and the two around it are rendered; the other nine come from the cache.
  assert.equal(JSON.parse(warm.stdout).cache.reused, 9);
  assert.match(
    readFileSync(join(root, "warm/blog/salt-on-the-lens/index.html"), "utf8"),
    />Counting the waves<\/a>/,
  );
  const coldOut = join(tempDir(), "cold");
  const cold = await sitegenHere(["build", "--out", coldOut], { cwd: root });
  assert.equal(cold.status, 0, cold.stderr);
  assertSameTree(join(root, "warm"), coldOut);
});

test("with the build cache, a warm build makes no copy of a cover: each comes from the cache, checked; a changed cover's copies and a damaged one are made again; the output is the cold build's", async () => {
  const root = initSite("post-page-covers");
  cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
  const build = async (out: string, args: string[] = []): Promise<{ made: number; reused: number }> => {
    const run = await sitegenHere(["build", "--out", out, "--json", ...args], { cwd: root });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout).images;
  };
  const kept = join(root, ".sitegen-cache/images");
  const stored = () =>
    readdirSync(kept)
      .sort()
      .map((name) => `${name} ${statSync(join(kept, name)).mtimeMs}`);
  // harbour-lights's cover, 1200 px wide, has three copies.
  assert.deepEqual(await build("first"), { made: 3, reused: 0 });
  assert.deepEqual(await build("warm"), { made: 0, reused: 3 });
  const before = stored();
  assert.equal(before.length, 3);
  // `--no-cache` neither reads the copies nor writes them.
  assert.deepEqual(await build("cold", ["--no-cache"]), { made: 3, reused: 0 });
  assert.deepEqual(stored(), before);
  assertSameTree(join(root, "warm"), join(root, "cold"));
  // The same cover with other pixels: its copies are made again, and the old ones leave the cache.
  const cover = join(root, "content/blog/harbour-lights/cover.jpg");
  writeFileSync(
    cover,
    await sharp(readFileSync(cover)).modulate({ brightness: 0.8 }).jpeg({ quality: 90 }).toBuffer(),
  );
  assert.deepEqual(await build("changed"), { made: 3, reused: 0 });
  const after = readdirSync(kept);
  assert.equal(after.length, 3);
  assert.ok(
    after.every((name) => !before.some((line) => line.startsWith(`${name} `))),
    "the old cover's copies are gone",
  );
  // A stored copy cut short is not used: it is made again, the build does not fail, and the output is the same.
  const damaged = join(kept, after[0]);
  truncateSync(damaged, statSync(damaged).size - 10);
  assert.deepEqual(await build("repaired"), { made: 1, reused: 2 });
  assertSameTree(join(root, "changed"), join(root, "repaired"));
  assert.deepEqual(await build("recold", ["--no-cache"]), { made: 3, reused: 0 });
  assertSameTree(join(root, "repaired"), join(root, "recold"));
});

/**
 * A post's picture with its text for a reader who cannot see it, written as
 * each generator's blogs write it, built by the real CLI: the text is the
 * cover's `alt` on the post's page, its `og:image:alt` and
 * `twitter:image:alt`, and a line of its Markdown; the thumbnail of a list
 * stays `alt=""`, and a text with no picture is a warning at its line.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegenHere } from "./helpers/dist.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";

/** Each way of writing the picture and its text, by the generator whose blogs write it so. */
const WRITTEN: Record<string, (cover: string, alt: string) => string> = {
  // Eleventy blogs: the text beside the picture.
  "eleventy-alt": (cover, alt) => `image: ${cover}\nalt: '${alt}'`,
  "eleventy-image-alt": (cover, alt) => `image: ${cover}\nimageAlt: '${alt}'`,
  // Astro schemas beside the blog starter's `heroImage`.
  "astro-hero-image-alt": (cover, alt) => `heroImage: ${cover}\nheroImageAlt: '${alt}'`,
  "astro-hero-alt": (cover, alt) => `heroImage: ${cover}\nheroAlt: '${alt}'`,
  "astro-hero-object": (cover, alt) => `heroImage:\n  src: ${cover}\n  alt: '${alt}'`,
  // Astro's tutorial.
  "astro-image-url": (cover, alt) => `image:\n  url: ${cover}\n  alt: '${alt}'`,
  // Hugo's PaperMod.
  "papermod-cover": (cover, alt) => `cover:\n  image: ${cover}\n  alt: '${alt}'\n  caption: "Ours"`,
  // jekyll-seo-tag.
  "jekyll-image-path": (cover, alt) => `image:\n  path: ${cover}\n  alt: '${alt}'`,
  // sitegen's own.
  "sitegen-image-alt": (cover, alt) => `image: ${cover}\nimage_alt: '${alt}'`,
};

const root = initSite("cover-alt");
cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
const source = join(root, "content/blog/harbour-lights");
const text = readFileSync(join(source, "index.md"), "utf8");
for (const [slug, write] of Object.entries(WRITTEN)) {
  const folder = join(root, "content/blog", slug);
  cpSync(source, folder, { recursive: true });
  writeFileSync(
    join(folder, "index.md"),
    text.replace(
      "image: /blog/harbour-lights/cover.jpg",
      write(`/blog/${slug}/cover.jpg`, `Lights & "${slug}"`),
    ),
  );
}
// A text with nothing to describe, on the line after the title.
writeFileSync(
  join(root, "content/blog/no-picture.md"),
  '---\ntitle: "No picture"\nalt: "A harbour at dusk"\ndate: 2026-05-01\n---\n\nNothing to see.\n',
);
// The list shows thumbnails, so that their `alt` is seen to stay empty.
writeFileSync(
  join(root, "content/site.yaml"),
  readFileSync(join(root, "content/site.yaml"), "utf8").replace(
    /^theme:\n/m,
    "theme:\n  listing_covers: true\n",
  ),
);
const out = join(root, "dist");
const run = await sitegenHere(["build", "--out", out], { cwd: root });
const read = (path: string) => readFileSync(join(out, path), "utf8");

test("the site builds, and no field of the picture is an unknown one", () => {
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(
    run.stderr,
    /\b(alt|imageAlt|heroImageAlt|heroAlt|image_alt|cover|heroImage)\b.*(unknown|params\.)/,
  );
});

for (const slug of Object.keys(WRITTEN)) {
  test(`${slug}: the text is the cover's alt, its og:image:alt and twitter:image:alt, and a line of its Markdown`, () => {
    const html = read(`blog/${slug}/index.html`);
    const escaped = `Lights &amp; &quot;${slug}&quot;`;
    assert.match(
      html,
      new RegExp(
        `<img class="cover" src="/blog/${slug}/cover\\.jpg"[^>]* alt="${escaped}" fetchpriority="high">`,
      ),
    );
    assert.match(html, new RegExp(`<meta property="og:image:alt" content="${escaped}">`));
    assert.match(html, new RegExp(`<meta name="twitter:image:alt" content="${escaped}">`));
    const markdown = read(`blog/${slug}.md`);
    assert.match(
      markdown,
      new RegExp(
        `^- Image: https://example\\.com/blog/${slug}/cover\\.jpg\\n- Image text: Lights & "${slug}"$`,
        "m",
      ),
    );
  });
}

test('a picture without a text keeps alt="" and the title as og:image:alt, with no twitter:image:alt or Markdown line', () => {
  const html = read("blog/harbour-lights/index.html");
  assert.match(html, /<img class="cover" [^>]* alt="" fetchpriority="high">/);
  assert.match(html, /<meta property="og:image:alt" content="Harbour lights">/);
  assert.doesNotMatch(html, /twitter:image:alt/);
  assert.doesNotMatch(read("blog/harbour-lights.md"), /Image text/);
});

test('the list\'s thumbnails stay alt="": the linked title beside each says where it leads', () => {
  const thumbnails = [...read("blog/index.html").matchAll(/<img class="thumbnail"[^>]*>/g)].map(
    ([tag]) => tag,
  );
  assert.ok(thumbnails.length >= 2, "the list shows thumbnails");
  for (const tag of thumbnails) assert.match(tag, / alt="" /);
  assert.doesNotMatch(
    read("blog/index.html"),
    /\{\{!|screen reader/,
    "the template's comment prints nothing",
  );
});

test("a text with no picture is a warning at its line, and the post has none", () => {
  assert.match(
    run.stderr,
    /content\/blog\/no-picture\.md:3\b[^\n]*`alt` describes a picture, but the post has none/,
  );
  assert.doesNotMatch(read("blog/no-picture/index.html"), /og:image|twitter:image:alt/);
  assert.doesNotMatch(read("blog/no-picture.md"), /Image/);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

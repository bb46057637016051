/**
 * The site's content is part of the product: the invariants the real content
 * tree must keep (14 published posts in English and Vietnamese, slugs from the
 * slug function, one of them truncated to a trailing hyphen, a retired post
 * that appears nowhere, length, tags, dates, links, agent-file sizes).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { check } from "../src/check.ts";
import { MAX_SLUG_LENGTH, slugify } from "../src/content/slug.ts";
import { builtSite, EPOCH, ROOT } from "./helpers/dist.ts";
import { CONTENT, FIXED_PAGES, readSource, readTree } from "./helpers/site.ts";

const source = readSource();
const published = source.published;
const files = readTree(builtSite());

/** Words of prose: the body without fenced code. */
function words(body: string): string[] {
  return body.replace(/^\s{0,3}(```|~~~)[^\n]*\n[\s\S]*?^\s{0,3}\1[^\n]*$/gm, "").match(/\S+/g) ?? [];
}

/** Share of words carrying a Vietnamese letter or tone mark. */
function vietnameseShare(body: string): number {
  const all = words(body);
  return all.filter((word) => /[À-ỹđĐ]/u.test(word)).length / all.length;
}

test("14 posts are published (spec §2.1)", () => {
  assert.equal(published.length, 14);
});

test("posts are in both languages: at least 4 in real Vietnamese, the rest in English", () => {
  const vi = published.filter((post) => post.lang === "vi");
  const en = published.filter((post) => post.lang === "en");
  assert.equal(vi.length + en.length, published.length, "lang is vi or en");
  assert.ok(vi.length >= 4, `${vi.length} Vietnamese posts`);
  assert.ok(en.length >= 1, `${en.length} English posts`);
  for (const post of vi) {
    assert.match(
      post.title.normalize("NFD"),
      /[\u0300-\u036f]|đ|Đ/,
      `${post.slug}: a Vietnamese title with its diacritics`,
    );
    assert.ok(vietnameseShare(post.body) > 0.3, `${post.slug}: the body is written in Vietnamese`);
  }
  for (const post of en)
    assert.ok(vietnameseShare(post.body) < 0.02, `${post.slug}: the body is written in English`);
});

/**
 * Posts retitled after they were published keep their slug, because published
 * URLs never change: each with the title its slug was made from.
 */
const RETITLED: Record<string, string> = {
  // "hàng đợi thư chết" rendered "dead letter queue" word for word; the body and the brand page say "dead letter queue (DLQ)".
  "thu-lai-va-hang-doi-thu-chet-trong-rabbitmq": "Thử lại và hàng đợi thư chết trong RabbitMQ",
};

test("every post's slug is what the slug function makes of its title, or of the title it was published under", () => {
  for (const post of source.posts) {
    const original = RETITLED[post.slug];
    if (original !== undefined) assert.notEqual(post.title, original, `${post.slug} is listed as retitled`);
    assert.equal(post.slug, slugify(original ?? post.title), post.title);
  }
});

test("at least one published slug ends in `-` because the slug function truncated it", () => {
  const truncated = published.filter((post) => post.slug.endsWith("-"));
  assert.ok(truncated.length >= 1, "no published slug ends in -");
  for (const post of truncated) {
    assert.equal(post.slug.length, MAX_SLUG_LENGTH, `${post.slug} is cut at the limit`);
    assert.ok(post.title.length > MAX_SLUG_LENGTH, `${post.slug}: the title is longer than a slug may be`);
  }
});

test("a retired post exists and appears in no file of the build", () => {
  const retired = source.posts.filter((post) => post.status === "retired");
  assert.ok(retired.length >= 1, "no retired post");
  for (const post of retired) {
    for (const [file, bytes] of files) {
      const body = bytes.toString("utf8");
      assert.ok(
        !body.includes(post.slug) && !body.includes(post.title),
        `${file} mentions the retired post ${post.slug}`,
      );
    }
  }
});

test("each published post has 1,200–3,000 words of prose", () => {
  for (const post of published) {
    const count = words(post.body).length;
    assert.ok(count >= 1200 && count <= 3000, `${post.slug}: ${count} words`);
  }
});

/**
 * Tags that only one published post carries, and why they stay: each names a
 * field of the firm's practice that has one post so far, and the tag is how a
 * reader (or an agent filtering /blog-index.json) finds that field.
 */
const SINGLE_POST_TAGS: Record<string, string> = {
  edi: "EDI and B2B integration: X12 and EDIFACT partners",
  b2b: "EDI and B2B integration: trading-partner links beyond EDI",
  nats: "message brokers: NATS, next to Kafka and RabbitMQ",
  observability: "integration observability",
  esb: "legacy ESB migrations",
  migration: "legacy ESB migrations: moving flows off a platform step by step",
  sagas: "sagas and compensation",
  "schema-evolution": "event schema evolution",
};

test("tags come from one consistent vocabulary", () => {
  const uses = new Map<string, number>();
  for (const post of published) for (const tag of post.tags) uses.set(tag, (uses.get(tag) ?? 0) + 1);
  const tags = [...uses.keys()];
  for (const tag of tags) {
    assert.match(tag, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${tag}: lowercase, hyphenated`);
    assert.ok(!uses.has(`${tag}s`), `${tag} and ${tag}s: one spelling per tag`);
    assert.ok(
      !tags.some((other) => other !== tag && other.replaceAll("-", "") === tag.replaceAll("-", "")),
      `${tag}: one spelling per tag`,
    );
    if (uses.get(tag)! < 2)
      assert.ok(
        tag in SINGLE_POST_TAGS,
        `${tag} is used by one post only; use a shared tag or justify it in SINGLE_POST_TAGS`,
      );
  }
  for (const tag of Object.keys(SINGLE_POST_TAGS))
    assert.ok(uses.has(tag), `${tag} is justified but no published post uses it`);
  for (const post of published) {
    assert.ok(post.tags.length >= 2, `${post.slug}: at least two tags`);
    assert.ok(
      post.tags.some((tag) => uses.get(tag)! >= 2),
      `${post.slug}: shares a tag with another post`,
    );
  }
});

test("post dates spread over at least 18 months and at most two years", () => {
  const dates = published.map((post) => Date.parse(`${post.date}T00:00:00Z`)).sort((a, b) => a - b);
  for (const post of published)
    assert.ok(!Number.isNaN(Date.parse(`${post.date}T00:00:00Z`)), `${post.slug}: ${post.date}`);
  const days = (dates.at(-1)! - dates[0]) / 86_400_000;
  assert.ok(days >= 548, `${Math.round(days)} days between the first and the last post`);
  assert.ok(days <= 731, `${Math.round(days)} days between the first and the last post`);
});

test("post descriptions stand alone in an index: distinct, one or two sentences, not about 'this post'", () => {
  const seen = new Set<string>();
  for (const post of published) {
    assert.ok(
      post.description.length >= 80 && post.description.length <= 300,
      `${post.slug}: ${post.description.length} characters`,
    );
    assert.match(post.description, /[.?!]$/, `${post.slug}: ends a sentence`);
    assert.doesNotMatch(
      post.description,
      /^(this (post|article)|in this|bài (này|viết))/i,
      `${post.slug}: stands alone`,
    );
    assert.ok(!seen.has(post.description), `${post.slug}: a description of its own`);
    seen.add(post.description);
  }
});

test("the 7 fixed pages have real text; developers documents every endpoint, the error anchors and curl examples", () => {
  assert.deepEqual(source.pages.map((page) => page.name).sort(), [...FIXED_PAGES].sort());
  for (const page of source.pages)
    assert.ok(words(page.body).length >= 100, `${page.name}: ${words(page.body).length} words`);
  const developers = source.pages.find((page) => page.name === "developers")!.body;
  for (const path of [
    "/llms.txt",
    "/llms-full.txt",
    "/agent-instructions.md",
    "/blog-index.json",
    ".md",
    "/sitemap.xml",
    "/robots.txt",
    "/openapi.json",
  ]) {
    assert.ok(developers.includes(path), `developers documents ${path}`);
  }
  for (const id of ["errors", "http-404", "http-406"])
    assert.match(developers, new RegExp(`^#+ .*\\{#${id}\\}\\s*$`, "m"), `#${id}`);
  assert.match(developers, /\bcurl\b/);
  assert.ok(
    source.pages.find((page) => page.name === "contact")!.body.includes(source.site.contact.email),
    "contact gives the email address",
  );
  assert.match(
    source.pages.find((page) => page.name === "index")!.body,
    /\/llms\.txt/,
    "home points agents at /llms.txt",
  );
});

test("internal links resolve and the content passes every check", async () => {
  const result = await check({
    contentDir: CONTENT,
    templatesDir: join(ROOT, "templates"),
    generated: new Date(Number(EPOCH) * 1000),
    cwd: ROOT,
  });
  assert.deepEqual(result.findings, []);
  assert.equal(result.checked.posts, 14);
});

test("the agent files stay in their size class: llms-full.txt 150 KB to 1 MB, llms.txt, /blog/ and the Markdown 404 small, and every post in each", () => {
  const full = files.get("llms-full.txt")!.byteLength;
  assert.ok(full >= 150 * 1024 && full <= 1_000_000, `llms-full.txt is ${full} bytes`);
  const llms = files.get("llms.txt")!.byteLength;
  assert.ok(llms < 20_000, `llms.txt is ${llms} bytes`);
  for (const file of ["blog.md", "blog/index.html"])
    assert.ok(files.get(file)!.byteLength < 20_000, `${file} is ${files.get(file)!.byteLength} bytes`);
  assert.ok(files.get("_sitegen/404.md")!.byteLength < 4_000, "the static head of the Markdown 404");
  // 14 posts fit every budget: nothing is left out, so nothing says it was.
  for (const file of ["llms.txt", "llms-full.txt", "blog.md"]) {
    const text = files.get(file)!.toString("utf8");
    for (const post of published) assert.ok(text.includes(`/blog/${post.slug}`), `${file} has ${post.slug}`);
    assert.doesNotMatch(text, /\bThe (newest|oldest) \d+ (of|posts)/, `${file} leaves nothing out`);
  }
});

test("no page writes its own origin: pages say {{base_url}}, which the build resolves", () => {
  const origin = source.site.base_url.replace(/\/$/, "");
  for (const page of source.pages)
    assert.ok(!page.body.includes(origin), `content/pages/${page.name}.md writes ${origin}`);
});

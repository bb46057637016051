/**
 * `sitegen new`: the pure plan (slug, frontmatter, refusals) and the real CLI on
 * a temporary copy of the content, where every file it creates passes
 * `sitegen check` and nothing is ever overwritten.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseMarkdownFile } from "../src/content/frontmatter.ts";
import { parsePage, parsePost } from "../src/content/load.ts";
import { slugify } from "../src/content/slug.ts";
import { SitegenError } from "../src/errors.ts";
import { DESCRIPTION_PLACEHOLDER, planNew, type NewRequest } from "../src/content/new.ts";
import { excerptOf } from "../src/render/markdown/excerpt.ts";
import { sitegenHere } from "./helpers/dist.ts";
import { sitegenIn, tempProject } from "./helpers/project.ts";
import { initSite } from "./helpers/starter.ts";
import { FIXED_PAGES } from "./helpers/site.ts";

const SITE = { languages: ["en", "vi"], siteName: "Halyard Integration", excerptOf };
const NONE = { contentDir: "content", existing: new Set<string>(), ...SITE };
const post = (title: string, lang?: string): NewRequest => ({
  kind: "post",
  title,
  lang,
  date: "2026-01-01",
});
const page = (name: string, lang?: string): NewRequest => ({ kind: "page", name, lang, date: "2026-01-01" });
const frontmatter = (text: string) => parseMarkdownFile(text, "x.md").data as Record<string, unknown>;

/** The error a function throws, for asserting its code, message and hint. */
function thrown(fn: () => unknown): SitegenError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof SitegenError, `a SitegenError, not ${error}`);
    return error;
  }
  assert.fail("expected an error");
}

// ---------------------------------------------------------------------------
// The plan

test("a post goes to blog/<slug>.md, the slug made by the build's own slug function", () => {
  for (const [title, slug] of [
    ["Idempotency keys in practice", "idempotency-keys-in-practice"],
    // Vietnamese: tone and vowel marks dropped, đ mapped by hand.
    ["Thử lại và hàng đợi thư chết trong RabbitMQ", "thu-lai-va-hang-doi-thu-chet-trong-rabbitmq"],
    ["Đo độ trễ đầu-cuối", "do-do-tre-dau-cuoi"],
    // Cut at 60 characters, keeping the trailing hyphen the cut leaves.
    [
      "Retries, timeouts and backpressure: keeping a slow dependency from taking you down",
      "retries-timeouts-and-backpressure-keeping-a-slow-dependency-",
    ],
  ]) {
    assert.equal(slugify(title), slug);
    assert.equal(planNew(post(title), NONE).path, `blog/${slug}.md`, title);
  }
});

test("a new post's frontmatter is valid for the build: title, a placeholder description, the date, no tags, the language, and draft", () => {
  const planned = planNew(post("Sagas: orchestration vs. choreography", "vi"), NONE);
  assert.deepEqual(frontmatter(planned.text), {
    title: "Sagas: orchestration vs. choreography",
    description: DESCRIPTION_PLACEHOLDER,
    date: "2026-01-01",
    tags: [],
    lang: "vi",
    status: "draft",
  });
  const loaded = parsePost(
    "sagas-orchestration-vs-choreography",
    planned.text,
    "content/blog/sagas-orchestration-vs-choreography.md",
    undefined,
    { excerptOf },
  );
  assert.equal(loaded.status, "draft");
  assert.match(loaded.body, /Write the post here/);
});

test("titles with YAML's special characters survive as written", () => {
  for (const title of [
    'Quotes "inside" and a back\\slash',
    "key: value # not a comment",
    "[brackets] {braces} & *stars*",
    "  spaced   out  ",
    "Tiếng Việt: “ngoặc kép”",
  ]) {
    const planned = planNew(post(title), NONE);
    assert.equal(frontmatter(planned.text).title, title.replace(/\s+/g, " ").trim(), title);
  }
});

test("a post whose file exists is refused, naming the file and why", () => {
  const error = thrown(() =>
    planNew(post("Idempotency keys in practice"), {
      ...NONE,
      existing: new Set(["blog/idempotency-keys-in-practice.md"]),
    }),
  );
  assert.equal(error.code, "E_CONTENT");
  assert.equal(error.location?.file, join("content", "blog/idempotency-keys-in-practice.md"));
  assert.match(error.message, /already exists/);
  assert.match(error.hint ?? "", /never overwrites/);
});

test("a title with nothing to make a slug from is a usage error", () => {
  assert.equal(thrown(() => planNew(post("   "), NONE)).code, "E_USAGE");
  const error = thrown(() => planNew(post("!!! ???"), NONE));
  assert.equal(error.code, "E_USAGE");
  assert.match(error.message, /no letters or digits/);
});

test("a page is planned with valid frontmatter, titled from its name (the home page by the site's name); the language only when asked", () => {
  const privacy = planNew(page("privacy"), NONE);
  assert.equal(privacy.path, "pages/privacy.md");
  assert.deepEqual(frontmatter(privacy.text), {
    title: "Privacy",
    description: DESCRIPTION_PLACEHOLDER,
    updated: "2026-01-01",
  });
  parsePage("privacy", privacy.text, "content/pages/privacy.md", undefined, { excerptOf });
  assert.equal(frontmatter(planNew(page("About.md", "vi"), NONE).text).lang, "vi");
  for (const name of FIXED_PAGES)
    parsePage(name, planNew(page(name), NONE).text, `content/pages/${name}.md`, undefined, { excerptOf });
  assert.equal(frontmatter(planNew(page("index"), NONE).text).title, "Halyard Integration");
  assert.equal(frontmatter(planNew(page("case-studies"), NONE).text).title, "Case studies");
});

test("any page name is a page: a name is its URL, a title is made into one", () => {
  assert.equal(planNew(page("careers"), NONE).path, "pages/careers.md");
  const titled = planNew(page("Über uns", "de"), { ...NONE, languages: ["de", "en"] });
  assert.equal(titled.path, "pages/ueber-uns.md");
  assert.equal(frontmatter(titled.text).title, "Über uns");
  assert.equal(frontmatter(titled.text).lang, "de");
  assert.equal(thrown(() => planNew(page("!!!"), NONE)).code, "E_USAGE");
});

test("--lang must be one of the site's languages; a regional tag is the language it narrows", () => {
  const error = thrown(() => planNew(post("Bonjour", "fr"), NONE));
  assert.equal(error.code, "E_USAGE");
  assert.match(error.message, /--lang fr is not one of the site's languages \(en, vi\)/);
  assert.equal(frontmatter(planNew(post("Hello", "en-GB"), NONE).text).lang, "en");
  assert.equal(
    frontmatter(planNew(post("Hello"), NONE).text).lang,
    "en",
    "the site's first language by default",
  );
});

test("a German title's slug spells umlauts out, as German does", () => {
  assert.equal(
    planNew(post("Grüße aus Köln", "de"), { ...NONE, languages: ["de"] }).path,
    "blog/gruesse-aus-koeln.md",
  );
});

test("a page that exists is refused", () => {
  const error = thrown(() => planNew(page("about"), { ...NONE, existing: new Set(["pages/about.md"]) }));
  assert.equal(error.code, "E_CONTENT");
  assert.match(error.hint ?? "", /edit that file/);
});

/**
 * Zones without daylight saving time, and their offset from UTC in hours: a date there is
 * worked out here by adding the offset to the time, not by the calendar code under test.
 * Vietnam has kept UTC+7 since 1975; Kiribati's Line Islands and American Samoa are the
 * zones furthest ahead of and behind UTC, so at any moment one of them is on another day.
 */
const ZONES = { "Asia/Ho_Chi_Minh": 7, "Pacific/Kiritimati": 14, "Pacific/Pago_Pago": -11 } as const;
const dayIn = (zone: keyof typeof ZONES, time: number) =>
  new Date(time + ZONES[zone] * 3_600_000).toISOString().slice(0, 10);

/** `sitegen new post` in `zone`, and the date it wrote, with the days it could rightly be (the run may straddle a midnight). */
async function newPostIn(
  zone: keyof typeof ZONES,
  env: NodeJS.ProcessEnv,
): Promise<{ written: string; days: string[] }> {
  const project = tempProject();
  const before = Date.now();
  const result = await sitegenIn(project, ["new", "post", "A post about time zones"], { TZ: zone, ...env });
  const after = Date.now();
  assert.equal(result.status, 0, result.stderr);
  const written = /^date: (.*)$/m.exec(readFileSync(join(project, result.stdout.trim()), "utf8"))?.[1] ?? "";
  return { written, days: [dayIn(zone, before), dayIn(zone, after)] };
}

test("calendarDate: the writer's own day in Ho Chi Minh City, where 23:30 UTC is the next morning", () => {
  // Run in a process of its own, in that zone: this one's TZ is the test runner's.
  const script = `import("${join(import.meta.dirname, "../src/content/new.ts")}").then(({ calendarDate }) => { const time = new Date("2026-01-01T23:30:00Z"); console.log(calendarDate(time, { utc: false }), calendarDate(time, { utc: true })); })`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, TZ: "Asia/Ho_Chi_Minh" },
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), "2026-01-02 2026-01-01");
});

test("`sitegen new` in Ho Chi Minh City dates a post by SOURCE_DATE_EPOCH's UTC day, not the local one", async () => {
  // 2026-11-30T20:00:00Z: already 1 December in Vietnam.
  const { written } = await newPostIn("Asia/Ho_Chi_Minh", { SOURCE_DATE_EPOCH: "1796068800" });
  assert.equal(written, "2026-11-30");
});

test("`sitegen new` without SOURCE_DATE_EPOCH dates a post by the writer's own calendar: in Ho Chi Minh City, and where the day differs from UTC's now", async () => {
  const vietnam = await newPostIn("Asia/Ho_Chi_Minh", { SOURCE_DATE_EPOCH: "" });
  assert.ok(vietnam.days.includes(vietnam.written), `${vietnam.written}, not ${vietnam.days.join(" or ")}`);
  // Whatever the hour, one of the two zones furthest from UTC is on another day than UTC, so a
  // date taken in UTC by mistake shows there.
  const now = Date.now();
  const zone =
    dayIn("Pacific/Kiritimati", now) !== new Date(now).toISOString().slice(0, 10)
      ? "Pacific/Kiritimati"
      : "Pacific/Pago_Pago";
  const far = await newPostIn(zone, { SOURCE_DATE_EPOCH: "" });
  assert.ok(far.days.includes(far.written), `${zone}: ${far.written}, not ${far.days.join(" or ")}`);
  assert.ok(
    !far.days.includes(new Date(now).toISOString().slice(0, 10)),
    "the zone was on another day than UTC",
  );
});

// ---------------------------------------------------------------------------
// The real CLI

test("`sitegen new post` prints only the path, writes a draft dated by SOURCE_DATE_EPOCH, and `sitegen check` passes", async () => {
  const project = tempProject();
  const result = await sitegenHere(["new", "post", "Backpressure in NATS JetStream"], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, "content/blog/backpressure-in-nats-jetstream.md\n");
  assert.match(result.stderr, /created a draft in English/);
  const text = readFileSync(join(project, "content/blog/backpressure-in-nats-jetstream.md"), "utf8");
  assert.match(text, /^date: 2026-12-01$/m);
  assert.match(text, /^lang: en$/m);
  assert.match(text, /^status: draft$/m);
  const checked = await sitegenHere(["check"], { cwd: project });
  assert.equal(checked.status, 0, checked.stderr);
});

test("a post that would be published once its status says so passes check and builds", async () => {
  const project = tempProject();
  const created = await sitegenHere(["new", "post", "Thử lại có giới hạn với NATS", "--lang", "vi"], {
    cwd: project,
  });
  assert.equal(created.status, 0, created.stderr);
  const file = join(project, created.stdout.trim());
  assert.match(readFileSync(file, "utf8"), /^lang: vi$/m);
  writeFileSync(file, readFileSync(file, "utf8").replace("status: draft", "status: published"));
  const checked = await sitegenHere(["check"], { cwd: project });
  assert.equal(checked.status, 0, checked.stderr);
  const built = await sitegenHere(["build", "--quiet"], { cwd: project });
  assert.equal(built.status, 0, built.stderr);
  assert.ok(existsSync(join(project, "dist/blog/thu-lai-co-gioi-han-voi-nats/index.html")));
});

test("the language defaults to the first of site.yaml's", async () => {
  const project = tempProject();
  const site = join(project, "content/site.yaml");
  writeFileSync(site, readFileSync(site, "utf8").replace(/^languages: \[en, vi\]$/m, "languages: [vi, en]"));
  const result = await sitegenHere(["new", "post", "Một bài mới"], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  assert.match(readFileSync(join(project, result.stdout.trim()), "utf8"), /^lang: vi$/m);
});

test("`sitegen new post` never overwrites: exit 1, a message naming the file, the file unchanged", async () => {
  const project = tempProject();
  const existing = join(
    project,
    "content/blog/retries-timeouts-and-backpressure-keeping-a-slow-dependency-.md",
  );
  const before = readFileSync(existing, "utf8");
  const result = await sitegenHere(
    ["new", "post", "Retries, timeouts and backpressure: keeping a slow dependency from taking you down"],
    { cwd: project },
  );
  assert.equal(result.status, 1);
  assert.equal(result.stdout, "");
  assert.match(
    result.stderr,
    /^error: content\/blog\/retries-timeouts-and-backpressure-keeping-a-slow-dependency-\.md: the file already exists$/m,
  );
  assert.match(
    result.stderr,
    /hint: .*gives the slug `retries-timeouts-and-backpressure-keeping-a-slow-dependency-`; sitegen new never overwrites/,
  );
  assert.equal(readFileSync(existing, "utf8"), before);
});

test("`sitegen new page` creates any page that does not exist yet, and the build publishes it", async () => {
  const project = tempProject();
  rmSync(join(project, "content/pages/privacy.md"));
  const created = await sitegenHere(["new", "page", "privacy"], { cwd: project });
  assert.equal(created.status, 0, created.stderr);
  assert.equal(created.stdout, "content/pages/privacy.md\n");
  assert.equal((await sitegenHere(["check"], { cwd: project })).status, 0);

  const again = await sitegenHere(["new", "page", "privacy"], { cwd: project });
  assert.equal(again.status, 1);
  assert.match(again.stderr, /content\/pages\/privacy\.md: the file already exists/);

  const careers = await sitegenHere(["new", "page", "careers"], { cwd: project });
  assert.equal(careers.status, 0, careers.stderr);
  assert.equal(careers.stdout, "content/pages/careers.md\n");
  const built = await sitegenHere(["build", "--quiet"], { cwd: project });
  assert.equal(built.status, 0, built.stderr);
  assert.ok(existsSync(join(project, "dist/careers/index.html")));
  assert.ok(existsSync(join(project, "dist/careers.md")));
});

test("usage errors exit 2 and write nothing: a bad --lang, an empty title, a folder that is not a content folder", async () => {
  const project = tempProject();
  for (const args of [
    ["new", "post", "x", "--lang", "fr"],
    ["new", "post", "  "],
    ["new", "post", "x", "--content", "nowhere"],
    ["new", "post"],
    ["new"],
  ]) {
    const result = await sitegenIn(project, args);
    assert.equal(result.status, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.equal(result.stdout.includes(".md"), false);
  }
  assert.ok(!existsSync(join(project, "nowhere")));
  assert.ok(!existsSync(join(project, "content/blog/x.md")));
});

test("--content names another content folder", async () => {
  const project = tempProject();
  const result = await sitegenHere(["new", "post", "From inside", "--content", "."], {
    cwd: join(project, "content"),
  });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, "blog/from-inside.md\n");
  assert.ok(existsSync(join(project, "content/blog/from-inside.md")));
});

test("a new site's first post, `sitegen new post \"Hello world\"`, is written: the starter's sample post is named for what it is", async () => {
  const site = initSite();
  const result = await sitegenHere(["new", "post", "Hello world"], { cwd: site });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, "content/blog/hello-world.md\n");
  assert.match(readFileSync(join(site, "content/blog/hello-world.md"), "utf8"), /^title: "Hello world"$/m);
  const checked = await sitegenHere(["check"], { cwd: site });
  assert.equal(checked.status, 0, checked.stdout + checked.stderr);
});

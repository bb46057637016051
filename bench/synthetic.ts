/**
 * A seeded generator of a content tree shaped like the real one: `site.yaml`,
 * the seven fixed pages and N posts of about 1,200 words each, with the Markdown
 * the real posts use (`##`/`###` headings in order, lists, a GFM table, a fenced
 * code block with a language, a blockquote, inline code, internal and external
 * links) and about one post in five in Vietnamese with full diacritics.
 *
 * The same seed and N give byte-identical files, so every tool builds the same
 * input and runs on different days compare. Internal links point only at paths
 * that exist: the fixed pages, `/developers/#errors` and other generated posts.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { slugify } from "../src/content/slug.ts";
import { between, pick, rng, sample, type Random } from "./random.ts";
import { CODE, cap, EN, paragraph, sentence, table, VI, wordCount } from "./synthetic-prose.ts";

export interface SyntheticOptions {
  /** Folder to write; it is emptied first. */
  dir: string;
  posts: number;
  seed?: number;
}

export interface SyntheticTree {
  dir: string;
  posts: number;
  seed: number;
  /** Every post slug, in generation order. */
  slugs: string[];
  /** Posts whose `lang` is `vi`. */
  vietnamese: number;
  /** Words in post bodies, all posts together. */
  words: number;
  bytes: number;
}

/** Bump when the output changes, so cached trees are regenerated. */
export const GENERATOR_VERSION = 5;
export const DEFAULT_SEED = 20240611;
/** The marker sits beside the tree, not in it, so no tool mistakes it for content. */
const markerOf = (dir: string): string => `${dir.replace(/\/+$/, "")}.synthetic.json`;

const TAGS = [
  "messaging",
  "kafka",
  "rabbitmq",
  "nats",
  "api-gateway",
  "edi",
  "b2b",
  "idempotency",
  "reliability",
  "sagas",
  "outbox",
  "cdc",
  "observability",
  "esb",
  "migration",
  "schema-evolution",
  "backpressure",
  "security",
  "architecture",
] as const;

export const FIXED_PAGES = ["index", "about", "blog", "brand", "contact", "developers", "privacy"] as const;
const PAGE_PATHS = ["/", "/about/", "/blog/", "/brand/", "/contact/", "/developers/", "/developers/#errors"];
const EXTERNAL = [
  "https://kafka.apache.org/documentation/",
  "https://www.rabbitmq.com/docs/reliability",
  "https://docs.nats.io/nats-concepts/jetstream",
  "https://debezium.io/documentation/",
  "https://datatracker.ietf.org/doc/html/rfc9110",
  "https://opentelemetry.io/docs/concepts/signals/traces/",
];

/** The site's own slug function, so synthetic slugs follow the same rule. */
export const slugOf = slugify;

interface PostPlan {
  slug: string;
  title: string;
  lang: "en" | "vi";
  date: string;
}

function planPosts(count: number, random: Random): PostPlan[] {
  const seen = new Set<string>();
  const plans: PostPlan[] = [];
  const start = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2026, 9, 1) - start;
  for (let i = 0; i < count; i++) {
    const lang = random() < 0.2 ? "vi" : "en";
    const v = lang === "vi" ? VI : EN;
    const where =
      random() < 0.5
        ? pick(random, v.contexts)
        : `${lang === "vi" ? "với" : "with"} ${pick(random, v.systems)}`;
    const title = `${pick(random, v.topics)} ${where}: ${pick(random, v.angles)}`;
    let slug = slugOf(title);
    for (let n = 2; seen.has(slug); n++)
      slug = `${slugOf(title)
        .slice(0, 60 - String(n).length - 1)
        .replace(/-+$/, "")}-${n}`;
    seen.add(slug);
    // Spread dates evenly with a little noise: the order of files is not the order of dates.
    const day = Math.floor(((i + random()) / count) * (span / 86_400_000));
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    plans.push({ slug, title, lang, date });
  }
  return plans;
}

function postText(
  plan: PostPlan,
  index: number,
  plans: PostPlan[],
  random: Random,
): { text: string; words: number } {
  const v = lang(plan) === "vi" ? VI : EN;
  const l = lang(plan);
  const internal = (): string => {
    const other = plans[(index + between(random, 1, plans.length - 1)) % plans.length];
    // A post in the other language is named in the post's own language, as writers do.
    const text =
      other.lang === l
        ? other.title
        : l === "vi"
          ? "bài viết liên quan (tiếng Anh)"
          : "a related post in Vietnamese";
    const target =
      plans.length > 1 && random() < 0.7
        ? { href: `/blog/${other.slug}/`, text }
        : { href: pick(random, PAGE_PATHS), text: l === "vi" ? "trang này" : "this page" };
    return l === "vi"
      ? `Xem thêm [${target.text}](${target.href}).`
      : `See also [${target.text}](${target.href}).`;
  };
  const links = (): string =>
    random() < 0.85
      ? internal()
      : l === "vi"
        ? `Tài liệu chính thức: [tài liệu](${pick(random, EXTERNAL)}).`
        : `The [official documentation](${pick(random, EXTERNAL)}) covers the details.`;

  const blocks: string[] = [paragraph(random, v, l, links), paragraph(random, v, l, links)];
  const headings = sample(random, v.headings, v.headings.length);
  const extras = sample(random, ["list", "ordered", "table", "code", "quote"], 5);
  let words = blocks.reduce((sum, block) => sum + wordCount(block), 0);
  let section = 0;
  // Every post gets all five extras (list, ordered list, table, code, quote), like the real ones.
  while ((words < 980 || section < extras.length) && section < headings.length) {
    const part: string[] = [`## ${headings[section]}`, paragraph(random, v, l, links)];
    const extra = extras[section];
    if (extra === "list")
      part.push(
        sample(random, v.advice, between(random, 3, 6))
          .map((item) => `- ${cap(item)}`)
          .join("\n"),
      );
    if (extra === "ordered")
      part.push(
        sample(random, v.things, between(random, 3, 5))
          .map(
            (item, i) =>
              `${i + 1}. ${l === "vi" ? "Kiểm tra" : "Check the"} ${item} ${pick(random, v.qualifiers)}.`,
          )
          .join("\n"),
      );
    if (extra === "table") part.push(table(random, l, v));
    if (extra === "code") part.push(pick(random, CODE)(random));
    if (extra === "quote") part.push(`> ${sentence(random, v, l)}`);
    if (random() < 0.5) part.push(paragraph(random, v, l, links));
    if (random() < 0.3) part.push(`### ${pick(random, v.subheadings)}`, paragraph(random, v, l, links));
    words += part.reduce((sum, block) => sum + wordCount(block), 0);
    blocks.push(...part);
    section++;
  }
  const closing = l === "vi" ? "## Kết luận" : "## Conclusion";
  const contact =
    l === "vi"
      ? "Cần người đánh giá thiết kế? [Liên hệ với chúng tôi](/contact/)."
      : "Want a second pair of eyes on a design? [Get in touch](/contact/).";
  blocks.push(closing, paragraph(random, v, l, links), contact);
  words += wordCount(blocks.slice(-3).join(" "));

  const tags = sample(random, TAGS, between(random, 2, 4));
  const description =
    l === "vi"
      ? `${plan.title}: ${pick(random, v.failures)} và cách ${pick(random, v.advice)}.`
      : `${plan.title}: how ${pick(random, v.failures)} happens and why you should ${pick(random, v.advice)}.`;
  const updated = random() < 0.2 ? addDays(plan.date, between(random, 1, 400)) : undefined;
  const frontmatter = [
    "---",
    `title: ${JSON.stringify(plan.title)}`,
    `description: ${JSON.stringify(description)}`,
    `date: ${plan.date}`,
    ...(updated ? [`updated: ${updated}`] : []),
    `tags: [${tags.join(", ")}]`,
    `lang: ${l}`,
    "status: published",
    "---",
  ];
  return { text: `${frontmatter.join("\n")}\n\n${blocks.join("\n\n")}\n`, words };
}

const lang = (plan: PostPlan): "en" | "vi" => plan.lang;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const SITE_YAML = `name: Halyard Integration
base_url: https://halyard.example
languages: [en, vi]
summary: "A small middleware and integration consultancy in Ho Chi Minh City: message brokers, API gateways, EDI, CDC and observability."
when_to_use:
  - "You run Kafka, RabbitMQ or NATS and need a design or incident review."
  - "You are migrating off an ESB or onboarding EDI partners."
when_not_to_use:
  - "You need a hosted product or an API key: there is none."
contact:
  email: hello@halyard.example
  address: "Ho Chi Minh City, Vietnam"
navigation:
  - { title: Home, path: / }
  - { title: Blog, path: /blog/ }
  - { title: About, path: /about/ }
  - { title: Developers, path: /developers/ }
  - { title: Contact, path: /contact/ }
footer_navigation:
  - { title: Brand, path: /brand/ }
  - { title: Privacy, path: /privacy/ }
`;

function pageText(name: (typeof FIXED_PAGES)[number], random: Random): string {
  const title = name === "index" ? "Halyard Integration" : cap(name);
  const body = [
    paragraph(random, EN, "en", () => "See [the blog](/blog/)."),
    `## Overview`,
    paragraph(random, EN, "en", () => ""),
  ];
  if (name === "developers")
    body.push(
      "## Errors {#errors}",
      "Errors are RFC 9457 problem details; branch on `code`.",
      paragraph(random, EN, "en", () => ""),
      "### 404 Not Found {#http-404}",
      "### 406 Not Acceptable {#http-406}",
    );
  return `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(`The ${name} page of Halyard Integration.`)}\nupdated: 2026-10-01\n---\n\n${body.join("\n\n")}\n`;
}

/** Writes the tree; reuses an existing one made by the same generator, seed and N. */
export async function generateContent(options: SyntheticOptions): Promise<SyntheticTree> {
  const seed = options.seed ?? DEFAULT_SEED;
  const key = { version: GENERATOR_VERSION, seed, posts: options.posts };
  try {
    const marker = JSON.parse(await readFile(markerOf(options.dir), "utf8")) as SyntheticTree & {
      key: typeof key;
    };
    if (JSON.stringify(marker.key) === JSON.stringify(key)) return { ...marker, dir: options.dir };
  } catch {
    // No tree yet, or an unreadable marker: generate.
  }
  await rm(markerOf(options.dir), { force: true });
  await rm(options.dir, { recursive: true, force: true });
  await mkdir(join(options.dir, "pages"), { recursive: true });
  await mkdir(join(options.dir, "blog"), { recursive: true });

  const random = rng(seed);
  let bytes = 0;
  const write = async (path: string, text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    await writeFile(join(options.dir, path), text);
  };
  await write("site.yaml", SITE_YAML);
  for (const name of FIXED_PAGES) await write(`pages/${name}.md`, pageText(name, random));

  const plans = planPosts(options.posts, random);
  let words = 0;
  const batch: Promise<void>[] = [];
  for (const [index, plan] of plans.entries()) {
    const post = postText(plan, index, plans, random);
    words += post.words;
    batch.push(write(`blog/${plan.slug}.md`, post.text));
    if (batch.length >= 64) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);

  const tree: SyntheticTree = {
    dir: options.dir,
    posts: options.posts,
    seed,
    slugs: plans.map((plan) => plan.slug),
    vietnamese: plans.filter((plan) => plan.lang === "vi").length,
    words,
    bytes,
  };
  await writeFile(markerOf(options.dir), JSON.stringify({ ...tree, key }));
  return tree;
}

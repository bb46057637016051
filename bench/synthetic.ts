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
import { rng, type Random } from "./random.ts";
import { planPosts, postText } from "./synthetic-post.ts";
import { cap, paragraph } from "./synthetic-prose.ts";
import { EN } from "./synthetic-words-en.ts";

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

export const FIXED_PAGES = ["index", "about", "blog", "brand", "contact", "developers", "privacy"] as const;

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

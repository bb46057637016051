/**
 * One synthetic post: the plan of every post (slug, title, language, date) and
 * the Markdown of one, with its frontmatter and links to the others. What a
 * post holds is one job; writing the tree and its marker (synthetic.ts) another.
 */
import { slugify } from "../src/content/slug.ts";
import { between, pick, sample, type Random } from "./random.ts";
import { CODE, cap, paragraph, sentence, table, wordCount } from "./synthetic-prose.ts";
import { EN } from "./synthetic-words-en.ts";
import { VI } from "./synthetic-words-vi.ts";

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

export interface PostPlan {
  slug: string;
  title: string;
  lang: "en" | "vi";
  date: string;
}

export function planPosts(count: number, random: Random): PostPlan[] {
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

export function postText(
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

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
  "messaging", "kafka", "rabbitmq", "nats", "api-gateway", "edi", "b2b", "idempotency", "reliability", "sagas",
  "outbox", "cdc", "observability", "esb", "migration", "schema-evolution", "backpressure", "security", "architecture",
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

/** mulberry32: small, fast and good enough to pick words; not for anything secret. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}

/** The site's own slug function, so synthetic slugs follow the same rule. */
export const slugOf = slugify;

// --- English vocabulary -------------------------------------------------------

const EN = {
  systems: ["Kafka", "RabbitMQ", "NATS JetStream", "the API gateway", "the EDI translator", "Debezium", "the outbox relay", "the saga orchestrator", "the legacy ESB", "the schema registry", "the partner SFTP drop", "the payment adapter"],
  things: ["consumer group", "dead-letter queue", "idempotency key", "retry budget", "partition key", "correlation ID", "circuit breaker", "compensating action", "prefetch count", "replication factor", "trace context", "mTLS certificate", "rate limit", "schema version", "offset commit", "acknowledgement mode"],
  failures: ["a rebalance storm", "duplicate deliveries", "a poison message", "head-of-line blocking", "a silent schema break", "an expired certificate", "a retry storm", "lost acknowledgements", "a stuck partition", "clock skew between hosts", "a half-applied saga", "an unbounded queue"],
  actors: ["the on-call engineer", "the platform team", "a partner's integration team", "the consumer", "the producer", "the reviewer", "the operator", "the client's architect"],
  verbs: ["hides", "amplifies", "turns into", "surfaces as", "is usually caused by", "can be contained by", "shows up long before", "rarely survives"],
  qualifiers: ["under load", "during a deploy", "at month end", "after a network partition", "when a broker restarts", "in the first week of production", "once traffic doubles", "on a Friday evening"],
  advice: ["measure it before tuning it", "write the failure down as a test", "make the retry path idempotent", "keep the timeout shorter than the caller's", "alert on lag, not on throughput", "version the contract explicitly", "bound every queue", "log the correlation ID at every hop"],
  topics: ["Consumer lag", "Retry budgets", "Idempotent consumers", "Poison messages", "Outbox relays", "Saga compensation", "Gateway timeouts", "EDI acknowledgements", "Schema compatibility", "Dead-letter handling", "Trace propagation", "Partner onboarding", "Change data capture", "Backpressure signals", "Token rotation", "ESB decommissioning"],
  angles: ["what to measure first", "a field guide", "failure modes and fixes", "lessons from production", "a checklist for reviews", "when the defaults bite", "trade-offs that matter", "designing for the bad day", "from pilot to production", "numbers worth knowing"],
  contexts: ["in a logistics pipeline", "for retail order flows", "at a regional bank", "in manufacturing telemetry", "across three data centres", "with European partners", "behind a public API", "in a hybrid cloud"],
  headings: ["Why this fails in production", "What the broker does and does not promise", "A concrete design", "Failure modes to test", "Operating it", "Numbers that matter", "Trade-offs", "Migration path", "Observability hooks", "Security considerations", "A worked example", "Common mistakes"],
  subheadings: ["On the producer side", "On the consumer side", "Configuration", "Monitoring", "Rollback", "Testing it"],
};

const VI = {
  systems: ["Kafka", "RabbitMQ", "NATS", "API gateway", "hệ thống EDI", "Debezium", "bộ chuyển tiếp outbox", "bộ điều phối saga", "ESB cũ", "schema registry", "cổng thanh toán", "kho dữ liệu trung tâm"],
  things: ["consumer group", "hàng đợi thư chết", "khóa idempotency", "ngân sách thử lại", "khóa phân vùng", "mã tương quan", "bộ ngắt mạch", "hành động bù trừ", "hệ số nhân bản", "ngữ cảnh truy vết", "chứng chỉ mTLS", "giới hạn tốc độ", "phiên bản schema", "commit offset"],
  failures: ["bão tái cân bằng", "tin nhắn bị gửi trùng", "tin nhắn độc", "nghẽn đầu hàng", "thay đổi schema không tương thích", "chứng chỉ hết hạn", "bão thử lại", "mất xác nhận", "phân vùng bị kẹt", "lệch đồng hồ giữa các máy", "saga chỉ áp dụng một nửa", "hàng đợi không giới hạn"],
  actors: ["kỹ sư trực ca", "đội nền tảng", "đội tích hợp của đối tác", "bên tiêu thụ", "bên phát", "người đánh giá", "đội vận hành", "kiến trúc sư của khách hàng"],
  verbs: ["che giấu", "khuếch đại", "biến thành", "lộ ra dưới dạng", "thường bắt nguồn từ", "có thể được khoanh vùng bởi", "xuất hiện rất lâu trước", "hiếm khi sống sót qua"],
  qualifiers: ["khi tải tăng cao", "trong lúc triển khai", "vào cuối tháng", "sau một sự cố phân mảnh mạng", "khi broker khởi động lại", "trong tuần đầu chạy thật", "khi lưu lượng tăng gấp đôi", "vào tối thứ Sáu"],
  advice: ["đo trước khi tinh chỉnh", "viết lỗi thành một bài kiểm thử", "làm cho đường thử lại có tính idempotent", "giữ timeout ngắn hơn của bên gọi", "cảnh báo theo độ trễ chứ không theo thông lượng", "đánh phiên bản hợp đồng rõ ràng", "giới hạn mọi hàng đợi", "ghi mã tương quan ở mọi bước"],
  topics: ["Độ trễ của consumer", "Ngân sách thử lại", "Consumer có tính idempotent", "Tin nhắn độc", "Bộ chuyển tiếp outbox", "Bù trừ trong saga", "Timeout ở gateway", "Xác nhận EDI", "Tương thích schema", "Xử lý hàng đợi thư chết", "Lan truyền truy vết", "Tiếp nhận đối tác mới", "Thu thập thay đổi dữ liệu", "Tín hiệu áp lực ngược"],
  angles: ["đo gì trước tiên", "hướng dẫn thực địa", "các kiểu lỗi và cách sửa", "bài học từ môi trường thật", "danh sách kiểm tra khi đánh giá", "khi cấu hình mặc định gây hại", "những đánh đổi quan trọng", "thiết kế cho ngày tồi tệ"],
  contexts: ["trong chuỗi logistics", "cho luồng đơn hàng bán lẻ", "tại một ngân hàng khu vực", "trong dữ liệu cảm biến nhà máy", "giữa ba trung tâm dữ liệu", "với đối tác châu Âu", "phía sau một API công khai", "trên hạ tầng lai"],
  headings: ["Vì sao nó hỏng khi chạy thật", "Broker hứa gì và không hứa gì", "Một thiết kế cụ thể", "Các kiểu lỗi cần kiểm thử", "Vận hành", "Những con số đáng nhớ", "Đánh đổi", "Lộ trình di chuyển", "Điểm quan sát", "Vấn đề bảo mật", "Ví dụ minh họa", "Sai lầm thường gặp"],
  subheadings: ["Phía bên phát", "Phía bên tiêu thụ", "Cấu hình", "Giám sát", "Quay lui", "Kiểm thử"],
};

type Vocabulary = typeof EN;

function sentence(random: Random, v: Vocabulary, lang: "en" | "vi"): string {
  const s = pick(random, v.systems);
  const t = pick(random, v.things);
  const f = pick(random, v.failures);
  const a = pick(random, v.actors);
  const q = pick(random, v.qualifiers);
  const verb = pick(random, v.verbs);
  const adv = pick(random, v.advice);
  const n = between(random, 2, 500);
  if (lang === "vi") {
    return pick(random, [
      `Với ${s}, ${t} ${verb} ${f} ${q}.`,
      `${cap(a)} thường phát hiện ${f} qua ${t}, nên hãy ${adv}.`,
      `Nếu ${t} không được cấu hình rõ ràng, ${s} sẽ gặp ${f} ${q}.`,
      `Trong một dự án chúng tôi từng đánh giá, ${n} tin nhắn mỗi giây là đủ để ${f} xuất hiện.`,
      `Quy tắc đơn giản nhất là ${adv}; điều đó rẻ hơn nhiều so với việc xử lý ${f}.`,
      `${cap(a)} cần biết ${t} nằm ở đâu trước khi ${s} được đưa vào vận hành.`,
    ]);
  }
  return pick(random, [
    `With ${s}, the ${t} ${verb} ${f} ${q}.`,
    `${cap(a)} usually notices ${f} through the ${t}, so ${adv}.`,
    `If the ${t} is left implicit, ${s} meets ${f} ${q}.`,
    `In one project we reviewed, ${n} messages per second were enough for ${f} to appear.`,
    `The simplest rule is to ${adv}; it costs far less than handling ${f}.`,
    `${cap(a)} needs to know where the ${t} lives before ${s} goes live.`,
    `Treat the ${t} as part of the contract, not as a tuning knob for ${s}.`,
  ]);
}

const cap = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

function paragraph(random: Random, v: Vocabulary, lang: "en" | "vi", links: () => string): string {
  const parts: string[] = [];
  const count = between(random, 2, 5);
  for (let i = 0; i < count; i++) {
    let text = sentence(random, v, lang);
    const roll = random();
    if (roll < 0.12) text = text.replace(/ the ([a-z]+ [a-z]+)/, " the `$1`");
    else if (roll < 0.22) text = text.replace(/ (\S+ \S+)\./, " **$1**.");
    else if (roll < 0.3) text = text.replace(/ (\S+)\./, " _$1_.");
    parts.push(text);
  }
  if (random() < 0.55) parts.push(links());
  return parts.join(" ");
}

const CODE: ((random: Random) => string)[] = [
  (r) => [
    "```java",
    "// Commit only after the side effect is durable.",
    "for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(" + between(r, 100, 900) + "))) {",
    "    if (processed.contains(record.key())) continue;",
    "    handler.apply(record.value());",
    "    processed.add(record.key());",
    "}",
    "consumer.commitSync();",
    "```",
  ].join("\n"),
  (r) => [
    "```yaml",
    "retry:",
    `  max_attempts: ${between(r, 3, 8)}`,
    `  initial_backoff_ms: ${between(r, 50, 400)}`,
    "  multiplier: 2.0",
    `  max_backoff_ms: ${between(r, 5, 30) * 1000}`,
    "  jitter: full",
    "dead_letter:",
    "  queue: orders.dlq",
    "```",
  ].join("\n"),
  (r) => [
    "```sql",
    "CREATE TABLE outbox (",
    "  id           UUID PRIMARY KEY,",
    "  aggregate_id TEXT NOT NULL,",
    "  event_type   TEXT NOT NULL,",
    "  payload      JSONB NOT NULL,",
    "  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()",
    ");",
    `CREATE INDEX outbox_created ON outbox (created_at) WHERE created_at > now() - interval '${between(r, 1, 14)} days';`,
    "```",
  ].join("\n"),
  (r) => [
    "```json",
    "{",
    `  "type": "https://halyard.example/developers/#errors",`,
    `  "title": "Conflict",`,
    `  "status": 409,`,
    `  "detail": "Idempotency key reused with a different body",`,
    `  "retry_after_seconds": ${between(r, 1, 60)}`,
    "}",
    "```",
  ].join("\n"),
  (r) => [
    "```text",
    `ISA*00*          *00*          *ZZ*SENDER${between(r, 10, 99)}     *ZZ*HALYARD        *250304*1200*U*00401*000000${between(r, 100, 999)}*0*P*>~`,
    "GS*PO*SENDER*HALYARD*20250304*1200*1*X*004010~",
    "ST*850*0001~",
    "BEG*00*SA*4500012345**20250304~",
    "SE*4*0001~",
    "```",
  ].join("\n"),
];

function table(random: Random, lang: "en" | "vi", v: Vocabulary): string {
  const head = lang === "vi" ? ["Kiểu lỗi", "Dấu hiệu", "Cách giảm thiểu", "Chi phí"] : ["Failure mode", "Symptom", "Mitigation", "Cost"];
  const rows = sample(random, v.failures, between(random, 4, 6)).map((failure) => [
    cap(failure),
    cap(pick(random, v.things)),
    cap(pick(random, v.advice)),
    pick(random, lang === "vi" ? ["thấp", "trung bình", "cao"] : ["low", "medium", "high"]),
  ]);
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

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
    const where = random() < 0.5 ? pick(random, v.contexts) : `${lang === "vi" ? "với" : "with"} ${pick(random, v.systems)}`;
    const title = `${pick(random, v.topics)} ${where}: ${pick(random, v.angles)}`;
    let slug = slugOf(title);
    for (let n = 2; seen.has(slug); n++) slug = `${slugOf(title).slice(0, 60 - String(n).length - 1).replace(/-+$/, "")}-${n}`;
    seen.add(slug);
    // Spread dates evenly with a little noise: the order of files is not the order of dates.
    const day = Math.floor(((i + random()) / count) * (span / 86_400_000));
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    plans.push({ slug, title, lang, date });
  }
  return plans;
}

function postText(plan: PostPlan, index: number, plans: PostPlan[], random: Random): { text: string; words: number } {
  const v = lang(plan) === "vi" ? VI : EN;
  const l = lang(plan);
  const internal = (): string => {
    const other = plans[(index + between(random, 1, plans.length - 1)) % plans.length];
    // A post in the other language is named in the post's own language, as writers do.
    const text = other.lang === l ? other.title : l === "vi" ? "bài viết liên quan (tiếng Anh)" : "a related post in Vietnamese";
    const target = plans.length > 1 && random() < 0.7 ? { href: `/blog/${other.slug}/`, text } : { href: pick(random, PAGE_PATHS), text: l === "vi" ? "trang này" : "this page" };
    return l === "vi" ? `Xem thêm [${target.text}](${target.href}).` : `See also [${target.text}](${target.href}).`;
  };
  const links = (): string => (random() < 0.85 ? internal() : l === "vi" ? `Tài liệu chính thức: [tài liệu](${pick(random, EXTERNAL)}).` : `The [official documentation](${pick(random, EXTERNAL)}) covers the details.`);

  const blocks: string[] = [paragraph(random, v, l, links), paragraph(random, v, l, links)];
  const headings = sample(random, v.headings, v.headings.length);
  const extras = sample(random, ["list", "ordered", "table", "code", "quote"], 5);
  let words = blocks.reduce((sum, block) => sum + wordCount(block), 0);
  let section = 0;
  // Every post gets all five extras (list, ordered list, table, code, quote), like the real ones.
  while ((words < 980 || section < extras.length) && section < headings.length) {
    const part: string[] = [`## ${headings[section]}`, paragraph(random, v, l, links)];
    const extra = extras[section];
    if (extra === "list") part.push(sample(random, v.advice, between(random, 3, 6)).map((item) => `- ${cap(item)}`).join("\n"));
    if (extra === "ordered") part.push(sample(random, v.things, between(random, 3, 5)).map((item, i) => `${i + 1}. ${l === "vi" ? "Kiểm tra" : "Check the"} ${item} ${pick(random, v.qualifiers)}.`).join("\n"));
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
  const contact = l === "vi" ? "Cần người đánh giá thiết kế? [Liên hệ với chúng tôi](/contact/)." : "Want a second pair of eyes on a design? [Get in touch](/contact/).";
  blocks.push(closing, paragraph(random, v, l, links), contact);
  words += wordCount(blocks.slice(-3).join(" "));

  const tags = sample(random, TAGS, between(random, 2, 4));
  const description = l === "vi"
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
  const body = [paragraph(random, EN, "en", () => "See [the blog](/blog/)."), `## Overview`, paragraph(random, EN, "en", () => "")];
  if (name === "developers") body.push("## Errors {#errors}", "Errors are RFC 9457 problem details; branch on `code`.", paragraph(random, EN, "en", () => ""), "### 404 Not Found {#http-404}", "### 406 Not Acceptable {#http-406}");
  return `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(`The ${name} page of Halyard Integration.`)}\nupdated: 2026-10-01\n---\n\n${body.join("\n\n")}\n`;
}

/** Writes the tree; reuses an existing one made by the same generator, seed and N. */
export async function generateContent(options: SyntheticOptions): Promise<SyntheticTree> {
  const seed = options.seed ?? DEFAULT_SEED;
  const key = { version: GENERATOR_VERSION, seed, posts: options.posts };
  try {
    const marker = JSON.parse(await readFile(markerOf(options.dir), "utf8")) as SyntheticTree & { key: typeof key };
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

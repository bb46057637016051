/**
 * The sentences, paragraphs, code blocks and tables of the synthetic posts
 * (bench/synthetic.ts), made of the English and Vietnamese vocabularies
 * (synthetic-words-en.ts, synthetic-words-vi.ts), each drawn from the seeded
 * generator.
 */
import { between, pick, sample, type Random } from "./random.ts";
import type { Vocabulary } from "./synthetic-words-en.ts";

export function sentence(random: Random, v: Vocabulary, lang: "en" | "vi"): string {
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

export const cap = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

export function paragraph(random: Random, v: Vocabulary, lang: "en" | "vi", links: () => string): string {
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

export const CODE: ((random: Random) => string)[] = [
  (r) =>
    [
      "```java",
      "// Commit only after the side effect is durable.",
      "for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(" +
        between(r, 100, 900) +
        "))) {",
      "    if (processed.contains(record.key())) continue;",
      "    handler.apply(record.value());",
      "    processed.add(record.key());",
      "}",
      "consumer.commitSync();",
      "```",
    ].join("\n"),
  (r) =>
    [
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
  (r) =>
    [
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
  (r) =>
    [
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
  (r) =>
    [
      "```text",
      `ISA*00*          *00*          *ZZ*SENDER${between(r, 10, 99)}     *ZZ*HALYARD        *250304*1200*U*00401*000000${between(r, 100, 999)}*0*P*>~`,
      "GS*PO*SENDER*HALYARD*20250304*1200*1*X*004010~",
      "ST*850*0001~",
      "BEG*00*SA*4500012345**20250304~",
      "SE*4*0001~",
      "```",
    ].join("\n"),
];

export function table(random: Random, lang: "en" | "vi", v: Vocabulary): string {
  const head =
    lang === "vi"
      ? ["Kiểu lỗi", "Dấu hiệu", "Cách giảm thiểu", "Chi phí"]
      : ["Failure mode", "Symptom", "Mitigation", "Cost"];
  const rows = sample(random, v.failures, between(random, 4, 6)).map((failure) => [
    cap(failure),
    cap(pick(random, v.things)),
    cap(pick(random, v.advice)),
    pick(random, lang === "vi" ? ["thấp", "trung bình", "cao"] : ["low", "medium", "high"]),
  ]);
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

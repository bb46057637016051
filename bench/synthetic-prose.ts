/**
 * The words of the synthetic posts (bench/synthetic.ts): an English and a
 * Vietnamese vocabulary of integration work, and the sentences, paragraphs,
 * code blocks and tables made of them, each drawn from the seeded generator.
 */
import { between, pick, sample, type Random } from "./random.ts";

// --- English vocabulary -------------------------------------------------------

export const EN = {
  systems: [
    "Kafka",
    "RabbitMQ",
    "NATS JetStream",
    "the API gateway",
    "the EDI translator",
    "Debezium",
    "the outbox relay",
    "the saga orchestrator",
    "the legacy ESB",
    "the schema registry",
    "the partner SFTP drop",
    "the payment adapter",
  ],
  things: [
    "consumer group",
    "dead-letter queue",
    "idempotency key",
    "retry budget",
    "partition key",
    "correlation ID",
    "circuit breaker",
    "compensating action",
    "prefetch count",
    "replication factor",
    "trace context",
    "mTLS certificate",
    "rate limit",
    "schema version",
    "offset commit",
    "acknowledgement mode",
  ],
  failures: [
    "a rebalance storm",
    "duplicate deliveries",
    "a poison message",
    "head-of-line blocking",
    "a silent schema break",
    "an expired certificate",
    "a retry storm",
    "lost acknowledgements",
    "a stuck partition",
    "clock skew between hosts",
    "a half-applied saga",
    "an unbounded queue",
  ],
  actors: [
    "the on-call engineer",
    "the platform team",
    "a partner's integration team",
    "the consumer",
    "the producer",
    "the reviewer",
    "the operator",
    "the client's architect",
  ],
  verbs: [
    "hides",
    "amplifies",
    "turns into",
    "surfaces as",
    "is usually caused by",
    "can be contained by",
    "shows up long before",
    "rarely survives",
  ],
  qualifiers: [
    "under load",
    "during a deploy",
    "at month end",
    "after a network partition",
    "when a broker restarts",
    "in the first week of production",
    "once traffic doubles",
    "on a Friday evening",
  ],
  advice: [
    "measure it before tuning it",
    "write the failure down as a test",
    "make the retry path idempotent",
    "keep the timeout shorter than the caller's",
    "alert on lag, not on throughput",
    "version the contract explicitly",
    "bound every queue",
    "log the correlation ID at every hop",
  ],
  topics: [
    "Consumer lag",
    "Retry budgets",
    "Idempotent consumers",
    "Poison messages",
    "Outbox relays",
    "Saga compensation",
    "Gateway timeouts",
    "EDI acknowledgements",
    "Schema compatibility",
    "Dead-letter handling",
    "Trace propagation",
    "Partner onboarding",
    "Change data capture",
    "Backpressure signals",
    "Token rotation",
    "ESB decommissioning",
  ],
  angles: [
    "what to measure first",
    "a field guide",
    "failure modes and fixes",
    "lessons from production",
    "a checklist for reviews",
    "when the defaults bite",
    "trade-offs that matter",
    "designing for the bad day",
    "from pilot to production",
    "numbers worth knowing",
  ],
  contexts: [
    "in a logistics pipeline",
    "for retail order flows",
    "at a regional bank",
    "in manufacturing telemetry",
    "across three data centres",
    "with European partners",
    "behind a public API",
    "in a hybrid cloud",
  ],
  headings: [
    "Why this fails in production",
    "What the broker does and does not promise",
    "A concrete design",
    "Failure modes to test",
    "Operating it",
    "Numbers that matter",
    "Trade-offs",
    "Migration path",
    "Observability hooks",
    "Security considerations",
    "A worked example",
    "Common mistakes",
  ],
  subheadings: [
    "On the producer side",
    "On the consumer side",
    "Configuration",
    "Monitoring",
    "Rollback",
    "Testing it",
  ],
};

export const VI = {
  systems: [
    "Kafka",
    "RabbitMQ",
    "NATS",
    "API gateway",
    "hệ thống EDI",
    "Debezium",
    "bộ chuyển tiếp outbox",
    "bộ điều phối saga",
    "ESB cũ",
    "schema registry",
    "cổng thanh toán",
    "kho dữ liệu trung tâm",
  ],
  things: [
    "consumer group",
    "hàng đợi thư chết",
    "khóa idempotency",
    "ngân sách thử lại",
    "khóa phân vùng",
    "mã tương quan",
    "bộ ngắt mạch",
    "hành động bù trừ",
    "hệ số nhân bản",
    "ngữ cảnh truy vết",
    "chứng chỉ mTLS",
    "giới hạn tốc độ",
    "phiên bản schema",
    "commit offset",
  ],
  failures: [
    "bão tái cân bằng",
    "tin nhắn bị gửi trùng",
    "tin nhắn độc",
    "nghẽn đầu hàng",
    "thay đổi schema không tương thích",
    "chứng chỉ hết hạn",
    "bão thử lại",
    "mất xác nhận",
    "phân vùng bị kẹt",
    "lệch đồng hồ giữa các máy",
    "saga chỉ áp dụng một nửa",
    "hàng đợi không giới hạn",
  ],
  actors: [
    "kỹ sư trực ca",
    "đội nền tảng",
    "đội tích hợp của đối tác",
    "bên tiêu thụ",
    "bên phát",
    "người đánh giá",
    "đội vận hành",
    "kiến trúc sư của khách hàng",
  ],
  verbs: [
    "che giấu",
    "khuếch đại",
    "biến thành",
    "lộ ra dưới dạng",
    "thường bắt nguồn từ",
    "có thể được khoanh vùng bởi",
    "xuất hiện rất lâu trước",
    "hiếm khi sống sót qua",
  ],
  qualifiers: [
    "khi tải tăng cao",
    "trong lúc triển khai",
    "vào cuối tháng",
    "sau một sự cố phân mảnh mạng",
    "khi broker khởi động lại",
    "trong tuần đầu chạy thật",
    "khi lưu lượng tăng gấp đôi",
    "vào tối thứ Sáu",
  ],
  advice: [
    "đo trước khi tinh chỉnh",
    "viết lỗi thành một bài kiểm thử",
    "làm cho đường thử lại có tính idempotent",
    "giữ timeout ngắn hơn của bên gọi",
    "cảnh báo theo độ trễ chứ không theo thông lượng",
    "đánh phiên bản hợp đồng rõ ràng",
    "giới hạn mọi hàng đợi",
    "ghi mã tương quan ở mọi bước",
  ],
  topics: [
    "Độ trễ của consumer",
    "Ngân sách thử lại",
    "Consumer có tính idempotent",
    "Tin nhắn độc",
    "Bộ chuyển tiếp outbox",
    "Bù trừ trong saga",
    "Timeout ở gateway",
    "Xác nhận EDI",
    "Tương thích schema",
    "Xử lý hàng đợi thư chết",
    "Lan truyền truy vết",
    "Tiếp nhận đối tác mới",
    "Thu thập thay đổi dữ liệu",
    "Tín hiệu áp lực ngược",
  ],
  angles: [
    "đo gì trước tiên",
    "hướng dẫn thực địa",
    "các kiểu lỗi và cách sửa",
    "bài học từ môi trường thật",
    "danh sách kiểm tra khi đánh giá",
    "khi cấu hình mặc định gây hại",
    "những đánh đổi quan trọng",
    "thiết kế cho ngày tồi tệ",
  ],
  contexts: [
    "trong chuỗi logistics",
    "cho luồng đơn hàng bán lẻ",
    "tại một ngân hàng khu vực",
    "trong dữ liệu cảm biến nhà máy",
    "giữa ba trung tâm dữ liệu",
    "với đối tác châu Âu",
    "phía sau một API công khai",
    "trên hạ tầng lai",
  ],
  headings: [
    "Vì sao nó hỏng khi chạy thật",
    "Broker hứa gì và không hứa gì",
    "Một thiết kế cụ thể",
    "Các kiểu lỗi cần kiểm thử",
    "Vận hành",
    "Những con số đáng nhớ",
    "Đánh đổi",
    "Lộ trình di chuyển",
    "Điểm quan sát",
    "Vấn đề bảo mật",
    "Ví dụ minh họa",
    "Sai lầm thường gặp",
  ],
  subheadings: ["Phía bên phát", "Phía bên tiêu thụ", "Cấu hình", "Giám sát", "Quay lui", "Kiểm thử"],
};

type Vocabulary = typeof EN;

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

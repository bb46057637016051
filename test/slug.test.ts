/**
 * The one slug function: Vietnamese transliteration, diacritics, punctuation,
 * truncation that may leave a trailing hyphen, and the rule `slugProblem`
 * enforces on file names.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_SLUG_LENGTH, slugify, slugProblem } from "../src/content/slug.ts";

const cases: [title: string, slug: string][] = [
  // English
  [
    "Idempotency keys in practice: APIs that survive retries",
    "idempotency-keys-in-practice-apis-that-survive-retries",
  ],
  [
    "What an API gateway should do, and what it should not",
    "what-an-api-gateway-should-do-and-what-it-should-not",
  ],
  ["Kafka, RabbitMQ or NATS", "kafka-rabbitmq-or-nats"],
  ["AsyncAPI 3.0 & OpenAPI 3.1", "asyncapi-3-0-openapi-3-1"],
  // Vietnamese: tone and vowel marks dropped, đ/Đ mapped by hand (NFD does not split them)
  ["Rời bỏ ESB cũ: di chuyển từng bước không gián đoạn", "roi-bo-esb-cu-di-chuyen-tung-buoc-khong-gian-doan"],
  ["Thử lại và hàng đợi thư chết trong RabbitMQ", "thu-lai-va-hang-doi-thu-chet-trong-rabbitmq"],
  ["Tiến hóa schema sự kiện", "tien-hoa-schema-su-kien"],
  ["Đường đi của một message", "duong-di-cua-mot-message"],
  ["ĐÀ NẴNG và đà lạt", "da-nang-va-da-lat"],
  ["ă â ê ô ơ ư đ", "a-a-e-o-o-u-d"],
  ["Ă Â Ê Ô Ơ Ư Đ", "a-a-e-o-o-u-d"],
  ["à á ả ã ạ ằ ắ ẳ ẵ ặ ầ ấ ẩ ẫ ậ", "a-a-a-a-a-a-a-a-a-a-a-a-a-a-a"],
  ["ờ ớ ở ỡ ợ ừ ứ ử ữ ự ỳ ý ỷ ỹ ỵ", "o-o-o-o-o-u-u-u-u-u-y-y-y-y-y"],
  // Latin diacritics in general
  ["Café naïve résumé", "cafe-naive-resume"],
  // Punctuation, spaces and case
  ["  --Hello,   World!--  ", "hello-world"],
  ["C++ / C# & .NET: (a) [b] {c}", "c-c-net-a-b-c"],
  ["“Quotes” ‘and’ «guillemets» — dashes – too", "quotes-and-guillemets-dashes-too"],
  ["snake_case and camelCase", "snake-case-and-camelcase"],
  ["100% of the 2025 posts", "100-of-the-2025-posts"],
  ["emoji 🚀 rocket", "emoji-rocket"],
  ["", ""],
  ["!!!", ""],
  ["日本語", ""],
];

for (const [title, slug] of cases) {
  test(`slugify(${JSON.stringify(title)}) is ${JSON.stringify(slug)}`, () => {
    assert.equal(slugify(title), slug);
  });
}

test("Vietnamese input gives the same slug whether it is composed (NFC) or decomposed (NFD)", () => {
  const title = "Rời bỏ ESB cũ: di chuyển từng bước không gián đoạn";
  assert.equal(slugify(title.normalize("NFD")), slugify(title.normalize("NFC")));
  assert.equal(slugify("Đ".normalize("NFD")), "d");
});

test(`slugs are cut at ${MAX_SLUG_LENGTH} characters, keeping a trailing hyphen where the cut falls`, () => {
  const title = "Retries, timeouts and backpressure: keeping a slow dependency from taking you down";
  const slug = slugify(title);
  assert.equal(slug, "retries-timeouts-and-backpressure-keeping-a-slow-dependency-");
  assert.equal(slug.length, MAX_SLUG_LENGTH);
  assert.equal(slugProblem(slug), undefined, "a trailing-hyphen slug is valid");
});

test("truncation never leaves a double hyphen and always leaves a valid slug", () => {
  for (let pad = 0; pad < 20; pad++) {
    const title = `${"x".repeat(pad)} ${"word ".repeat(30)}— Đà Nẵng, hết!`;
    const slug = slugify(title);
    assert.ok(slug.length <= MAX_SLUG_LENGTH, slug);
    assert.doesNotMatch(slug, /--/);
    assert.doesNotMatch(slug, /^-/);
    assert.equal(slugProblem(slug), undefined, slug);
  }
});

test("a title that is exactly the limit is kept whole; one character more is cut", () => {
  const exact = "a".repeat(MAX_SLUG_LENGTH);
  assert.equal(slugify(exact), exact);
  assert.equal(slugify(`${exact}b`), exact);
  assert.equal(slugify(`${"a".repeat(MAX_SLUG_LENGTH - 1)} b`), `${"a".repeat(MAX_SLUG_LENGTH - 1)}-`);
});

test("slugify is idempotent on its own output", () => {
  for (const [title] of cases) assert.equal(slugify(slugify(title)), slugify(title));
});

test("slugProblem accepts lowercase ASCII words joined by single hyphens, with an optional trailing hyphen", () => {
  for (const slug of [
    "a",
    "0",
    "kafka",
    "kafka-rabbitmq-or-nats",
    "asyncapi-3-0",
    "a-",
    "retries-timeouts-and-backpressure-keeping-a-slow-dependency-",
    "x".repeat(MAX_SLUG_LENGTH),
  ]) {
    assert.equal(slugProblem(slug), undefined, slug);
  }
});

test("slugProblem rejects what is not a slug, saying why", () => {
  assert.match(slugProblem("")!, /empty/);
  assert.match(
    slugProblem("x".repeat(MAX_SLUG_LENGTH + 1))!,
    new RegExp(`${MAX_SLUG_LENGTH + 1} characters.*maximum is ${MAX_SLUG_LENGTH}`),
  );
  for (const slug of [
    "Uppercase-Slug",
    "double--hyphen",
    "-leading",
    "trailing--",
    "-",
    "under_score",
    "dot.ted",
    "spa ce",
    "đà-nẵng",
    "café",
    "slash/slug",
    "ends-with-two--",
  ]) {
    assert.ok(slugProblem(slug), `${JSON.stringify(slug)} should be rejected`);
  }
});

test("everything slugify makes from a non-empty title is a slug slugProblem accepts", () => {
  for (const [title, slug] of cases)
    if (slug !== "") assert.equal(slugProblem(slugify(title)), undefined, title);
});

test("an apostrophe joins its word instead of splitting it", () => {
  assert.equal(slugify("Kafka's retries, RabbitMQ’s queues"), "kafkas-retries-rabbitmqs-queues");
});

// Other Latin scripts: letters that are letters of their own are spelled out; umlauts depend on the language.
const latinCases: [title: string, lang: string | undefined, slug: string][] = [
  ["Grüße aus Köln: Äpfel, Öl und Übermaß", "de", "gruesse-aus-koeln-aepfel-oel-und-uebermass"],
  ["Straße", "de-AT", "strasse"],
  ["Straße", undefined, "strasse"],
  ["GROSSE ÄNDERUNG", "de", "grosse-aenderung"],
  ["Grüße", "en", "grusse"],
  ["Hyvää päivää", "fi", "hyvaa-paivaa"],
  ["Türkçe öğren", "tr", "turkce-ogren"],
  ["Ça coûte cher à l’hôpital, Noël", "fr", "ca-coute-cher-a-lhopital-noel"],
  ["Œuvre et cœur", "fr", "oeuvre-et-coeur"],
  ["Æblegrød på Ø", "da", "aeblegrod-pa-o"],
  ["Łódź i Gdańsk", "pl", "lodz-i-gdansk"],
  ["Þórður og Ðóra", "is", "thordur-og-dora"],
  ["Señor Peña, año", "es", "senor-pena-ano"],
  ["Čeština a Škoda", "cs", "cestina-a-skoda"],
];

for (const [title, lang, slug] of latinCases) {
  test(`slugify(${JSON.stringify(title)}, ${JSON.stringify(lang)}) is ${JSON.stringify(slug)}`, () => {
    assert.equal(slugify(title, lang), slug);
  });
}

test("German umlauts are the same composed (NFC) or decomposed (NFD)", () => {
  assert.equal(slugify("Grüße".normalize("NFD"), "de"), "gruesse");
  assert.equal(slugify("Grüße".normalize("NFD")), "grusse");
});

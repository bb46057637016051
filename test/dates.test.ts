/**
 * Dates as the generators a blog comes from read them (src/content/dates.ts),
 * as a table: what is written, the day it names, the moment (RFC 3339) and
 * whose reading it follows. An offset or zone written is kept; a time without
 * one is UTC, as Hugo (`timeZone` unset) and Eleventy (Luxon's `zone: "utc"`)
 * read it. sitegen's own forms carry no note; every other form does, for the
 * build's `loose-date` warning.
 *
 * Whose reading a form follows is not taken on trust: real Jekyll (its own
 * YAML loading and Utils.parse_date, run by Ruby) and real Hugo (a build of a
 * post for each form) read every row, in a site whose time zone is UTC, and
 * each tool a row names must read the moment sitegen reads; a tool no row
 * names may read its own forms otherwise (Hugo reads `20230129` as seconds
 * since 1970). Where a tool is missing, those tests are skipped, saying what
 * to install (scripts/tools.mjs).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { looseDate, readDate } from "../src/content/dates.ts";
import { zonedTime } from "../src/import/jekyll-permalinks.ts";
import { tempDir } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";

const YAML = "YAML 1.1 (the YAML of Jekyll, Hugo and PyYAML)";
const YAML_NOT_HUGO = "YAML 1.1 (the YAML of Jekyll and PyYAML)";
const RUBY = "Ruby's Time.parse (Jekyll)";
const RUBY_GO = "Ruby's Time.parse (Jekyll) and Go's layouts (Hugo)";
const GO_RUBY = "Go's layouts (Hugo) and Ruby's Time.parse (Jekyll)";
const LUXON = "ISO 8601 as Luxon reads it (Eleventy)";

const READ: [written: string, day: string, time: string, reader?: string][] = [
  // sitegen's own forms.
  ["2025-03-04", "2025-03-04", "2025-03-04T00:00:00Z"],
  ["2025-03-04T10:00:00Z", "2025-03-04", "2025-03-04T10:00:00Z"],
  ["2025-03-04 10:00", "2025-03-04", "2025-03-04T10:00:00Z"],
  ["2025-03-04 10:00:00 +0100", "2025-03-04", "2025-03-04T10:00:00+01:00"],
  ["2025-07-02T00:30:00+02:00", "2025-07-02", "2025-07-02T00:30:00+02:00"],
  ["2025-03-04T10:00:00.123Z", "2025-03-04", "2025-03-04T10:00:00.123Z"],
  // YAML 1.1's timestamps: Hugo's YAML and layouts read a two-digit month and day, seconds and an offset of minutes.
  ["2013-11-22 5:00:00 +0000", "2013-11-22", "2013-11-22T05:00:00+00:00", YAML],
  ["2025-03-04  10:00:00.5   -05:00", "2025-03-04", "2025-03-04T10:00:00.5-05:00", YAML],
  ["2013-1-5", "2013-01-05", "2013-01-05T00:00:00Z", YAML_NOT_HUGO],
  ["2013-11-22t05:00:00Z", "2013-11-22", "2013-11-22T05:00:00Z", YAML_NOT_HUGO],
  ["2025-03-04 10:00:00 -8", "2025-03-04", "2025-03-04T10:00:00-08:00", YAML_NOT_HUGO],
  // Ruby's Time.parse. After a year written again, Ruby reads no offset: the time is the site's.
  ["2023-01-29 18:30:22 2023 -0800", "2023-01-29", "2023-01-29T18:30:22Z", RUBY],
  ["2013/11/22", "2013-11-22", "2013-11-22T00:00:00Z", RUBY],
  ["2025-03-04 10:00:00 PST", "2025-03-04", "2025-03-04T10:00:00-08:00", RUBY],
  ["2025-03-04 10:00 pm", "2025-03-04", "2025-03-04T22:00:00Z", RUBY],
  ["January 29, 2023", "2023-01-29", "2023-01-29T00:00:00Z", RUBY],
  ["Jan 29 2023 10:00 pm", "2023-01-29", "2023-01-29T22:00:00Z", RUBY],
  ["Sunday, January 29th, 2023 at 9:05 am EST", "2023-01-29", "2023-01-29T09:05:00-05:00", RUBY],
  ["29 January 2023", "2023-01-29", "2023-01-29T00:00:00Z", RUBY],
  // A zone's name Go does not know is UTC to Hugo; Ruby knows the US ones.
  ["Mon Jan  2 15:04:05 MST 2006", "2006-01-02", "2006-01-02T15:04:05-07:00", RUBY],
  // Ruby's and Go's.
  ["02 Jan 2006", "2006-01-02", "2006-01-02T00:00:00Z", RUBY_GO],
  ["Sun, 29 Jan 2023 18:30:22 -0800", "2023-01-29", "2023-01-29T18:30:22-08:00", RUBY_GO],
  ["Mon, 02 Jan 2006 15:04:05 GMT", "2006-01-02", "2006-01-02T15:04:05Z", RUBY_GO],
  ["Mon Jan 02 15:04:05 -0700 2006", "2006-01-02", "2006-01-02T15:04:05-07:00", GO_RUBY],
  ["Mon Jan  2 15:04:05 2006", "2006-01-02", "2006-01-02T15:04:05Z", GO_RUBY],
  // Luxon's ISO 8601.
  ["20230129", "2023-01-29", "2023-01-29T00:00:00Z", LUXON],
  ["20230129T183022Z", "2023-01-29", "2023-01-29T18:30:22Z", LUXON],
  ["20230129T1830+0530", "2023-01-29", "2023-01-29T18:30:00+05:30", LUXON],
  ["2023-W04-7", "2023-01-29", "2023-01-29T00:00:00Z", LUXON],
  ["2020-W53-5", "2021-01-01", "2021-01-01T00:00:00Z", LUXON],
  ["2023-029", "2023-01-29", "2023-01-29T00:00:00Z", LUXON],
  ["2024-366", "2024-12-31", "2024-12-31T00:00:00Z", LUXON],
  ["2023-01", "2023-01-01", "2023-01-01T00:00:00Z", LUXON],
];

const TOOLS = needTools(["jekyll", "hugo"]);
/** The tools run in a site whose time zone is UTC, the zone sitegen reads a time without an offset in. */
const UTC = { ...process.env, TZ: "UTC" };

/**
 * Each text as Jekyll 4.3 reads a post's `date:`: its front matter loaded as
 * Jekyll loads it (Utils.safe_load_yaml: Psych, with Date and Time allowed),
 * the value turned to text and parsed (Utils.parse_date: Time.parse, then
 * localtime), as Document#merge_date! does. Milliseconds since the epoch, or
 * undefined where Jekyll stops with "Invalid date".
 */
function jekyllReads(texts: string[]): Map<string, number | undefined> {
  const script = `
    require "jekyll"
    require "json"
    out = JSON.parse(STDIN.read).map do |written|
      value = Jekyll::Utils.safe_load_yaml("date: #{written}\\n")["date"]
      (Jekyll::Utils.parse_date(value.to_s).to_r * 1000).to_i
    rescue Jekyll::Errors::InvalidDateError
      nil
    end
    puts JSON.generate(out)`;
  const read = JSON.parse(
    execFileSync("ruby", ["-e", script], { input: JSON.stringify(texts), env: UTC, encoding: "utf8" }),
  ) as (number | null)[];
  return new Map(texts.map((text, index) => [text, read[index] ?? undefined]));
}

/** Each text as Hugo reads a post's `date:`: a real build of a post for each, its template printing `.Date`. Undefined where Hugo reads no date. */
function hugoReads(texts: string[]): Map<string, number | undefined> {
  const site = tempDir("sitegen-hugo-dates-");
  mkdirSync(join(site, "content/posts"), { recursive: true });
  mkdirSync(join(site, "layouts/_default"), { recursive: true });
  writeFileSync(
    join(site, "hugo.toml"),
    'baseURL = "https://dates.example/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]\n',
  );
  writeFileSync(
    join(site, "layouts/_default/single.html"),
    "{{ if .Date.IsZero }}none{{ else }}{{ .Date.UnixMilli }}{{ end }}",
  );
  texts.forEach((text, index) =>
    writeFileSync(join(site, `content/posts/p${index}.md`), `---\ndate: ${text}\n---\n`),
  );
  execFileSync(TOOLS.path("hugo"), ["--quiet", "--source", site], {
    env: UTC,
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Map(
    texts.map((text, index) => {
      const shown = readFileSync(join(site, `public/posts/p${index}/index.html`), "utf8").trim();
      return [text, shown === "none" ? undefined : Number(shown)];
    }),
  );
}

/** The second of a moment: Jekyll passes a date through Time#to_s, which drops what is below a second. */
const secondOf = (ms: number) => Math.floor(ms / 1000);

test("every form Jekyll, Hugo and Eleventy read: the day as written, the moment with its offset, and whose reading it is", () => {
  for (const [written, day, time, reader] of READ) {
    const read = readDate(written);
    assert.deepEqual(read, { day, time, ...(reader ? { loose: reader } : {}) }, written);
    assert.equal(Date.parse(time) > 0, true, `${written}: ${time} is a time JavaScript reads`);
  }
});

test("each tool a form names reads the moment sitegen reads, in real Jekyll and real Hugo; one that reads an own form reads it alike", {
  skip: TOOLS.skip,
}, () => {
  const written = READ.map(([text]) => text);
  const tools = { Jekyll: jekyllReads(written), Hugo: hugoReads(written) };
  for (const [text, , time, reader] of READ) {
    for (const [tool, reads] of Object.entries(tools)) {
      const read = reads.get(text);
      const named = reader?.includes(`(${tool})`);
      if (!named && (reader !== undefined || read === undefined)) continue;
      assert.notEqual(
        read,
        undefined,
        `${tool} reads no date in \`${text}\`, which sitegen says it reads (${reader})`,
      );
      assert.equal(
        new Date(secondOf(read!) * 1000).toISOString(),
        new Date(secondOf(Date.parse(time)) * 1000).toISOString(),
        `${tool} reads \`${text}\` as another moment than sitegen's ${time}`,
      );
    }
  }
});

test("sitegen import reads every form the build reads, at the wall time Jekyll reads in the site's zone", {
  skip: TOOLS.skip,
}, () => {
  const jekyll = jekyllReads(READ.map(([text]) => text));
  for (const [text, , time, reader] of READ) {
    // The fields of the old address: a time without an offset as written (the site's local time), one with it in the site's zone.
    const fields = zonedTime(text, "UTC");
    const shown = `${fields.year}-${fields.month}-${fields.day}T${fields.hour}:${fields.minute}:${fields.second}Z`;
    assert.equal(shown, new Date(secondOf(Date.parse(time)) * 1000).toISOString().replace(".000", ""), text);
    if (reader?.includes("(Jekyll)"))
      assert.equal(Date.parse(shown), secondOf(jekyll.get(text)!) * 1000, `${text}: Jekyll's moment`);
  }
});

test("a YAML date that names no day is read as JavaScript's YAML (Eleventy's and Astro's js-yaml) reads it, carried on, with why it is none", () => {
  const cases: [written: string, day: string, time: string, why: RegExp][] = [
    ["2030-31-12", "2032-07-12", "2032-07-12T00:00:00Z", /there is no month 31/],
    ["2025-13-45", "2026-02-14", "2026-02-14T00:00:00Z", /there is no month 13/],
    ["2025-02-29", "2025-03-01", "2025-03-01T00:00:00Z", /February 2025 has days 01 to 28, not 29/],
    ["2013-2-30", "2013-03-02", "2013-03-02T00:00:00Z", /February 2013 has days 01 to 28, not 30/],
    ["2025-03-04T25:00:00Z", "2025-03-05", "2025-03-05T01:00:00Z", /there is no hour 25/],
    ["2025-03-04 10:61 +0100", "2025-03-04", "2025-03-04T11:01:00+01:00", /there is no minute 61/],
  ];
  for (const [written, day, time, why] of cases) {
    const read = readDate(written);
    assert.ok(!("problem" in read), `${written}: ${JSON.stringify(read)}`);
    assert.deepEqual(
      [read.day, read.time, read.loose],
      [day, time, "JavaScript's YAML (Eleventy's and Astro's js-yaml)"],
      written,
    );
    assert.match(read.impossible!, why, written);
  }
});

test("what is no date says why, in every form", () => {
  const cases: [string, RegExp][] = [
    ["30 February 2023", /February 2023 has days 01 to 28, not 30/],
    ["2025-03-04 13:00 pm", /there is no hour 13 pm/],
    ["2025/02/30", /February 2025 has days 01 to 28, not 30/],
    ["2025-03-04 10:00:00 +2500", /\+2500 is not an offset from UTC/],
    ["2023-01-29 18:30:22 2024 -0800", /it names two different years/],
    ["2023-W54-1", /there is no month 00/],
    ["2023-366", /January 2023 has days 01 to 31, not 00/],
    ["0000-01-01", /there is no year 0000/],
    ["March the fourth", /write a day as YYYY-MM-DD/],
    ["yesterday", /write a day as YYYY-MM-DD/],
  ];
  for (const [written, problem] of cases) {
    const read = readDate(written);
    assert.ok("problem" in read, `${written}: ${JSON.stringify(read)}`);
    assert.match(read.problem, problem, written);
  }
});

test("a date in a form only some generators read is reported with the form every one reads alike", () => {
  const one = readDate("2013-11-22 5:00:00 +0000") as Exclude<
    ReturnType<typeof readDate>,
    { problem: string }
  >;
  assert.deepEqual(looseDate("date", "2013-11-22 5:00:00 +0000", one), {
    kind: "loose-date",
    path: ["date"],
    key: false,
    message:
      "`2013-11-22 5:00:00 +0000` is read as 2013-11-22T05:00:00+00:00, as YAML 1.1 (the YAML of Jekyll, Hugo and PyYAML) reads it",
    hint: "write `date: 2013-11-22T05:00:00+00:00`, which every generator reads alike",
  });
  const day = readDate("2013/11/22") as Exclude<ReturnType<typeof readDate>, { problem: string }>;
  assert.equal(
    looseDate("updated", "2013/11/22", day).hint,
    "write `updated: 2013-11-22`, which every generator reads alike",
  );
});

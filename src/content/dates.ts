/**
 * Dates as people write them in frontmatter. sitegen's own forms are a day
 * (`2025-03-04`) and a time in RFC 3339 (`2025-03-04T10:00:00Z`, `…+01:00`,
 * also with a space for the `T` and `+0100` for the offset, as Hugo and
 * Jekyll users write it). The other generators read more, and a blog moved
 * here is read as they read it, with a note (`loose`) of how, so that the
 * build can say how to write it in a form every generator reads alike:
 *
 * - YAML 1.1's timestamps, which Jekyll's YAML (Psych) and PyYAML read: a
 *   one-digit month, day or hour (`2013-11-22 5:00:00 +0000`), spaces before
 *   the offset, an offset of hours alone (`-8`). Hugo reads the ones with a
 *   two-digit month and day, seconds, and an offset of hours and minutes.
 * - Ruby's `Time.parse`, which Jekyll reads every other date with:
 *   `2013/11/22`, month names (`January 29, 2023`, `29 Jan 2023 10:00 pm`,
 *   RFC 2822's `Sun, 29 Jan 2023 18:30:22 -0800`), the year written again
 *   after the time (`2023-01-29 18:30:22 2023 -0800`, whose offset Ruby
 *   does not read after the year: the time is the site's), US zone names (PST).
 * - Go's layouts, which Hugo's `cast.ToTimeInDefaultLocationE` tries
 *   (ANSIC, UnixDate, RubyDate, RFC 1123, `02 Jan 2006`), where a zone's name
 *   is UTC, GMT or none: Go reads any other name it does not know as UTC.
 *
 * test/dates.test.ts holds each form to what real Jekyll and Hugo read.
 * - ISO 8601 as Luxon reads it for Eleventy (`DateTime.fromISO`): the basic
 *   form (`20230129T183022Z`), week dates (`2023-W04-7`), ordinal dates
 *   (`2023-029`), a month (`2023-01`).
 *
 * The time-zone rule is theirs too: an offset or zone written is the one
 * used; a time written without one is UTC, as Hugo (whose `timeZone` is UTC
 * unless set) and Eleventy (Luxon's `zone: "utc"`, and js-yaml's timestamps)
 * read it. Jekyll reads it in the build machine's zone, which a build that
 * must come out the same anywhere cannot follow. The day is the one written,
 * in the writer's own offset: a post written at 00:30 in Berlin is dated
 * that day.
 *
 * Here the text is matched to a form and its note made; the forms other than
 * sitegen's own are src/content/date-forms.ts's table, and whether their parts
 * name a real day is src/content/calendar.ts's.
 */
import { dateOf, offsetOf, partsOf, type Parts, type WrittenDate } from "./calendar.ts";
import { FORMS, num } from "./date-forms.ts";

/** sitegen's own forms: a day, or RFC 3339 with a space or `T`, and `+0100` or `+01:00`. */
const OWN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?: ?(Z|z|[+-]\d{2}:?\d{2}))?)?$/;

/** The date `text` means, or why it means none: `there is no month 13`. */
export function readDate(text: string): WrittenDate | { problem: string } {
  return readDateZoned(text).read;
}

/**
 * `readDate`, and whether the text wrote an offset or a zone: a time written
 * without one is UTC here, and the site's local time to Jekyll, which
 * `sitegen import` keeps in the old addresses it makes (src/import/jekyll-permalinks.ts).
 */
export function readDateZoned(text: string): { read: WrittenDate | { problem: string }; zoned: boolean } {
  const zoned = (parts: Pick<Parts, "zone">) => parts.zone !== undefined;
  // YAML reads `date: 2024`, `20240101`, `1.5` and `true` as a number or a boolean, which the schema reports; never a day.
  if (typeof text !== "string")
    return {
      read: {
        problem: `\`${String(text)}\` is read as ${typeof text === "object" ? "a list or a mapping" : `a ${typeof text}`}, not a day: write it as YYYY-MM-DD, e.g. 2024-01-01`,
      },
      zoned: false,
    };
  const written = text.trim();
  const own = OWN.exec(written);
  if (own) {
    const [, year, month, day, hour, minute, second, fraction, zone] = own;
    const parts = {
      year,
      month: Number(month),
      day: Number(day),
      hour: num(hour),
      minute: num(minute),
      second: num(second ?? (hour === undefined ? undefined : "0")),
      fraction: fraction?.slice(1),
      zone,
    };
    return { read: overflowed(parts), zoned: zoned(parts) };
  }
  for (const form of FORMS) {
    const match = form.pattern.exec(written);
    if (!match) continue;
    const parts = form.parts(match);
    if (parts.year === "mismatch") return { read: { problem: `it names two different years` }, zoned: false };
    const read = form === FORMS[0] && match[2] === "-" ? overflowed(parts) : dateOf(parts);
    return {
      read:
        "problem" in read || read.impossible
          ? read
          : { ...read, loose: typeof form.reader === "string" ? form.reader : form.reader(match) },
      zoned: zoned(parts),
    };
  }
  return {
    read: {
      problem:
        "write a day as YYYY-MM-DD, or a time as YYYY-MM-DDTHH:MM:SSZ (or with an offset such as +01:00)",
    },
    zoned: false,
  };
}

/**
 * A YAML timestamp that names no day (`2030-31-12`, `2025-02-30 25:00`) as
 * JavaScript's YAML reads it for Eleventy and Astro: js-yaml builds it with
 * `Date.UTC`, which carries what is past a month, day or hour into the next
 * (`2030-31-12` is 2032-07-12). Jekyll's and Hugo's YAML refuse it; the
 * build reports it (`impossible-date`). An offset that is none, and the
 * year 0000, are refused still.
 */
function overflowed(parts: Parts): WrittenDate | { problem: string } {
  const read = dateOf(parts);
  if (
    !("problem" in read) ||
    parts.year === "0000" ||
    /offset/.test(read.problem) ||
    parts.meridiem !== undefined
  )
    return read;
  if (offsetOf(parts.zone) === undefined) return { problem: `${parts.zone} is not an offset from UTC` };
  const carried = new Date(0);
  carried.setUTCFullYear(Number(parts.year), parts.month - 1, parts.day);
  carried.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  if (carried.getUTCFullYear() < 1 || carried.getUTCFullYear() > 9999) return read;
  const date = dateOf({
    ...partsOf(carried),
    ...(parts.hour === undefined
      ? {}
      : {
          hour: carried.getUTCHours(),
          minute: carried.getUTCMinutes(),
          second: carried.getUTCSeconds(),
          fraction: parts.fraction,
          zone: parts.zone,
        }),
  });
  return "problem" in date
    ? read
    : { ...date, loose: "JavaScript's YAML (Eleventy's and Astro's js-yaml)", impossible: read.problem };
}

/**
 * What the build says of a date read in a form outside sitegen's own
 * (`loose-date`): how it was read, and the form every generator reads alike.
 */
export function looseDate(
  field: string,
  written: string,
  read: WrittenDate,
): { kind: "loose-date" | "impossible-date"; path: string[]; key: false; message: string; hint: string } {
  const standard = read.time.endsWith("T00:00:00Z") && !/\d:\d/.test(written) ? read.day : read.time;
  if (read.impossible) {
    return {
      kind: "impossible-date",
      path: [field],
      key: false,
      message: `\`${written}\` names no day (${read.impossible.replace(/ \(.*\)$/, "")}): read as ${standard}, as ${read.loose} reads it; Jekyll's and Hugo's YAML refuse it`,
      hint: `write the day meant as YYYY-MM-DD, e.g. \`${field}: ${standard}\` if that is it`,
    };
  }
  return {
    kind: "loose-date",
    path: [field],
    key: false,
    message: `\`${written}\` is read as ${standard}, as ${read.loose} read${/ and /.test((read.loose ?? "").replace(/\(.*?\)/g, "")) ? "" : "s"} it`,
    hint: `write \`${field}: ${standard}\`, which every generator reads alike`,
  };
}

/** Milliseconds since the epoch of an RFC 3339 time as `readDate` writes it. */
export function instantOf(time: string): number {
  return Date.parse(time);
}

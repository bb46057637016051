/**
 * The forms of a date other generators read and sitegen's own does not, each
 * with whose reading it is: YAML 1.1's timestamps, Ruby's `Time.parse`
 * (Jekyll), Go's layouts (Hugo) and ISO 8601 as Luxon reads it (Eleventy);
 * src/content/dates.ts says what each reads. Its own module because it is a
 * table that grows with each generator a blog is moved from, and says only
 * where a form's parts are: what they name is src/content/calendar.ts's.
 */
import { fromOrdinal, fromWeekDate, MONTHS, type Parts } from "./calendar.ts";

const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const WEEKDAY = "(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?";
/** A time of day: `5:00`, `18:30:22.5`, `10:00 pm`. */
const TIME = "(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d+))?)?(?:\\s*([ap])\\.?m\\.?)?";
/** An offset or zone: `Z`, `UTC`, `+0100`, `-08:00`, `-8`, `PST`. */
const ZONE = "(z|utc|gmt|ut|[ecmp][sd]t|[+-]\\d{1,2}(?::?\\d{2})?)";

interface Form {
  pattern: RegExp;
  /** Whose reading it is, for the note. */
  reader: string | ((match: RegExpExecArray) => string);
  parts(match: RegExpExecArray): Parts;
}

/** A zone Go's layouts read as Ruby does: an offset of hours and minutes, or UTC's names; Go reads a name it does not know (PST) as UTC. */
const goZone = (zone: string | undefined) => zone !== undefined && /^(utc|gmt|z|[+-]\d{4})$/i.test(zone);
const monthOf = (name: string) =>
  MONTHS.findIndex((month) => month.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase()) + 1;
const time = (m: RegExpExecArray, at: number) => ({
  hour: num(m[at]),
  minute: num(m[at + 1]),
  second: num(m[at + 2]),
  fraction: m[at + 3],
  meridiem: m[at + 4],
});
export const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** The forms outside sitegen's own, tried in order; the first that matches reads the text. */
export const FORMS: Form[] = [
  {
    // YAML 1.1's timestamp, Ruby's and Go's `2006-01-02 15:04:05 -0700`, with `/` as Ruby reads it, and a year written again after the time.
    pattern: new RegExp(
      `^(\\d{4})([-/])(\\d{1,2})\\2(\\d{1,2})(?:(?:t|\\s+)${TIME}(?:\\s+(\\d{4}))?(?:\\s*${ZONE})?)?$`,
      "i",
    ),
    // YAML 1.1 has neither `/`, a second year nor a zone's name: those are Ruby's alone. Hugo's YAML and layouts read a two-digit month and day, a space, seconds and an offset of minutes too.
    reader: (m) => {
      if (m[2] === "/" || m[10] !== undefined || /^(?!z$)[a-z]/i.test(m[11] ?? "") || m[9] !== undefined)
        return "Ruby's Time.parse (Jekyll)";
      const hugo =
        m[3].length === 2 &&
        m[4].length === 2 &&
        m[5] !== undefined &&
        !/t/i.test(m[0]) &&
        m[7] !== undefined &&
        (m[11] === undefined || /^(z|[+-]\d{2}:?\d{2})$/i.test(m[11]));
      return hugo
        ? "YAML 1.1 (the YAML of Jekyll, Hugo and PyYAML)"
        : "YAML 1.1 (the YAML of Jekyll and PyYAML)";
    },
    // After a second year Ruby reads no offset or zone: the time is the site's (UTC here).
    parts: (m) => ({
      year: m[1],
      month: Number(m[3]),
      day: Number(m[4]),
      ...time(m, 5),
      ...(m[10] !== undefined && m[10] !== m[1] ? { year: "mismatch" } : {}),
      zone: m[10] === undefined ? m[11] : undefined,
    }),
  },
  {
    // `29 January 2023`, RFC 2822's `Sun, 29 Jan 2023 18:30:22 -0800`, Go's `02 Jan 2006` and RFC 822's `02 Jan 06 15:04 MST` with a four-digit year.
    pattern: new RegExp(
      `^${WEEKDAY}(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH}[\\s,-]+(\\d{4})(?:,?\\s+(?:at\\s+)?${TIME})?(?:\\s*${ZONE})?$`,
      "i",
    ),
    // Go's are `02 Jan 2006` alone, and RFC 1123's with a weekday, seconds and an offset or UTC: a month's full name, one digit of a day or a time without seconds is Ruby's alone.
    reader: (m) =>
      /^\d{2}\s+[a-z]{3}\s+\d{4}$/i.test(m[0]) ||
      (/^[a-z]{3},\s+\d{2}\s+[a-z]{3}\s+\d{4}\s/i.test(m[0]) &&
        m[6] !== undefined &&
        m[8] === undefined &&
        goZone(m[9]))
        ? "Ruby's Time.parse (Jekyll) and Go's layouts (Hugo)"
        : "Ruby's Time.parse (Jekyll)",
    parts: (m) => ({ year: m[3], month: monthOf(m[2]), day: Number(m[1]), ...time(m, 4), zone: m[9] }),
  },
  {
    // `January 29, 2023`, `Jan 29 2023 10:00 pm`.
    pattern: new RegExp(
      `^${WEEKDAY}${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?:,?\\s+(?:at\\s+)?${TIME})?(?:\\s*${ZONE})?$`,
      "i",
    ),
    reader: "Ruby's Time.parse (Jekyll)",
    parts: (m) => ({ year: m[3], month: monthOf(m[1]), day: Number(m[2]), ...time(m, 4), zone: m[9] }),
  },
  {
    // Go's ANSIC, UnixDate and RubyDate, and the output of `date`: `Mon Jan _2 15:04:05 MST 2006`.
    pattern: new RegExp(`^${WEEKDAY}${MONTH}\\s+(\\d{1,2})\\s+${TIME}(?:\\s+${ZONE})?\\s+(\\d{4})$`, "i"),
    reader: (m) =>
      /^[a-z]{3}\s+[a-z]{3}\s/i.test(m[0]) &&
      m[5] !== undefined &&
      m[7] === undefined &&
      (m[8] === undefined || goZone(m[8]))
        ? "Go's layouts (Hugo) and Ruby's Time.parse (Jekyll)"
        : "Ruby's Time.parse (Jekyll)",
    parts: (m) => ({ year: m[9], month: monthOf(m[1]), day: Number(m[2]), ...time(m, 3), zone: m[8] }),
  },
  {
    // ISO 8601's basic form, as Luxon reads it: `20230129`, `20230129T183022Z`.
    pattern:
      /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(?:(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i,
    reader: "ISO 8601 as Luxon reads it (Eleventy)",
    parts: (m) => ({
      year: m[1],
      month: Number(m[2]),
      day: Number(m[3]),
      hour: num(m[4]),
      minute: num(m[5]),
      second: num(m[6]),
      fraction: m[7],
      zone: m[8],
    }),
  },
  {
    // ISO 8601's week date, as Luxon reads it: `2023-W04-7` is the Sunday of the fourth week of 2023.
    pattern: /^(\d{4})-?W(\d{2})-?([1-7])$/i,
    reader: "ISO 8601 as Luxon reads it (Eleventy)",
    parts: (m) => fromWeekDate(m[1], Number(m[2]), Number(m[3])),
  },
  {
    // ISO 8601's ordinal date, as Luxon reads it: `2023-029` is the 29th day of 2023.
    pattern: /^(\d{4})-(\d{3})$/,
    reader: "ISO 8601 as Luxon reads it (Eleventy)",
    parts: (m) => fromOrdinal(m[1], Number(m[2])),
  },
  {
    // A month alone, as Luxon reads it: its first day.
    pattern: /^(\d{4})-(\d{2})$/,
    reader: "ISO 8601 as Luxon reads it (Eleventy)",
    parts: (m) => ({ year: m[1], month: Number(m[2]), day: 1 }),
  },
];

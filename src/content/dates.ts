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
 */

export interface WrittenDate {
  /** The calendar day as written: `2025-03-04`. */
  day: string;
  /** The moment as RFC 3339 (the blog index's `date-time`): `2025-03-04T00:00:00Z` for a day alone. */
  time: string;
  /** For a form outside sitegen's own: whose reading it follows (`Ruby's Time.parse (Jekyll)`). */
  loose?: string;
  /** For a date that names no day (`2030-31-12`), read as JavaScript's YAML reads it: why it is none. */
  impossible?: string;
}

/** sitegen's own forms: a day, or RFC 3339 with a space or `T`, and `+0100` or `+01:00`. */
const OWN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?: ?(Z|z|[+-]\d{2}:?\d{2}))?)?$/;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const WEEKDAY = "(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?";
/** A time of day: `5:00`, `18:30:22.5`, `10:00 pm`. */
const TIME = "(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d+))?)?(?:\\s*([ap])\\.?m\\.?)?";
/** An offset or zone: `Z`, `UTC`, `+0100`, `-08:00`, `-8`, `PST`. */
const ZONE = "(z|utc|gmt|ut|[ecmp][sd]t|[+-]\\d{1,2}(?::?\\d{2})?)";

/** The US zones Ruby's `Date._parse` knows by name, with their offsets in hours. */
const ZONE_NAMES: Record<string, number> = {
  z: 0,
  utc: 0,
  gmt: 0,
  ut: 0,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
};

interface Parts {
  year: string;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  fraction?: string;
  meridiem?: string;
  zone?: string;
}

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
const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** The forms outside sitegen's own, tried in order; the first that matches reads the text. */
const FORMS: Form[] = [
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

/** The date the parts name, checked: `there is no hour 25`. */
function dateOf(parts: Parts): WrittenDate | { problem: string } {
  const { year, month, day } = parts;
  // XML Schema 1.0's dates, which the sitemap's lastmod is held to, have no year 0000 (the year before 0001 is -0001).
  if (year === "0000") return { problem: "there is no year 0000 (years are 0001 to 9999)" };
  if (month < 1 || month > 12) return { problem: `there is no month ${pad(month)} (months are 01 to 12)` };
  const days = daysIn(Number(year), month - 1);
  if (day < 1 || day > days)
    return { problem: `${MONTHS[month - 1]} ${year} has days 01 to ${days}, not ${pad(day)}` };
  const calendarDay = `${year}-${pad(month)}-${pad(day)}`;
  if (parts.hour === undefined || parts.minute === undefined)
    return { day: calendarDay, time: `${calendarDay}T00:00:00Z` };
  const hour = parts.meridiem === undefined ? parts.hour : twentyFourHour(parts.hour, parts.meridiem);
  if (hour === undefined || hour > 23)
    return {
      problem: `there is no hour ${pad(parts.hour)}${parts.meridiem ? ` ${parts.meridiem}m` : ""} (hours are 00 to 23)`,
    };
  if (parts.minute > 59) return { problem: `there is no minute ${pad(parts.minute)} (minutes are 00 to 59)` };
  const second = parts.second ?? 0;
  if (second > 59) return { problem: `there is no second ${pad(second)} (seconds are 00 to 59)` };
  const zone = offsetOf(parts.zone);
  if (zone === undefined) return { problem: `${parts.zone} is not an offset from UTC` };
  return {
    day: calendarDay,
    time: `${calendarDay}T${pad(hour)}:${pad(parts.minute)}:${pad(second)}${parts.fraction ? `.${parts.fraction}` : ""}${zone}`,
  };
}

/** `Z` or `±HH:MM` for what was written; UTC when nothing was; undefined for what is no offset. */
function offsetOf(written: string | undefined): string | undefined {
  if (written === undefined) return "Z";
  const named = Object.hasOwn(ZONE_NAMES, written.toLowerCase())
    ? ZONE_NAMES[written.toLowerCase()]
    : undefined;
  if (named !== undefined) return named === 0 ? "Z" : `${named < 0 ? "-" : "+"}${pad(Math.abs(named))}:00`;
  const match = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(written);
  if (!match || Number(match[2]) > 23 || Number(match[3] ?? 0) > 59) return undefined;
  return `${match[1]}${pad(Number(match[2]))}:${match[3] ?? "00"}`;
}

function twentyFourHour(hour: number, meridiem: string): number | undefined {
  if (hour < 1 || hour > 12) return undefined;
  return (hour % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
}

/** The calendar day of ISO 8601's week `week`, day `weekday` (1 Monday … 7 Sunday): week 1 holds the year's first Thursday. */
function fromWeekDate(year: string, week: number, weekday: number): Parts {
  const fourth = utcDay(Number(year), 0, 4);
  const monday = new Date(fourth.getTime() - ((fourth.getUTCDay() + 6) % 7) * DAY + (week - 1) * 7 * DAY);
  const date = new Date(monday.getTime() + (weekday - 1) * DAY);
  // A week past the year's last names no day of it.
  return week < 1 || week > 53 || date.getUTCFullYear() > Number(year) + 1
    ? { year, month: 0, day: 0 }
    : partsOf(date);
}

/** The calendar day of the `ordinal`th day of `year`. */
function fromOrdinal(year: string, ordinal: number): Parts {
  const days = daysIn(Number(year), 1) === 29 ? 366 : 365;
  if (ordinal < 1 || ordinal > days) return { year, month: 1, day: 0 };
  return partsOf(new Date(utcDay(Number(year), 0, 1).getTime() + (ordinal - 1) * DAY));
}

const DAY = 86_400_000;

function utcDay(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function partsOf(date: Date): Parts {
  return {
    year: String(date.getUTCFullYear()).padStart(4, "0"),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  };
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The days of a month; `Date.UTC` alone would read the years 0000 to 0099 as 1900 to 1999 (0100 was no leap year, 2000 was). */
function daysIn(year: number, monthIndex: number): number {
  return utcDay(year, monthIndex + 1, 0).getUTCDate();
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

/**
 * The calendar under every reading of a date (src/content/dates.ts): whether
 * the year, month, day and time read from the text name a real moment, that
 * moment as RFC 3339, and the arithmetic of ISO 8601's week and ordinal
 * dates. Its own module because it is the same for every form a date is
 * written in, sitegen's and the other generators' (src/content/date-forms.ts)
 * alike: the forms say where the parts are, this says what they name.
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

/** A date's parts as a form reads them from the text, before they are checked. */
export interface Parts {
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

/** The months' names in English: how Ruby's and Go's dates spell them, and the import's addresses and the English pages' dates too. */
export const MONTHS = [
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

/** The date the parts name, checked: `there is no hour 25`. */
export function dateOf(parts: Parts): WrittenDate | { problem: string } {
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
export function offsetOf(written: string | undefined): string | undefined {
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
export function fromWeekDate(year: string, week: number, weekday: number): Parts {
  const fourth = utcDay(Number(year), 0, 4);
  const monday = new Date(fourth.getTime() - ((fourth.getUTCDay() + 6) % 7) * DAY + (week - 1) * 7 * DAY);
  const date = new Date(monday.getTime() + (weekday - 1) * DAY);
  // A week past the year's last names no day of it.
  return week < 1 || week > 53 || date.getUTCFullYear() > Number(year) + 1
    ? { year, month: 0, day: 0 }
    : partsOf(date);
}

/** The calendar day of the `ordinal`th day of `year`. */
export function fromOrdinal(year: string, ordinal: number): Parts {
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

export function partsOf(date: Date): Parts {
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

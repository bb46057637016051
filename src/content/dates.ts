/**
 * Dates as people write them in frontmatter: a day (`2025-03-04`), a time
 * in RFC 3339 (`2025-03-04T10:00:00Z`, `…+01:00`), or the way Hugo, Jekyll
 * and Eleventy users write one (`2025-03-04 10:00`, `2025-03-04 10:00:00
 * +0100`). A time without an offset is UTC, as Hugo reads it by default. The
 * day is the one written, in the writer's own offset: a post written at
 * 00:30 in Berlin is dated that day.
 */

export interface WrittenDate {
  /** The calendar day as written: `2025-03-04`. */
  day: string;
  /** The moment as RFC 3339 (the blog index's `date-time`): `2025-03-04T00:00:00Z` for a day alone. */
  time: string;
}

const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(?: ?(Z|z|[+-]\d{2}:?\d{2}))?)?$/;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The date `text` means, or why it means none: `there is no month 13`. */
export function readDate(text: string): WrittenDate | { problem: string } {
  const match = WRITTEN.exec(text.trim());
  if (!match) return { problem: "write a day as YYYY-MM-DD, or a time as YYYY-MM-DDTHH:MM:SSZ (or with an offset such as +01:00)" };
  const [, year, month, day, hour, minute, second = "00", fraction = "", offset] = match;
  // XML Schema 1.0's dates, which the sitemap's lastmod is held to, have no year 0000 (the year before 0001 is -0001).
  if (year === "0000") return { problem: "there is no year 0000 (years are 0001 to 9999)" };
  const monthIndex = Number(month) - 1;
  if (monthIndex < 0 || monthIndex > 11) return { problem: `there is no month ${month} (months are 01 to 12)` };
  const days = daysIn(Number(year), monthIndex);
  if (Number(day) < 1 || Number(day) > days) return { problem: `${MONTHS[monthIndex]} ${year} has days 01 to ${days}, not ${day}` };
  const written = `${year}-${month}-${day}`;
  if (hour === undefined) return { day: written, time: `${written}T00:00:00Z` };
  if (Number(hour) > 23) return { problem: `there is no hour ${hour} (hours are 00 to 23)` };
  if (Number(minute) > 59) return { problem: `there is no minute ${minute} (minutes are 00 to 59)` };
  if (Number(second) > 59) return { problem: `there is no second ${second} (seconds are 00 to 59)` };
  const zone = offset === undefined || offset.toUpperCase() === "Z" ? "Z" : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  if (zone !== "Z" && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4)) > 59)) return { problem: `${offset} is not an offset from UTC` };
  return { day: written, time: `${written}T${hour}:${minute}:${second}${fraction}${zone}` };
}

/** The days of a month; `Date.UTC` alone would read the years 0000 to 0099 as 1900 to 1999 (0100 was no leap year, 2000 was). */
function daysIn(year: number, monthIndex: number): number {
  const last = new Date(0);
  last.setUTCFullYear(year, monthIndex + 1, 0);
  return last.getUTCDate();
}

/** Milliseconds since the epoch of an RFC 3339 time as `readDate` writes it. */
export function instantOf(time: string): number {
  return Date.parse(time);
}

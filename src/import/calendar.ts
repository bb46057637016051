/**
 * The calendar the generators' date tokens are spelled from: day and month
 * names in English, as Jekyll's strftime and Hugo's permalinks write them,
 * and a day's number in its year. The months' names are the content's
 * calendar's (src/content/calendar.ts), which reads dates written with them.
 */

export const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export const LONG_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The day's number in its year, from 001 (strftime's `%j`). */
export function dayOfYear(date: { year: string; month: string; day: string }): string {
  const start = Date.UTC(Number(date.year), 0, 1);
  const day =
    Math.floor((Date.UTC(Number(date.year), Number(date.month) - 1, Number(date.day)) - start) / 86_400_000) +
    1;
  return String(day).padStart(3, "0");
}

/**
 * The names of months and days as themes print them, in the languages the
 * moved sites are written in, from the runtime's own locale data: a French
 * theme's date says `12 janv. 2021` where the new page says `12 janvier 2021`,
 * and a byline "Publié le jeudi 3 mars" is the same text on every page
 * whatever day the post is of. Read by the page-by-page proof (parity.ts).
 */

/** The languages whose calendar words are known: those of Latin, Greek and Cyrillic script, where a date is words. */
const LOCALES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "nl",
  "sv",
  "da",
  "nb",
  "pl",
  "cs",
  "ru",
  "uk",
  "tr",
  "id",
];

/** Each month's names, long and short, lower-cased and without a closing dot, to the English short name. */
const MONTH = new Map<string, string>();
const CALENDAR_WORDS = new Set<string>();
for (const locale of LOCALES)
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2021, month, 15));
    const english = new Intl.DateTimeFormat("en", { month: "short", timeZone: "UTC" })
      .format(day)
      .toLowerCase();
    for (const form of ["long", "short"] as const) {
      const name = nameOf(new Intl.DateTimeFormat(locale, { month: form, timeZone: "UTC" }).format(day));
      MONTH.set(name, english);
      CALENDAR_WORDS.add(name);
    }
    // English's `sept` as themes write it, beside Intl's `sep`.
    if (locale === "en" && month === 8) MONTH.set("sept", english);
  }
for (const locale of LOCALES)
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = new Date(Date.UTC(2021, 1, 1 + weekday));
    for (const form of ["long", "short"] as const)
      CALENDAR_WORDS.add(
        nameOf(new Intl.DateTimeFormat(locale, { weekday: form, timeZone: "UTC" }).format(day)),
      );
  }

function nameOf(formatted: string): string {
  return formatted.toLowerCase().replace(/\.$/, "");
}

/** A month's name as one word, long or short, in any of the languages: the English short name; any other word as it is. */
export function sameMonth(word: string): string {
  return MONTH.get(word) ?? word;
}

// Names of one or two letters (German's `Mo`, `Do`, `So`) are left out: as signs they would make "So it is" and "Do it" one text.
const CALENDAR_WORD = new RegExp(
  `(?<![\\p{L}\\p{M}])(?:${[...CALENDAR_WORDS, "tues", "thur", "thurs", "sept"]
    .filter((word) => [...word].length >= 3)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})(?![\\p{L}\\p{M}])\\.?`,
  "giu",
);

/** A text with each name of a day or month as one sign, with its abbreviation's dot if it has one (`janv.` as `mars`). */
export function withoutCalendarWords(text: string): string {
  return text.replace(CALENDAR_WORD, "@");
}

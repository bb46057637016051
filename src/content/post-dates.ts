/**
 * A post's dates: `date` and `updated` read in any form a generator writes
 * (src/content/dates.ts), and a post that names no date dated as its
 * generator dates it: by its file's name (Jekyll's `2025-01-29-title.md`),
 * by the day its own address names, by Eleventy's words for the file's own
 * times (`date: git Created`), or by the file. Its own module because where
 * a post's date comes from is a list that grows with each generator a blog
 * is moved from, apart from reading the post's other fields (src/content/post.ts).
 */
import type { WrittenDate } from "./calendar.ts";
import { looseDate, readDate } from "./dates.ts";
import type { FileDate, FileTime } from "./file-dates.ts";
import type { FileName } from "./file-name.ts";
import type { FieldProblem, MappedFields } from "./foreign-fields.ts";
import { missingField } from "./misspelt-fields.ts";
import { datedAddress, datedByFile, ELEVENTY_DATES } from "./post-habits.ts";

/** The date of a post whose frontmatter gives none, from its file's name or else its address; each reported as what it was read from. */
export function dateFromNameOrAddress(
  mapped: MappedFields,
  written: Record<string, unknown>,
  named: FileName,
  name: string,
): void {
  // The date of a Jekyll-style name, `2025-01-29-title.md`, when the frontmatter gives none.
  if (mapped.data.date === undefined && named.date !== undefined) {
    mapped.data.date = named.date;
    if (named.looseDate)
      mapped.readPast.push({
        kind: "loose-date",
        path: [],
        key: false,
        at: { line: 1 },
        message: `the file's name is dated \`${named.looseDate}\`: read as ${named.date}, as Jekyll reads a one-digit month or day`,
        hint: `name the file \`${named.date}-${name.slice(named.looseDate.length + 1)}\``,
      });
  }
  // Else the day the post's own address names, as a site whose templates date a post by its `path` has it.
  const addressed = mapped.data.date === undefined ? datedAddress(written) : undefined;
  if (addressed) {
    mapped.data.date = addressed.date;
    mapped.readPast.push({
      kind: "date-from-address",
      path: addressed.at,
      key: false,
      message: `no \`date\`: dated ${addressed.date}, the day its address \`${addressed.address}\` names`,
      hint: `add \`date: ${addressed.date}\` to the frontmatter`,
    });
  }
}

/**
 * `date` and `updated` read, a post without `date` dated by its file when the
 * caller can read the file's dates (else an error), and an `updated` before
 * `date` reported. `data.date` is set to the time a file gives it.
 */
export function readPostDates(
  data: { date?: string; updated?: string },
  from: {
    path: string;
    fileDate?: (path: string, which?: FileTime) => FileDate | undefined;
    misspelt: (field: string) => string | undefined;
  },
  report: { readPast: (at: FieldProblem) => void; fatal: (at: FieldProblem) => void },
): { date?: WrittenDate; updated?: WrittenDate } {
  const { readPast, fatal } = report;
  const dateOf = (field: "date" | "updated"): WrittenDate | undefined => {
    const value = data[field];
    // A value that is not text (`date: 2024`, `true`) is the schema's error already.
    if (typeof value !== "string") return undefined;
    const read = readDate(value);
    if ("problem" in read) {
      fatal({
        kind: "bad-date",
        path: [field],
        key: false,
        message: `\`${field}\` is not a date: ${read.problem}`,
        hint: "write dates as YYYY-MM-DD, e.g. 2025-03-04, or a time as 2025-03-04T10:00:00Z",
      });
      return undefined;
    }
    if (read.loose) readPast(looseDate(field, value, read));
    return read;
  };
  // Eleventy's words for the file's own times (`date: git Created`), which it reads as such.
  const fileTime = typeof data.date === "string" ? ELEVENTY_DATES[data.date.trim().toLowerCase()] : undefined;
  const fileDated = fileTime && from.fileDate?.(from.path, fileTime);
  if (fileDated) {
    readPast(datedByFile(fileDated, data.date));
    data.date = fileDated.time;
  }
  if (data.date === undefined) {
    const typo = from.misspelt("date");
    const written = typo === undefined ? from.fileDate?.(from.path) : undefined;
    if (typo !== undefined) fatal(missingField("date", typo, "", "no-date"));
    else if (written) {
      data.date = written.time;
      readPast(datedByFile(written));
    } else
      fatal({
        kind: "no-date",
        path: [],
        key: false,
        message: "no `date`, and no date in the file's name to take one from",
        hint: "add `date: YYYY-MM-DD` to the frontmatter, or start the file's name with the day, as in `2025-03-04-title.md`",
      });
  }
  const date = dateOf("date");
  const updated = dateOf("updated");
  if (date && updated && Date.parse(updated.time) < Date.parse(date.time)) {
    readPast({
      kind: "date-order",
      path: ["updated"],
      key: false,
      message: `\`updated\` (${data.updated}) is before \`date\` (${data.date})`,
      hint: "`updated` is when the post last changed, after it was first published",
    });
  }
  return { date, updated };
}

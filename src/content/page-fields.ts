/**
 * A page's fields as another generator's page writes them: Hugo dates pages
 * too, and a page has only the day it was last changed; `draft: true` leaves
 * a page out, as Hugo does. Its own module because a page keeps fewer of a
 * post's fields and reads two of them its own way, on the same synonyms
 * (src/content/foreign-fields.ts).
 */
import { PAGE_FIELDS } from "./field-names.ts";
import { synonyms, type MappedFields } from "./foreign-fields.ts";

export function mapPageFields(written: Record<string, unknown>): MappedFields {
  const mapped = synonyms(written, PAGE_FIELDS, ["date", "draft"]);
  const { data, readPast, writtenAs } = mapped;
  // Hugo dates pages too; a page has only the day it was last changed.
  if (data.date !== undefined) {
    if (data.updated === undefined) {
      data.updated = data.date;
      writtenAs.updated = "date";
      readPast.push({
        kind: "page-date",
        path: ["date"],
        key: true,
        message: "a page has no date: `date` is read as the day it was last updated",
        hint: "write `updated:` instead of `date:` on a page",
      });
    } else {
      mapped.params.date = data.date;
      mapped.setAside.push("date");
      readPast.push({
        kind: "page-date",
        path: ["date"],
        key: true,
        message: `a page has no date: \`date\` is left to the templates as \`params.date\`, and \`${writtenAs.updated ?? "updated"}\` is the day it was last updated`,
        hint: "remove `date` from the page",
      });
    }
    delete data.date;
  }
  if (typeof data.aliases === "string") data.aliases = [data.aliases];
  if (data.draft !== undefined) {
    const draft = data.draft;
    if (draft === true) mapped.draft = true;
    readPast.push({
      kind: "page-draft",
      path: ["draft"],
      key: true,
      message:
        draft === true
          ? "`draft: true`: the page is left out, as Hugo leaves out a draft"
          : `\`draft: ${JSON.stringify(draft)}\` on a page: every page is published, so it is read past`,
      hint:
        draft === true
          ? "keep the file outside content/pages/ until the page is ready, or remove `draft`"
          : "remove `draft`: a page has no draft state",
    });
    delete data.draft;
  }
  return mapped;
}

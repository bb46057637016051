/**
 * A moved text's body: kramdown's spaced addresses in CommonMark's form, its
 * template tags converted (convert.ts), its links following the move
 * (links.ts), and each of its fields that sitegen does not read counted as a
 * param. Apart from planImport (plan.ts), which writes the file around it.
 */
import { convertBody, type ConvertOptions } from "./convert.ts";
import { firstNotesKept, renamedNoteWhy } from "./footnote-labels.ts";
import { angledDestinations } from "./kramdown-links.ts";
import { rewriteLinks, type Moves } from "./links.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import type { ImportPlan } from "./plan-model.ts";
import { pushAll } from "../collector.ts";

/** The fields sitegen reads (with other generators' names for them): any other is kept as a param. */
const READ_FIELDS = new Set([
  "permalink",
  "url",
  "title",
  "description",
  "summary",
  "excerpt",
  "date",
  "updated",
  "lastmod",
  "last_modified_at",
  "tags",
  "categories",
  "category",
  "lang",
  "status",
  "draft",
  "published",
  "slug",
  "author",
  "image",
  "aliases",
  "redirect_from",
  "markup",
]);

/** The body of `document`, placed at `path`, as written in the new site; what was converted, left and kept is counted in `plan`. */
export function movedBody(
  document: ImportedDocument,
  path: string,
  site: ImportedSite,
  { conversions, moves }: { conversions: ConvertOptions; moves: Moves },
  plan: ImportPlan,
): string {
  // A footnote label defined twice shows the note the source's Markdown showed (footnote-labels.ts); renaming keeps each line where it was.
  const notes =
    document.data.markup !== "html" && !/\.html?$/i.test(document.file)
      ? firstNotesKept(document.body, document.bodyLine, site.generator)
      : { body: document.body, renamed: [], respelled: 0 };
  if (notes.respelled > 0)
    plan.converted.set(
      "footnote reference spelled as its note",
      (plan.converted.get("footnote reference spelled as its note") ?? 0) + notes.respelled,
    );
  for (const note of notes.renamed)
    (site.notes ??= []).push({
      file: document.file,
      line: note.line,
      why: renamedNoteWhy(note, site.generator),
    });
  // kramdown's addresses with spaces (`![](flow abstract.gif)`), in the form CommonMark reads: Jekyll's Markdown texts only.
  const angled =
    site.generator === "jekyll" && document.data.markup !== "html"
      ? angledDestinations(notes.body)
      : { body: notes.body, count: 0 };
  if (angled.count > 0)
    plan.converted.set(
      "address with spaces",
      (plan.converted.get("address with spaces") ?? 0) + angled.count,
    );
  const result = convertBody(angled.body, document.bodyLine, conversions);
  for (const [kind, count] of result.converted)
    plan.converted.set(kind, (plan.converted.get(kind) ?? 0) + count);
  pushAll(
    plan.notConverted,
    result.left.map((tag) => ({ file: document.file, ...tag })),
  );
  for (const name of Object.keys(document.data))
    if (!READ_FIELDS.has(name)) plan.kept.set(name, (plan.kept.get(name) ?? 0) + 1);
  const links = rewriteLinks(
    result.body,
    { oldUrl: document.oldUrls[0], self: path, file: document.file, lineAt: document.bodyLine },
    moves,
  );
  plan.links += links.rewritten;
  pushAll(
    plan.unresolved,
    links.unresolved.map((each) => ({ file: document.file, ...each })),
  );
  return links.text;
}

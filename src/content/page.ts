/**
 * A page of content/pages/: its path there is its URL (`index.md` is `/`,
 * `services.md` is `/services/`, `docs/history.md` is `/docs/history/` and
 * `docs/index.md` is `/docs/`), so each part of the name must be a URL
 * segment. The pages the folder holds are the site's whole set of pages.
 */
import { SitegenError, SitegenErrors } from "../errors.ts";
import { validatePage } from "../schemas/index.ts";
import { readAliases } from "./aliases.ts";
import { readDate } from "./dates.ts";
import { mapPageFields, misspelling, PAGE_FIELDS } from "./foreign-fields.ts";
import { parseMarkdownFile, schemaErrors } from "./frontmatter.ts";
import { locatedError, writtenAs } from "./locate.ts";
import { fieldNotices, readDescription } from "./notices.ts";
import { slugify, slugProblem } from "./slug.ts";
import { templateTags } from "./template-tags.ts";
import { controlCharacterNotices } from "./control-characters.ts";
import type { ContentNotice, PageSource } from "./types.ts";

export function parsePage(name: string, text: string, file: string, path = file): PageSource {
  const segments = name.split("/");
  const wrong = segments.find((segment) => slugProblem(segment) !== undefined);
  if (wrong !== undefined) {
    const suggested = segments.map((segment) => slugify(segment));
    throw new SitegenError("E_CONTENT", `\`${wrong}\` cannot be ${segments.length > 1 ? "a part of a page's path" : "a page's name"}: ${slugProblem(wrong)}`, {
      location: { file },
      hint: suggested.every((segment) => segment !== "") ? `the file's path is the page's URL: name it \`${suggested.join("/")}.md\` (/${suggested.join("/")}/)` : "the file's path is the page's URL: name its folders and file with Latin letters, digits and hyphens",
    });
  }
  const parsed = parseMarkdownFile(text, file);
  const mapped = mapPageFields(parsed.data as Record<string, unknown>);
  const located = writtenAs(parsed, mapped);
  if (mapped.problems.length > 0) throw new SitegenErrors(mapped.problems.map((at) => locatedError(located, file, text, at)));
  if (!validatePage(mapped.data)) throw new SitegenErrors(schemaErrors(validatePage.errors ?? [], located, file, text, (field) => misspelling(field, mapped.params, PAGE_FIELDS)));
  const data = mapped.data as Pick<PageSource, "title" | "updated" | "lang"> & { description?: string; aliases?: string[] };
  const updated = readDate(data.updated);
  if ("problem" in updated) {
    throw locatedError(located, file, text, { path: ["updated"], key: false, message: `\`updated\` is not a date: ${updated.problem}`, hint: "write dates as YYYY-MM-DD, e.g. 2025-03-04" });
  }
  const wrongAliases: SitegenError[] = [];
  const aliases = readAliases(data.aliases, (index) => located.locate(["aliases", index])?.line, (at) => wrongAliases.push(locatedError(located, file, text, at)));
  if (wrongAliases.length > 0) throw new SitegenErrors(wrongAliases);
  let missing: SitegenError | undefined;
  const description = readDescription(data.description, parsed.body, (at) => (missing = locatedError(located, file, text, at)));
  if (missing) throw missing;
  const notices: ContentNotice[] = [
    ...fieldNotices(mapped.params, located, "page"),
    ...templateTags(parsed.body, parsed.bodyLine).map((tag) => ({ kind: "template-tag" as const, ...tag })),
    ...controlCharacterNotices({ title: data.title, description: data.description }, located, parsed.body, parsed.bodyLine),
  ];
  const { aliases: _written, ...fields } = data;
  return { name, file, path, ...fields, description: description ?? "", ...(data.description === undefined ? { describedByBody: true as const } : {}), updated: updated.day, ...(aliases.length > 0 ? { aliases } : {}), body: parsed.body, bodyLine: parsed.bodyLine, params: mapped.params, notices };
}

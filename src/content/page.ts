/**
 * A page of content/pages/: its path there is its URL (`index.md` is `/`,
 * `services.md` is `/services/`, `docs/history.md` is `/docs/history/` and
 * `docs/index.md` is `/docs/`), so each part of the name must be a URL
 * segment. The pages the folder holds are the site's whole set of pages.
 */
import { type SitegenError, SitegenErrors } from "../errors.ts";
import { validatePage } from "../schemas/index.ts";
import { readAliases } from "./aliases.ts";
import { looseDate, readDate } from "./dates.ts";
import type { ExcerptOf } from "./excerpt.ts";
import { PAGE_FIELDS } from "./field-names.ts";
import type { FieldProblem } from "./foreign-fields.ts";
import { misspelling } from "./misspelt-fields.ts";
import { mapPageFields } from "./page-fields.ts";
import { parseMarkdownFile } from "./frontmatter.ts";
import { holdToSchema, readTitle } from "./fields.ts";
import { lenientNotices, locatedError, locatedNotice, writtenAs } from "./locate.ts";
import { fieldNotices, readDescription } from "./notices.ts";
import { slugify, slugProblem } from "./slug.ts";
import { markupOf } from "./markup.ts";
import { mdxNotices } from "./mdx.ts";
import { templateTags } from "./template-tags.ts";
import { controlCharacterNotices, withoutControls } from "./control-characters.ts";
import type { PageSource } from "./types.ts";

/**
 * Throws the problems the file cannot be read past (SitegenErrors); what it
 * is read past is in the page's `notices`. A page that says it is a draft
 * comes back with `draft`, for the loader to leave out once it has reported
 * its notices.
 */
export function parsePage(
  name: string,
  text: string,
  file: string,
  path = file,
  options: {
    /** The body's summary, for a page without a description: the renderer's (src/content/excerpt.ts says why it is given). */
    excerptOf: ExcerptOf;
  },
): PageSource {
  const parsed = parseMarkdownFile(text, file);
  const mapped = mapPageFields(parsed.data as Record<string, unknown>);
  const located = writtenAs(parsed, mapped);
  // What decides whether the file is published could not be read: nothing after it means anything.
  if (mapped.problems.length > 0)
    throw new SitegenErrors(mapped.problems.map((at) => locatedError(located, file, text, at)));
  const errors: SitegenError[] = holdToSchema(mapped, validatePage, DECIDING, { located, file, text });
  const fatal = (at: FieldProblem) => errors.push(locatedError(located, file, text, at));
  const readPast = (at: FieldProblem) => mapped.readPast.push(at);
  const data = mapped.data as {
    title?: string;
    updated?: string;
    lang?: string;
    description?: string;
    aliases?: string[];
    markup?: string;
  };
  const title = readTitle(
    data.title,
    {
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      name: name === "index" ? "home" : (name.split("/").at(-1) ?? ""),
      misspelt: misspelling("title", mapped.params, PAGE_FIELDS),
    },
    { readPast, fatal },
  );
  const url = pageUrlName(name, readPast, fatal);
  // A value that is not text (`updated: 2024`) is the schema's error already.
  const updated = typeof data.updated !== "string" ? undefined : readDate(data.updated);
  if (updated && "problem" in updated) {
    fatal({
      kind: "bad-date",
      path: ["updated"],
      key: false,
      message: `\`updated\` is not a date: ${updated.problem}`,
      hint: "write dates as YYYY-MM-DD, e.g. 2025-03-04",
    });
  }
  if (updated && !("problem" in updated) && updated.loose)
    readPast(looseDate("updated", data.updated!, updated));
  if (data.updated === undefined)
    readPast({
      kind: "undated-page",
      path: [],
      key: false,
      message: "no `updated`: the sitemap dates the page by the build",
      hint: "add `updated: YYYY-MM-DD`, the day the page last changed",
    });
  const aliases = readAliases(data.aliases, (index) => located.locate(["aliases", index])?.line, readPast);
  const markup = markupOf(file, data.markup);
  const description = readDescription(data.description, parsed.body, readPast, markup, options.excerptOf);
  if (errors.length > 0 || title === undefined || url === undefined || (updated && "problem" in updated))
    throw new SitegenErrors(errors);
  const notices = [
    ...fieldNotices(mapped, located, "page"),
    ...templateTags(parsed.body, parsed.bodyLine).map((tag) => ({ kind: "template-tag" as const, ...tag })),
    ...mdxNotices(file, text, parsed.bodyLine),
    ...controlCharacterNotices(
      { title, description: data.description },
      located,
      parsed.body,
      parsed.bodyLine,
    ),
    ...lenientNotices(parsed, text),
    ...mapped.readPast.map((at) => locatedNotice(located, text, at)),
  ];
  // Published without the control characters reported above: every output shows the same text.
  return {
    name: url,
    file,
    path,
    title: withoutControls(title),
    description: withoutControls(description),
    ...(data.description === undefined ? { describedByBody: true as const } : {}),
    ...(updated ? { updated: updated.day } : {}),
    ...(data.lang !== undefined ? { lang: data.lang } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
    ...(mapped.draft ? { draft: true as const } : {}),
    body: parsed.body,
    bodyLine: parsed.bodyLine,
    ...(markup ? { markup } : {}),
    params: mapped.params,
    notices,
  };
}

/** A value the schema refuses in these leaves the page out: its title, and the day it changed. */
const DECIDING = ["title", "updated"];

/**
 * The page's name, its path below pages/ without the extension, each part a
 * URL segment: a part that is not one (`User Guide`) is made into one, and
 * reported; a part with no Latin letter or digit gives no URL, an error.
 */
function pageUrlName(
  name: string,
  readPast: (at: FieldProblem) => void,
  fatal: (at: FieldProblem) => void,
): string | undefined {
  const segments = name.split("/");
  if (segments.every((segment) => slugProblem(segment) === undefined)) return name;
  const made = segments.map((segment) =>
    slugProblem(segment) === undefined ? segment : slugify(segment).replace(/-+$/, ""),
  );
  if (made.includes("")) {
    fatal({
      kind: "no-url",
      path: [],
      key: false,
      message: `\`${name}\` has a part with no Latin letter or digit to make the page's URL of`,
      hint: "name the page's folders and file with Latin letters, digits and hyphens: its path is its URL",
    });
    return undefined;
  }
  const url = made.join("/");
  readPast({
    kind: "slug-rewritten",
    path: [],
    key: false,
    message: `\`${name}\` is not a URL's path: the page is at /${url}/`,
    hint: `rename it to \`${url}.md\`: a page's path in pages/ is its URL`,
  });
  return url;
}

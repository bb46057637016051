/**
 * Frontmatter as Hugo, Jekyll and Eleventy users write it, read as sitegen's
 * fields before the schema sees it: `draft: true` is `status: draft`, a post
 * without `status` is published, `summary` is `description`, `lastmod` is
 * `updated`, `tags: kafka` is a list of one, and `Event Sourcing` is the tag
 * `event-sourcing`, as Hugo makes its taxonomy terms. A field sitegen cannot
 * honour is refused with what to do instead; one it does not know at all is
 * left to the schema, whose error names it.
 */
export interface FieldProblem {
  /** Where to point: the value at this path, or its key. */
  path: (string | number)[];
  key: boolean;
  message: string;
  hint: string;
}

export interface MappedFields {
  data: Record<string, unknown>;
  problems: FieldProblem[];
  /** A field that came from another one, by the name it was written with: `description` → `summary`. */
  writtenAs: Record<string, string>;
}

/** Fields of other generators that are the same as one of sitegen's, by their sitegen name. */
const SYNONYMS: [sitegen: string, written: string][] = [
  ["description", "summary"],
  ["updated", "lastmod"],
];

export function mapPostFields(written: Record<string, unknown>): MappedFields {
  const mapped = synonyms(written);
  const { data, problems } = mapped;
  draftAndStatus(data, problems);
  for (const field of ["tags", "categories"]) {
    if (data[field] !== undefined) data[field] = termList(data[field]);
  }
  if (data.aliases !== undefined) {
    problems.push({
      path: ["aliases"],
      key: true,
      message: "`aliases` is not supported: the site's URLs are a closed set, and another address answers 404",
      hint: "remove it; a mistyped or old post address answers 404 naming the closest posts, and `slug:` keeps a post at the URL it had",
    });
    delete data.aliases;
  }
  return mapped;
}

export function mapPageFields(written: Record<string, unknown>): MappedFields {
  const mapped = synonyms(written);
  const { data, problems, writtenAs } = mapped;
  // Hugo dates pages too; a page has only the day it was last changed.
  if (data.updated === undefined && data.date !== undefined) {
    data.updated = data.date;
    writtenAs.updated = "date";
    delete data.date;
  }
  if (data.draft !== undefined) {
    problems.push({
      path: ["draft"],
      key: true,
      message: "a page cannot be a draft: every file in content/pages/ is published",
      hint: "remove `draft`, or keep the file outside content/pages/ until the page is ready",
    });
    delete data.draft;
  }
  return mapped;
}

function synonyms(written: Record<string, unknown>): MappedFields {
  const data = { ...written };
  const problems: FieldProblem[] = [];
  const writtenAs: Record<string, string> = {};
  for (const [field, synonym] of SYNONYMS) {
    if (data[synonym] === undefined) continue;
    if (data[field] !== undefined) {
      problems.push({ path: [synonym], key: true, message: `both \`${field}\` and \`${synonym}\` are set`, hint: `keep one: sitegen reads \`${synonym}\` as \`${field}\`` });
    } else {
      data[field] = data[synonym];
      writtenAs[field] = synonym;
    }
    delete data[synonym];
  }
  return { data, problems, writtenAs };
}

/** `draft` (Hugo, Jekyll, Eleventy) and `status` (sitegen) say the same thing; no `status` is published. */
function draftAndStatus(data: Record<string, unknown>, problems: FieldProblem[]): void {
  const { draft } = data;
  delete data.draft;
  if (draft !== undefined && typeof draft !== "boolean") {
    problems.push({ path: ["draft"], key: false, message: "`draft` must be true or false", hint: "`draft: true` keeps the post out of the build, as `status: draft` does" });
    return;
  }
  const fromDraft = draft === undefined ? undefined : draft ? "draft" : "published";
  if (fromDraft !== undefined && data.status !== undefined && data.status !== fromDraft) {
    problems.push({ path: ["draft"], key: true, message: `\`draft: ${draft}\` and \`status: ${String(data.status)}\` disagree`, hint: "keep one of them: `status` is published, draft or retired" });
    return;
  }
  data.status ??= fromDraft ?? "published";
}

/**
 * Tags and categories as sitegen's terms: a string is a comma-separated list
 * (`tags: kafka` or `tags: kafka, retries`); a number is its digits; a term is
 * lowercase with hyphens between words (`Event Sourcing` → `event-sourcing`),
 * as Hugo makes its terms. What still is not a term is left to the schema.
 */
function termList(value: unknown): unknown {
  const items = typeof value === "string" ? value.split(",").filter((item) => item.trim() !== "") : value;
  if (!Array.isArray(items)) return value;
  return items.map((item) => (typeof item === "number" && Number.isInteger(item) ? String(item) : typeof item === "string" ? item.trim().toLowerCase().replace(/[\s_]+/g, "-") : item));
}

/** What a field of another generator that sitegen does not have is for here, for the schema's "unknown field" error. */
export const FOREIGN_FIELD_HINTS: Record<string, string> = {
  permalink: "a post's URL is /blog/<slug>/: set `slug:` to choose the slug, or rename the file",
  url: "a post's URL is /blog/<slug>/: set `slug:` to choose the slug, or rename the file",
  layout: "the templates are sitegen's: posts use templates/post.html, pages templates/page.html; remove the field",
  type: "the templates are sitegen's: posts use templates/post.html, pages templates/page.html; remove the field",
  weight: "posts are ordered by date, newest first; remove the field",
  keywords: "use `tags`",
  excerpt: "use `description`: one or two sentences that stand alone in an index",
  publishdate: "use `date`; a post dated in the future is left out until then",
  expirydate: "to take a post down, set `status: retired`",
};

/**
 * Frontmatter as Hugo, Jekyll and Eleventy users write it, read as sitegen's
 * fields before the schema sees it: `draft: true` and `published: false` are
 * `status: draft`, a post without `status` is published, `summary` and
 * `excerpt` are `description`, `lastmod` and `last_modified_at` are
 * `updated`, `category` is `categories`, `redirect_from` is `aliases`, `tags:
 * kafka` is a list of one, and `Event Sourcing` is the tag `event-sourcing`,
 * as Hugo makes its taxonomy terms. A field sitegen does not know is kept
 * aside as one of the file's `params`, for the templates, and reported (src/
 * content/notices.ts); it is never an error, since real blogs carry dozens
 * of theme fields.
 */
import { editDistance } from "./edit-distance.ts";
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
  /** The fields sitegen does not know, as written: the templates read them as `params.<name>`. */
  params: Record<string, unknown>;
}

/** Fields of other generators that are the same as one of sitegen's, by their sitegen name. */
const SYNONYMS: [sitegen: string, written: string][] = [
  ["description", "summary"],
  ["description", "excerpt"],
  ["updated", "lastmod"],
  ["updated", "last_modified_at"],
  ["categories", "category"],
  ["aliases", "redirect_from"],
  // A post's picture: Hugo themes' and Jekyll themes' `cover`, Astro's blog template's `heroImage`.
  ["image", "cover"],
  ["image", "heroImage"],
];

/** The fields a post and a page have, after synonyms: what the schemas allow. */
export const POST_FIELDS = ["title", "description", "date", "updated", "tags", "categories", "lang", "status", "slug", "author", "image", "aliases", "toc"] as const;
export const PAGE_FIELDS = ["title", "description", "updated", "lang", "aliases"] as const;

export function mapPostFields(written: Record<string, unknown>): MappedFields {
  const mapped = synonyms(written, POST_FIELDS);
  const { data, problems } = mapped;
  draftAndStatus(data, problems);
  for (const field of ["tags", "categories"]) {
    if (data[field] !== undefined) data[field] = termList(data[field]);
  }
  // One old address or a list of them (Hugo's `aliases`, jekyll-redirect-from's `redirect_from`).
  if (typeof data.aliases === "string") data.aliases = [data.aliases];
  // Hugo's PaperMod theme writes the picture as `cover: { image: …, alt: … }`.
  const cover = data.image;
  if (mapped.writtenAs.image === "cover" && typeof cover === "object" && cover !== null && typeof (cover as { image?: unknown }).image === "string") data.image = (cover as { image: string }).image;
  return mapped;
}

export function mapPageFields(written: Record<string, unknown>): MappedFields {
  const mapped = synonyms(written, PAGE_FIELDS, ["date", "draft"]);
  const { data, problems, writtenAs } = mapped;
  // Hugo dates pages too; a page has only the day it was last changed.
  if (data.updated === undefined && data.date !== undefined) {
    data.updated = data.date;
    writtenAs.updated = "date";
    delete data.date;
  }
  if (typeof data.aliases === "string") data.aliases = [data.aliases];
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

/**
 * The fields as sitegen names them, and the rest set aside as `params`.
 * `handled` are fields read here besides the known ones (`draft`,
 * `published`), which are neither known to the schema nor params.
 */
function synonyms(written: Record<string, unknown>, known: readonly string[], handled: readonly string[] = ["draft", "published"]): MappedFields {
  const data: Record<string, unknown> = {};
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(written)) {
    const synonym = SYNONYMS.some(([field, other]) => other === name && known.includes(field));
    if (known.includes(name) || handled.includes(name) || synonym) data[name] = value;
    else params[name] = value;
  }
  const problems: FieldProblem[] = [];
  const writtenAs: Record<string, string> = {};
  for (const [field, synonym] of SYNONYMS) {
    if (data[synonym] === undefined || !known.includes(field)) continue;
    if (data[field] !== undefined) {
      problems.push({ path: [synonym], key: true, message: `both \`${field}\` and \`${synonym}\` are set`, hint: `keep one: sitegen reads \`${synonym}\` as \`${field}\`` });
    } else {
      data[field] = data[synonym];
      writtenAs[field] = synonym;
    }
    delete data[synonym];
  }
  return { data, problems, writtenAs, params };
}

/**
 * A field name one or two edits from one sitegen knows (`tittle`,
 * `descripion`): most likely a typo of it, which the build would otherwise
 * keep as a param and the page would miss.
 */
export function likelyMeant(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const synonyms = SYNONYMS.filter(([field]) => known.includes(field)).map(([, other]) => other);
  // No name more than two letters longer or shorter is two edits away: those are not measured (a key may be a megabyte long).
  const candidates = [...known, ...synonyms].map((field) => ({ field, distance: lower === field ? 1 : Math.abs(lower.length - field.length) > 2 ? Infinity : editDistance(lower, field) }));
  const closest = candidates.sort((a, b) => a.distance - b.distance || a.field.localeCompare(b.field))[0];
  const allowed = closest && closest.field.length <= 4 ? 1 : 2;
  return closest && closest.distance <= allowed ? closest.field : undefined;
}

/** The field kept as a param that is most likely `missing` misspelt: `tittle` for a missing `title`. */
export function misspelling(missing: string, params: Record<string, unknown>, known: readonly string[]): string | undefined {
  return Object.keys(params).find((name) => likelyMeant(name, known) === missing);
}

/** A required field that is missing, pointed at its misspelling when the file has one. */
export function missingField(field: string, misspelt: string | undefined, hint: string): FieldProblem {
  if (misspelt === undefined) return { path: [], key: false, message: `missing required field \`${field}\``, hint };
  return { path: [misspelt], key: true, message: `missing required field \`${field}\`: did you mean \`${field}\` instead of \`${misspelt}\`?`, hint: `rename \`${misspelt}\` to \`${field}\`` };
}

/**
 * `draft` (Hugo, Jekyll, Eleventy), `published` (Jekyll) and `status`
 * (sitegen) say the same thing; no `status` is published.
 */
function draftAndStatus(data: Record<string, unknown>, problems: FieldProblem[]): void {
  const { published } = data;
  delete data.published;
  if (published !== undefined) {
    if (typeof published !== "boolean") {
      problems.push({ path: ["published"], key: false, message: "`published` must be true or false", hint: "`published: false` keeps the post out of the build, as `status: draft` does" });
      return;
    }
    if (data.draft !== undefined && data.draft === published) {
      problems.push({ path: ["published"], key: true, message: `\`published: ${published}\` and \`draft: ${String(data.draft)}\` disagree`, hint: "keep one of them" });
      return;
    }
    data.draft ??= !published;
  }
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

/** What a field of another generator that sitegen does not use is for here, for its warning. */
export const FOREIGN_FIELD_HINTS: Record<string, string> = {
  permalink: "a post's URL is /blog/<slug>/ (`slug:` chooses it); list its old address in `aliases` and that redirects to it",
  url: "a post's URL is /blog/<slug>/ (`slug:` chooses it); list its old address in `aliases` and that redirects to it",
  layout: "the templates choose the layout: posts use templates/post.html, pages templates/page.html",
  type: "the templates choose the layout: posts use templates/post.html, pages templates/page.html",
  weight: "posts are ordered by date, newest first",
  keywords: "use `tags`",
  publishdate: "use `date`; a post dated in the future is left out until then",
  expirydate: "to take a post down, set `status: retired`",
};

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
 * of theme fields. The names themselves are src/content/field-names.ts's,
 * and what a page makes of them src/content/page-fields.ts's.
 */
import type { FindingKind } from "../policy.ts";
import { POST_FIELDS, SYNONYMS } from "./field-names.ts";
import { tagSlug, tagWords } from "./slug.ts";

export interface FieldProblem {
  /** What it is, for src/policy.ts to judge. */
  kind: FindingKind;
  /** Where to point: the value at this path, or its key. */
  path: (string | number)[];
  key: boolean;
  /** Or a line of the file, for a problem in the body. */
  at?: { line: number; column?: number };
  message: string;
  hint: string;
}

export interface MappedFields {
  data: Record<string, unknown>;
  /** What the file cannot be read past: it is left out. */
  problems: FieldProblem[];
  /** What was read past, as another generator reads it: reported, and the file published. */
  readPast: FieldProblem[];
  /** A field that came from another one, by the name it was written with: `description` → `summary`. */
  writtenAs: Record<string, string>;
  /** The fields sitegen does not know, as written: the templates read them as `params.<name>`. */
  params: Record<string, unknown>;
  /** Fields sitegen knows that it set aside among the params (a `summary` beside a `description`): reported as what they are, not as unknown. */
  setAside: string[];
  /** A page that says it is a draft (`draft: true`): left out, as Hugo leaves it out. */
  draft?: true;
  /** `image_alt` was written inside the picture (`cover: { image, alt }`): its line is the picture's `alt`. */
  altInPicture?: true;
}

/** Fields whose text may be written as a number or `true` in YAML (`title: 1984`): read as the text. */
const TEXT_FIELDS = ["title", "description", "slug", "image", "image_alt", "lang", "author"];

export function mapPostFields(written: Record<string, unknown>): MappedFields {
  const mapped = synonyms(written, POST_FIELDS);
  const { data, problems } = mapped;
  draftAndStatus(data, problems);
  for (const field of ["tags", "categories"]) {
    if (data[field] !== undefined) data[field] = termList(data[field], field, mapped.readPast);
  }
  // One old address or a list of them (Hugo's `aliases`, jekyll-redirect-from's `redirect_from`).
  if (typeof data.aliases === "string") data.aliases = [data.aliases];
  pictureMapping(mapped);
  return mapped;
}

/** A picture's path as a mapping names it, in the order the names are looked for. */
const PICTURE_PATHS = ["image", "path", "src", "url"];

/**
 * A picture written as a mapping, with its text beside its path: Hugo's
 * PaperMod theme's `cover: { image, alt, caption }`, jekyll-seo-tag's `image:
 * { path, alt }`, Astro's tutorial's `image: { url, alt }`, an Astro schema's
 * `heroImage: { src, alt }`, Eleventy data's `image: { src, alt }`. Its path
 * is `image` and its `alt` is `image_alt`, unless the file writes one beside
 * it (`alt:`), which is then the one used, as the other is set aside.
 */
function pictureMapping(mapped: MappedFields): void {
  const { data } = mapped;
  const picture = data.image;
  if (typeof picture !== "object" || picture === null || Array.isArray(picture)) return;
  const fields = picture as Record<string, unknown>;
  const path = PICTURE_PATHS.map((name) => fields[name]).find((value) => typeof value === "string");
  if (path === undefined) return;
  data.image = path;
  const alt = typeof fields.alt === "number" ? String(fields.alt) : fields.alt;
  if (data.image_alt !== undefined || typeof alt !== "string" || alt.trim() === "") return;
  data.image_alt = alt;
  mapped.altInPicture = true;
}

/**
 * The fields as sitegen names them, and the rest set aside as `params`.
 * `handled` are fields read here besides the known ones (`draft`,
 * `published`), which are neither known to the schema nor params. A field
 * left empty (`tags:`, `description: ""`) is read as left out, as the other
 * generators read it; text written as a number (`title: 1984`) is the text.
 */
export function synonyms(
  written: Record<string, unknown>,
  known: readonly string[],
  handled: readonly string[] = ["draft", "published"],
): MappedFields {
  const data: Record<string, unknown> = {};
  const params: Record<string, unknown> = {};
  const readPast: FieldProblem[] = [];
  const writtenAs: Record<string, string> = {};
  const { names, synonyms: otherNames } = namesOf(known, handled);
  for (const [asWritten, value] of Object.entries(written)) {
    // Hugo reads its fields whatever their case (`Title:`, `Date:`): a name sitegen knows, in another case, is that name.
    const meant = names.get(asWritten.toLowerCase());
    const name =
      meant === undefined || meant === asWritten || Object.hasOwn(written, meant) ? asWritten : meant;
    if (name !== asWritten) writtenAs[name] = asWritten;
    if (!(known.includes(name) || handled.includes(name) || otherNames.has(name))) params[name] = value;
    else if (isEmpty(value))
      readPast.push({
        kind: "empty-field",
        path: [name],
        key: true,
        message: `\`${name}\` is empty: read as left out`,
        hint: `give \`${name}\` a value, or remove the line`,
      });
    else
      data[name] =
        TEXT_FIELDS.includes(name) && (typeof value === "number" || typeof value === "boolean")
          ? String(value)
          : value;
  }
  const problems: FieldProblem[] = [];
  const setAside: string[] = [];
  for (const [field, synonym] of SYNONYMS) {
    if (data[synonym] === undefined || !known.includes(field)) continue;
    if (data[field] !== undefined) {
      params[synonym] = data[synonym];
      setAside.push(synonym);
      readPast.push({
        kind: "synonym-clash",
        path: [synonym],
        key: true,
        message: `both \`${field}\` and \`${synonym}\` are set: \`${field}\` is used, and \`${synonym}\` left to the templates as \`params.${synonym}\``,
        hint: `keep one: sitegen reads \`${synonym}\` as \`${field}\``,
      });
    } else {
      data[field] = data[synonym];
      writtenAs[field] = writtenAs[synonym] ?? synonym;
    }
    delete data[synonym];
  }
  return { data, problems, readPast, writtenAs, params, setAside };
}

/**
 * The names a file may use for its fields, by their lowercase spelling:
 * sitegen's, and the other generators' for the same (`synonyms`). Made once
 * for each list of fields: asked for every post's fields, 10,000 times for a
 * large blog, where the lists are the callers' constants.
 */
function namesOf(known: readonly string[], handled: readonly string[]): FieldNames {
  let byHandled = namesMade.get(known);
  if (!byHandled) namesMade.set(known, (byHandled = new Map()));
  const key = handled.join("\n");
  let made = byHandled.get(key);
  if (made) return made;
  const synonyms = new Set(SYNONYMS.filter(([field]) => known.includes(field)).map(([, other]) => other));
  const names = new Map<string, string>();
  for (const name of [...known, ...handled, ...synonyms]) names.set(name.toLowerCase(), name);
  byHandled.set(key, (made = { names, synonyms }));
  return made;
}

interface FieldNames {
  names: ReadonlyMap<string, string>;
  /** The other generators' names for fields of `known`. */
  synonyms: ReadonlySet<string>;
}

const namesMade = new WeakMap<readonly string[], Map<string, FieldNames>>();

/** `tags:` with nothing after it (null), `""`, or `[]` written as `tags: ""`: nothing, as the other generators read it. */
function isEmpty(value: unknown): boolean {
  return value === null || (typeof value === "string" && value.trim() === "");
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
      problems.push({
        kind: "bad-field",
        path: ["published"],
        key: false,
        message: "`published` must be true or false",
        hint: "`published: false` keeps the post out of the build, as `status: draft` does",
      });
      return;
    }
    if (data.draft !== undefined && data.draft === published) {
      problems.push({
        kind: "bad-field",
        path: ["published"],
        key: true,
        message: `\`published: ${published}\` and \`draft: ${String(data.draft)}\` disagree`,
        hint: "keep one of them",
      });
      return;
    }
    data.draft ??= !published;
  }
  const { draft } = data;
  delete data.draft;
  if (draft !== undefined && typeof draft !== "boolean") {
    problems.push({
      kind: "bad-field",
      path: ["draft"],
      key: false,
      message: "`draft` must be true or false",
      hint: "`draft: true` keeps the post out of the build, as `status: draft` does",
    });
    return;
  }
  const fromDraft = draft === undefined ? undefined : draft ? "draft" : "published";
  if (fromDraft !== undefined && data.status !== undefined && data.status !== fromDraft) {
    problems.push({
      kind: "bad-field",
      path: ["draft"],
      key: true,
      message: `\`draft: ${draft}\` and \`status: ${String(data.status)}\` disagree`,
      hint: "keep one of them: `status` is published, draft or retired",
    });
    return;
  }
  data.status ??= fromDraft ?? "published";
}

/**
 * Tags and categories as written: a string is a comma-separated list (`tags:
 * kafka` or `tags: kafka, retries`), a number its digits, and each tag is
 * shown as its author wrote it (`Node.js`, `Event Sourcing`), once however
 * it is capitalised. A tag that is not lowercase words joined by hyphens is
 * read past with a warning: its page (`tags: true`) and any URL of it are
 * made of its slug (`tagSlug`: `Node.js` is `node-js`, `C++` `c-plus-plus`). What is not
 * a term at all (a mapping) is left to the schema.
 */
function termList(value: unknown, field: string, readPast: FieldProblem[]): unknown {
  const items = typeof value === "string" ? value.split(",").filter((item) => item.trim() !== "") : value;
  if (!Array.isArray(items)) return value;
  const terms: unknown[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const term =
      typeof item === "number" && Number.isFinite(item)
        ? String(item)
        : typeof item === "string"
          ? item.trim()
          : item;
    if (typeof term !== "string") return void terms.push(term);
    if (term === "" || seen.has(term.toLowerCase())) return;
    seen.add(term.toLowerCase());
    terms.push(term);
    if (!TERM.test(term)) {
      const words = tagSlug(term);
      // A term in another script has a slug made of a hash (src/content/slug.ts): no spelling to suggest.
      const spelled = tagWords(term) !== "" || words === "";
      readPast.push({
        kind: "tag-spelling",
        path: typeof value === "string" ? [field] : [field, index],
        key: false,
        message: `the ${field === "tags" ? "tag" : "category"} \`${term}\` is not lowercase words joined by hyphens: shown as written${words ? `, \`${words}\` in its URL` : ""}${spelled ? "" : " (it has no Latin letter or digit to spell one with)"}`,
        hint:
          words && spelled
            ? `write \`${words}\` to show it as its URL writes it`
            : "write the term with Latin letters and digits too, for a URL a reader can read",
      });
    }
  });
  return terms;
}

/** A term as sitegen writes its own: lowercase letters and digits, joined by hyphens. */
const TERM = /^[a-z0-9]+(-[a-z0-9]+)*$/;

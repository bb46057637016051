/**
 * A post of content/blog/: its frontmatter read as sitegen's fields (the
 * ones other generators use included, src/content/foreign-fields.ts), held
 * to the schema, its dates read, and its slug: `slug:` when the file sets
 * one, else the file's name (less a `YYYY-MM-DD-` date, made valid:
 * src/content/file-name.ts). A description it lacks is its body's first
 * paragraph.
 */
import { SitegenError, SitegenErrors } from "../errors.ts";
import { validatePost } from "../schemas/index.ts";
import type { WrittenDate } from "./calendar.ts";
import { looseDate, readDate } from "./dates.ts";
import type { FileDate, FileTime } from "./file-dates.ts";
import { readAliases } from "./aliases.ts";
import { readFileName } from "./file-name.ts";
import {
  mapPostFields,
  misspelling,
  missingField,
  POST_FIELDS,
  type FieldProblem,
} from "./foreign-fields.ts";
import { fieldNotices, readDescription } from "./notices.ts";
import { markupOf } from "./markup.ts";
import { mdxNotices } from "./mdx.ts";
import { templateTags } from "./template-tags.ts";
import { datedAddress, datedByFile, ELEVENTY_DATES, isListPage, jekyllTerms } from "./post-habits.ts";
import { controlCharacterNotices, urlWithoutControls, withoutControls } from "./control-characters.ts";
import { parseMarkdownFile } from "./frontmatter.ts";
import type { ParsedMarkdownFile } from "./frontmatter-types.ts";
import { EMPTY_FRONTMATTER, unfrontedNotice, type UnfrontedDialect } from "./unfronted.ts";
import { fieldText, holdToSchema, readTitle } from "./fields.ts";
import { lenientNotices, locatedError, locatedNotice, writtenAs } from "./locate.ts";
import { slugify, slugProblem } from "./slug.ts";
import type { ContentNotice, PostSource } from "./types.ts";

/** The fields as the schema allows them, before the dates are read. */
interface PostFields {
  title?: string;
  description?: string;
  date?: string;
  updated?: string;
  tags?: string[];
  categories?: string[];
  lang?: string;
  status: PostSource["status"];
  slug?: string;
  author?: string | string[];
  image?: string;
  aliases?: string[];
  toc?: boolean;
  markup?: string;
}

export interface PostOptions {
  /** The day the file was written, for a post that names none (src/content/file-dates.ts); without it, such a post is an error. */
  fileDate?: (path: string, which?: FileTime) => FileDate | undefined;
  /** Whose content a file without frontmatter is, where its generator publishes it (src/content/unfronted.ts); without it, such a file is left out, as Jekyll leaves it. */
  unfronted?: (path: string) => UnfrontedDialect | undefined;
}

/**
 * `name` is the file's name without its extension (a bundle's folder name).
 * Throws the problems the file cannot be read past (SitegenErrors); what it
 * is read past is in the post's `notices`.
 */
export function parsePost(
  name: string,
  text: string,
  file: string,
  path = file,
  options: PostOptions = {},
): PostSource {
  const { parsed, unfronted } = readPostFile(text, file, path, options);
  const mapped = mapPostFields(jekyllTerms(parsed.data as Record<string, unknown>, name));
  const named = readFileName(name, typeof mapped.data.lang === "string" ? mapped.data.lang : undefined);
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
  const addressed =
    mapped.data.date === undefined ? datedAddress(parsed.data as Record<string, unknown>) : undefined;
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
  const located = writtenAs(parsed, mapped);
  // What decides whether the file is published could not be read: nothing after it means anything.
  if (mapped.problems.length > 0)
    throw new SitegenErrors(mapped.problems.map((at) => locatedError(located, file, text, at)));
  const errors: SitegenError[] = holdToSchema(mapped, validatePost, DECIDING, { located, file, text });
  const fatal = (at: FieldProblem) => errors.push(locatedError(located, file, text, at));
  const readPast = (at: FieldProblem) => mapped.readPast.push(at);
  const misspelt = (field: string) => misspelling(field, mapped.params, POST_FIELDS);
  const data = mapped.data as unknown as PostFields;

  const title = titleOf(
    readTitle(
      data.title,
      { body: parsed.body, bodyLine: parsed.bodyLine, name: named.slug, misspelt: misspelt("title") },
      { readPast, fatal },
    ),
    unfronted,
    name,
    mapped.readPast,
  );
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
  // No date and no text of its own: a page another generator's template makes (Zola's `template = "latest.html"`), nothing to publish.
  if (data.date === undefined && parsed.body.trim() === "") {
    throw new SitegenError(
      "E_CONTENT",
      "no date and no text: a page its generator's template makes, not a post, so left out",
      {
        kind: "left-out",
        location: { file, line: 1 },
        hint: "a post needs a `date` and a body; a page of the site's own goes in content/pages/",
      },
    );
  }
  if (data.date === undefined && isListPage(mapped.params)) {
    throw new SitegenError(
      "E_CONTENT",
      "a list page, as Eleventy and Jekyll write one (it paginates, or its `permalink` is a folder's): not a post, so left out",
      {
        kind: "left-out",
        location: { file, line: 1 },
        hint: "sitegen's blog page is content/pages/blog.md, which lists the posts itself",
      },
    );
  }
  // Eleventy's words for the file's own times (`date: git Created`), which it reads as such.
  const fileTime = typeof data.date === "string" ? ELEVENTY_DATES[data.date.trim().toLowerCase()] : undefined;
  const fileDated = fileTime && options.fileDate?.(path, fileTime);
  if (fileDated) {
    readPast(datedByFile(fileDated, data.date));
    data.date = fileDated.time;
  }
  if (data.date === undefined) {
    const typo = misspelt("date");
    const written = typo === undefined ? options.fileDate?.(path) : undefined;
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
  if (unfronted && title !== undefined && date)
    mapped.readPast = publishedUnfronted(mapped.readPast, {
      dialect: unfronted,
      title,
      day: date.day,
      named: named.date !== undefined,
    });
  const image = readImage(data.image, readPast);
  const slug = readSlug({ written: data.slug, named, title, lang: data.lang }, { readPast, fatal, file });
  const markup = markupOf(file, data.markup);
  const description = readDescription(data.description, parsed.body, readPast, markup);
  const aliases = readAliases(data.aliases, (index) => located.locate(["aliases", index])?.line, readPast);
  const author =
    data.author === undefined
      ? undefined
      : fieldText("author", [data.author].flat().join(", "), { readPast });
  if (errors.length > 0 || !date || title === undefined || slug === undefined)
    throw new SitegenErrors(errors);

  const notices: ContentNotice[] = [
    ...fieldNotices(mapped, located, "post"),
    ...templateTags(parsed.body, parsed.bodyLine).map(
      (tag): ContentNotice => ({ kind: "template-tag", ...tag }),
    ),
    ...mdxNotices(file, text, parsed.bodyLine),
    ...controlCharacterNotices(
      {
        title,
        description: data.description,
        author: data.author,
        tags: data.tags,
        categories: data.categories,
        image: data.image,
      },
      located,
      parsed.body,
      parsed.bodyLine,
    ),
    ...lenientNotices(parsed, text),
    ...mapped.readPast.map((at) => locatedNotice(located, text, at)),
  ];
  if (data.slug === undefined && named.changed && named.slug !== "") notices.push({ kind: "slug", slug });
  const tags = uniqueTerms([...(data.tags ?? []), ...(data.categories ?? [])]);
  // Published without the control characters reported above: every output shows the same text.
  return {
    slug,
    file,
    path,
    title: withoutControls(title),
    description: withoutControls(description),
    ...(data.description === undefined ? { describedByBody: true as const } : {}),
    date: date.day,
    published: date.time,
    ...(updated ? { updated: updated.day } : {}),
    tags: tags.map(withoutControls),
    ...(data.lang !== undefined ? { lang: data.lang } : {}),
    status: data.status,
    ...(author !== undefined ? { author: withoutControls(author) } : {}),
    ...(image !== undefined ? { image: urlWithoutControls(image) } : {}),
    ...(data.toc !== undefined ? { toc: data.toc } : {}),
    aliases,
    body: parsed.body,
    bodyLine: parsed.bodyLine,
    ...(markup ? { markup } : {}),
    params: mapped.params,
    notices,
  };
}

/**
 * The file's frontmatter and body; a file without frontmatter whose
 * generator publishes it (Eleventy's, Hugo's) as one with empty frontmatter,
 * its lines as written. Else the error that leaves it out.
 */
function readPostFile(
  text: string,
  file: string,
  path: string,
  options: PostOptions,
): { parsed: ParsedMarkdownFile; unfronted?: UnfrontedDialect } {
  try {
    return { parsed: parseMarkdownFile(text, file) };
  } catch (error) {
    // The one file parseMarkdownFile leaves out, rather than refusing: one with no frontmatter.
    const unfronted =
      error instanceof SitegenError && error.kind === "left-out" ? options.unfronted?.(path) : undefined;
    if (!unfronted) throw error;
    const parsed = parseMarkdownFile(EMPTY_FRONTMATTER + text.replace(/^\uFEFF/, ""), file);
    return { parsed: { ...parsed, bodyLine: parsed.bodyLine - 2 }, unfronted };
  }
}

/** An Eleventy post without frontmatter or heading is titled by its `page.fileSlug`, as its theme shows it: its file's name as written, less a leading date. */
function titleOf(
  title: string | undefined,
  unfronted: UnfrontedDialect | undefined,
  name: string,
  readPast: FieldProblem[],
): string | undefined {
  if (unfronted !== "eleventy" || !readPast.some((each) => each.kind === "title-from-file-name"))
    return title;
  return name.replace(/^\d{4}-\d{2}-\d{2}-/, "") || title;
}

/** A post without frontmatter's one warning, for the title's and the date's each: what it was titled and dated by, and the lines to add. */
function publishedUnfronted(
  readPast: FieldProblem[],
  post: { dialect: UnfrontedDialect; title: string; day: string; named: boolean },
): FieldProblem[] {
  const dated = readPast.find((each) => each.kind === "date-from-file");
  const dateFrom = dated
    ? dated.message.slice(dated.message.indexOf(", ") + 2)
    : post.named
      ? "the day its file's name begins with"
      : "its file";
  const titleFrom = readPast.some((each) => each.kind === "title-from-heading") ? "heading" : "name";
  const notice = unfrontedNotice({
    dialect: post.dialect,
    title: post.title,
    titleFrom,
    day: post.day,
    dateFrom,
  });
  const kept = readPast.filter(
    (each) => !["date-from-file", "title-from-heading", "title-from-file-name"].includes(each.kind),
  );
  // A post its file dates (its name's day, or its times), as date-from-file says of one with frontmatter.
  return [{ kind: "date-from-file", path: [], key: false, at: { line: 1 }, ...notice }, ...kept];
}

/** The fields that decide what is published and under what: a value the schema refuses there leaves the post out. */
const DECIDING = ["status", "title", "date", "updated"];

/**
 * `image:` as written when it is a path from the site root or another site's
 * URL; a relative one (a bundle's `cover.jpg`) is read from the post's URL,
 * as a browser reads a relative link there (the manifest resolves it, once
 * the post's slug is final), and reported; anything else is not used.
 */
function readImage(image: string | undefined, readPast: (at: FieldProblem) => void): string | undefined {
  if (image === undefined || /^(?:\/(?!\/)|https?:\/\/)/i.test(image)) return image;
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(image)) {
    readPast({
      kind: "unread-field",
      path: ["image"],
      key: false,
      message: `\`image\` is \`${image}\`, neither a path of the site nor an http(s) URL: not used`,
      hint: "write a path from the site root (`/assets/cover.png`) or an https:// URL",
    });
    return undefined;
  }
  readPast({
    kind: "relative-image",
    path: ["image"],
    key: false,
    message: `\`image\` is relative (\`${image}\`): read from the post's URL, as a browser reads it there`,
    hint: `write it from the site root: a post's own files are under /blog/<slug>/, e.g. \`/blog/<slug>/${image.replace(/^\.\//, "")}\``,
  });
  return image;
}

/**
 * The post's slug: `slug:` when it is one, else made into one; the file's
 * name (less a date) when it sets none; the title's words when the name has
 * no Latin letter or digit (`日本語.md`). A post with none of those has no
 * URL: an error.
 */
function readSlug(
  from: { written?: string; named: { slug: string }; title?: string; lang?: string },
  report: { readPast: (at: FieldProblem) => void; fatal: (at: FieldProblem) => void; file: string },
): string | undefined {
  if (from.written !== undefined) {
    const wrong = slugProblem(from.written);
    if (wrong === undefined) return from.written;
    const made = slugify(from.written, from.lang).replace(/-+$/, "") || from.named.slug;
    if (made !== "") {
      report.readPast({
        kind: "slug-rewritten",
        path: ["slug"],
        key: false,
        message: `\`slug: ${from.written}\` is not a slug (${wrong}): the post is at /blog/${made}/`,
        hint: `write \`slug: ${made}\``,
      });
      return made;
    }
  }
  if (from.named.slug !== "") return from.named.slug;
  // Nothing to take a title from is reported already, and is what to fix.
  if (from.title === undefined) return undefined;
  const made = slugify(from.title, from.lang).replace(/-+$/, "");
  if (made !== "") {
    report.readPast({
      kind: "slug-rewritten",
      path: [],
      key: false,
      message: `the file's name has no Latin letter or digit to make a slug of: the title's are used, and the post is at /blog/${made}/`,
      hint: `set \`slug: ${made}\`, or rename the file to \`${made}.md\``,
    });
    return made;
  }
  report.fatal({
    kind: "no-url",
    path: [],
    key: false,
    message: "neither the file's name nor the title has a Latin letter or digit to make the post's URL of",
    hint: "set `slug:` in its frontmatter, e.g. `slug: my-post`",
  });
  return undefined;
}

/** Tags and categories once each, however capitalised: the first spelling is kept. */
function uniqueTerms(terms: string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((term) => !seen.has(term.toLowerCase()) && Boolean(seen.add(term.toLowerCase())));
}

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
import { readDate, type WrittenDate } from "./dates.ts";
import { readAliases } from "./aliases.ts";
import { readFileName } from "./file-name.ts";
import { mapPostFields, misspelling, missingField, POST_FIELDS, type FieldProblem } from "./foreign-fields.ts";
import { fieldNotices, readDescription } from "./notices.ts";
import { templateTags } from "./template-tags.ts";
import { controlCharacterNotices } from "./control-characters.ts";
import { parseMarkdownFile, schemaErrors } from "./frontmatter.ts";
import { locatedError, writtenAs } from "./locate.ts";
import { slugify, slugProblem } from "./slug.ts";
import type { ContentNotice, PostSource } from "./types.ts";

/** The fields as the schema allows them, before the dates are read. */
interface PostFields {
  title: string;
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
}

/** `name` is the file's name without its extension (a bundle's folder name). */
export function parsePost(name: string, text: string, file: string, path = file): PostSource {
  const parsed = parseMarkdownFile(text, file);
  const mapped = mapPostFields(parsed.data as Record<string, unknown>);
  const named = readFileName(name, typeof mapped.data.lang === "string" ? mapped.data.lang : undefined);
  // The date of a Jekyll-style name, `2025-01-29-title.md`, when the frontmatter gives none.
  if (mapped.data.date === undefined && named.date !== undefined) mapped.data.date = named.date;
  const located = writtenAs(parsed, mapped);
  const problem = (at: FieldProblem) => locatedError(located, file, text, at);
  if (mapped.problems.length > 0) throw new SitegenErrors(mapped.problems.map(problem));
  const misspelt = (field: string) => misspelling(field, mapped.params, POST_FIELDS);
  if (!validatePost(mapped.data)) throw new SitegenErrors(schemaErrors(validatePost.errors ?? [], located, file, text, misspelt));
  const data = mapped.data as unknown as PostFields;

  const errors: SitegenError[] = [];
  const dateOf = (field: "date" | "updated"): WrittenDate | undefined => {
    const value = data[field];
    if (value === undefined) return undefined;
    const read = readDate(value);
    if ("problem" in read) {
      errors.push(problem({ path: [field], key: false, message: `\`${field}\` is not a date: ${read.problem}`, hint: "write dates as YYYY-MM-DD, e.g. 2025-03-04, or a time as 2025-03-04T10:00:00Z" }));
      return undefined;
    }
    return read;
  };
  if (data.date === undefined) {
    errors.push(problem(missingField("date", misspelt("date"), "add `date: YYYY-MM-DD` to the frontmatter, or start the file's name with the day, as in `2025-03-04-title.md`")));
  }
  const date = dateOf("date");
  const updated = dateOf("updated");
  if (date && updated && Date.parse(updated.time) < Date.parse(date.time)) {
    errors.push(problem({ path: ["updated"], key: false, message: `\`updated\` (${data.updated}) is before \`date\` (${data.date})`, hint: "`updated` is when the post last changed, after it was first published" }));
  }
  if (data.image !== undefined && !/^(?:\/(?!\/)|https?:\/\/)/.test(data.image)) {
    errors.push(problem({ path: ["image"], key: false, message: `\`image\` must be a path from the site root or an absolute URL, not \`${data.image}\``, hint: "put the image in the templates' assets/ folder and write `image: /assets/<name>`" }));
  }
  const slug = data.slug ?? named.slug;
  const wrongSlug = data.slug !== undefined ? slugProblem(data.slug) : named.slug === "" ? "no Latin letter or digit in the file's name" : undefined;
  if (wrongSlug) {
    const suggested = slugify(data.slug ?? name, data.lang);
    if (data.slug !== undefined) {
      errors.push(problem({ path: ["slug"], key: false, message: `malformed slug \`${slug}\`: ${wrongSlug}`, hint: suggested ? `write \`slug: ${suggested}\`` : "a slug is Latin letters and digits joined by hyphens" }));
    } else {
      errors.push(new SitegenError("E_CONTENT", `the file's name gives no slug: ${wrongSlug}`, { location: { file }, hint: "set `slug:` in its frontmatter, or rename the file; `sitegen new post \"<title>\"` derives a valid slug from a title" }));
    }
  }
  const description = readDescription(data.description, parsed.body, (at) => errors.push(problem(at)));
  const aliases = readAliases(data.aliases, (index) => located.locate(["aliases", index])?.line, (at) => errors.push(problem(at)));
  if (errors.length > 0 || !date) throw new SitegenErrors(errors);

  const notices: ContentNotice[] = [
    ...fieldNotices(mapped.params, located, "post"),
    ...templateTags(parsed.body, parsed.bodyLine).map((tag): ContentNotice => ({ kind: "template-tag", ...tag })),
    ...controlCharacterNotices({ title: data.title, description: data.description }, located, parsed.body, parsed.bodyLine),
  ];
  if (data.slug === undefined && named.changed) notices.push({ kind: "slug", slug });
  const tags = [...new Set([...(data.tags ?? []), ...(data.categories ?? [])])];
  const author = data.author === undefined ? undefined : [data.author].flat().join(", ");
  return {
    slug,
    file,
    path,
    title: data.title,
    description: description ?? "",
    ...(data.description === undefined ? { describedByBody: true as const } : {}),
    date: date.day,
    published: date.time,
    ...(updated ? { updated: updated.day } : {}),
    tags,
    ...(data.lang !== undefined ? { lang: data.lang } : {}),
    status: data.status,
    ...(author !== undefined ? { author } : {}),
    ...(data.image !== undefined ? { image: data.image } : {}),
    ...(data.toc !== undefined ? { toc: data.toc } : {}),
    aliases,
    body: parsed.body,
    bodyLine: parsed.bodyLine,
    params: mapped.params,
    notices,
  };
}

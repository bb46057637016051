/**
 * A post of content/blog/: its frontmatter read as sitegen's fields (the
 * ones other generators use included, src/content/foreign-fields.ts), held
 * to the schema, its dates read, and its slug: `slug:` when the file sets
 * one, else the file's name.
 */
import { SitegenError, SitegenErrors } from "../errors.ts";
import { validatePost } from "../schemas/index.ts";
import { readDate, type WrittenDate } from "./dates.ts";
import { mapPostFields, type FieldProblem } from "./foreign-fields.ts";
import { parseMarkdownFile, schemaErrors } from "./frontmatter.ts";
import { locatedError, writtenAs } from "./locate.ts";
import { slugify, slugProblem } from "./slug.ts";
import type { PostSource } from "./types.ts";

/** The fields as the schema allows them, before the dates are read. */
interface PostFields {
  title: string;
  description: string;
  date: string;
  updated?: string;
  tags?: string[];
  categories?: string[];
  lang?: string;
  status: PostSource["status"];
  slug?: string;
  author?: string | string[];
  image?: string;
}

/** `name` is the file's name without its extension. */
export function parsePost(name: string, text: string, file: string, path = file): PostSource {
  const parsed = parseMarkdownFile(text, file);
  const mapped = mapPostFields(parsed.data as Record<string, unknown>);
  const located = writtenAs(parsed, mapped);
  const problem = (at: FieldProblem) => locatedError(located, file, text, at);
  if (mapped.problems.length > 0) throw new SitegenErrors(mapped.problems.map(problem));
  if (!validatePost(mapped.data)) throw new SitegenErrors(schemaErrors(validatePost.errors ?? [], located, file, text));
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
  const date = dateOf("date");
  const updated = dateOf("updated");
  if (date && updated && Date.parse(updated.time) < Date.parse(date.time)) {
    errors.push(problem({ path: ["updated"], key: false, message: `\`updated\` (${data.updated}) is before \`date\` (${data.date})`, hint: "`updated` is when the post last changed, after it was first published" }));
  }
  if (data.image !== undefined && !/^(?:\/(?!\/)|https?:\/\/)/.test(data.image)) {
    errors.push(problem({ path: ["image"], key: false, message: `\`image\` must be a path from the site root or an absolute URL, not \`${data.image}\``, hint: "put the image in the templates' assets/ folder and write `image: /assets/<name>`" }));
  }
  const slug = data.slug ?? name;
  const wrongSlug = slugProblem(slug);
  if (wrongSlug) {
    const suggested = slugify(slug, data.lang);
    if (data.slug !== undefined) {
      errors.push(problem({ path: ["slug"], key: false, message: `malformed slug \`${slug}\`: ${wrongSlug}`, hint: suggested ? `write \`slug: ${suggested}\`` : "a slug is Latin letters and digits joined by hyphens" }));
    } else {
      errors.push(
        new SitegenError("E_CONTENT", `malformed slug \`${slug}\`: ${wrongSlug}`, {
          location: { file },
          hint: suggested
            ? `the file's name is the post's URL: rename it to \`${suggested}.md\`, or keep the name and set \`slug: ${suggested}\` in its frontmatter`
            : "rename the file; `sitegen new post \"<title>\"` derives a valid slug from a title",
        }),
      );
    }
  }
  if (errors.length > 0 || !date) throw new SitegenErrors(errors);

  const tags = [...new Set([...(data.tags ?? []), ...(data.categories ?? [])])];
  const author = data.author === undefined ? undefined : [data.author].flat().join(", ");
  return {
    slug,
    file,
    path,
    title: data.title,
    description: data.description,
    date: date.day,
    published: date.time,
    ...(updated ? { updated: updated.day } : {}),
    tags,
    ...(data.lang !== undefined ? { lang: data.lang } : {}),
    status: data.status,
    ...(author !== undefined ? { author } : {}),
    ...(data.image !== undefined ? { image: data.image } : {}),
    body: parsed.body,
    bodyLine: parsed.bodyLine,
  };
}

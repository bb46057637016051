/**
 * A post of content/blog/: its frontmatter read as sitegen's fields (the
 * ones other generators use included, src/content/foreign-fields.ts), held
 * to the schema, its dates read (src/content/post-dates.ts), and its slug
 * (src/content/post-urls.ts): `slug:` when the file sets one, else the
 * file's name (less a `YYYY-MM-DD-` date, made valid:
 * src/content/file-name.ts). A description it lacks is its body's first
 * paragraph. A file without frontmatter is src/content/post-unfronted.ts's.
 */
import { SitegenError, SitegenErrors } from "../errors.ts";
import { validatePost } from "../schemas/index.ts";
import type { ExcerptOf } from "./excerpt.ts";
import type { FileDate, FileTime } from "./file-dates.ts";
import { readAliases } from "./aliases.ts";
import { readFileName } from "./file-name.ts";
import { POST_FIELDS } from "./field-names.ts";
import { mapPostFields, type FieldProblem } from "./foreign-fields.ts";
import { misspelling } from "./misspelt-fields.ts";
import { fieldNotices, readDescription } from "./notices.ts";
import { markupOf } from "./markup.ts";
import { mdxNotices } from "./mdx.ts";
import { templateTags } from "./template-tags.ts";
import { isListPage, jekyllTerms } from "./post-habits.ts";
import { dateFromNameOrAddress, readPostDates } from "./post-dates.ts";
import { publishedUnfronted, readPostFile, titleOf } from "./post-unfronted.ts";
import { readImage, readSlug } from "./post-urls.ts";
import { controlCharacterNotices, urlWithoutControls, withoutControls } from "./control-characters.ts";
import type { UnfrontedDialect } from "./unfronted.ts";
import { fieldText, holdToSchema, readTitle } from "./fields.ts";
import { lenientNotices, locatedError, locatedNotice, writtenAs } from "./locate.ts";
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
  image_alt?: string;
  aliases?: string[];
  toc?: boolean;
  markup?: string;
}

export interface PostOptions {
  /** The day the file was written, for a post that names none (src/content/file-dates.ts); without it, such a post is an error. */
  fileDate?: (path: string, which?: FileTime) => FileDate | undefined;
  /** Whose content a file without frontmatter is, where its generator publishes it (src/content/unfronted.ts); without it, such a file is left out, as Jekyll leaves it. */
  unfronted?: (path: string) => UnfrontedDialect | undefined;
  /** The body's summary, for a post without a description: the renderer's (src/content/excerpt.ts says why it is given). */
  excerptOf: ExcerptOf;
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
  options: PostOptions,
): PostSource {
  const { parsed, unfronted } = readPostFile(text, file, path, options.unfronted);
  const mapped = mapPostFields(jekyllTerms(parsed.data as Record<string, unknown>, name));
  const named = readFileName(name, typeof mapped.data.lang === "string" ? mapped.data.lang : undefined);
  dateFromNameOrAddress(mapped, parsed.data as Record<string, unknown>, named, name);
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
  const { date, updated } = readPostDates(
    data,
    { path, fileDate: options.fileDate, misspelt },
    { readPast, fatal },
  );
  if (unfronted && title !== undefined && date)
    mapped.readPast = publishedUnfronted(mapped.readPast, {
      dialect: unfronted,
      title,
      day: date.day,
      named: named.date !== undefined,
    });
  const image = readImage(data.image, readPast);
  const imageAlt = readImageAlt(data.image_alt, image, mapped, readPast);
  const slug = readSlug({ written: data.slug, named, title, lang: data.lang }, { readPast, fatal, file });
  const markup = markupOf(file, data.markup);
  const description = readDescription(data.description, parsed.body, readPast, markup, options.excerptOf);
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
        ...(imageAlt !== undefined ? { image_alt: imageAlt } : {}),
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
    ...(imageAlt !== undefined ? { imageAlt: withoutControls(imageAlt) } : {}),
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
 * The picture's text for a reader who cannot see it (`image_alt`, or `alt`
 * beside the picture, `cover: { alt }` inside it). Given with no picture it
 * describes nothing: read past, with a warning at its line.
 */
function readImageAlt(
  alt: string | undefined,
  image: string | undefined,
  mapped: { writtenAs: Record<string, string>; altInPicture?: true },
  readPast: (at: FieldProblem) => void,
): string | undefined {
  if (alt === undefined || image !== undefined) return alt;
  const name = mapped.writtenAs.image_alt ?? "image_alt";
  readPast({
    kind: "unread-field",
    path: mapped.altInPicture ? ["image", "alt"] : ["image_alt"],
    key: true,
    message: `\`${name}\` describes a picture, but the post has none (\`image\`, \`cover\`, \`heroImage\`): not used`,
    hint: "add the picture it describes beside it (`image: /assets/cover.png`), or remove the line",
  });
  return undefined;
}

/** The fields that decide what is published and under what: a value the schema refuses there leaves the post out. */
const DECIDING = ["status", "title", "date", "updated"];

/** Tags and categories once each, however capitalised: the first spelling is kept. */
function uniqueTerms(terms: string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((term) => !seen.has(term.toLowerCase()) && Boolean(seen.add(term.toLowerCase())));
}

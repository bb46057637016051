/**
 * A post file without frontmatter, which Eleventy and Hugo publish and Jekyll
 * leaves out: read as one with empty frontmatter when the caller says whose
 * content it is (src/content/unfronted.ts), titled and dated as its
 * generator does, with one warning that names the lines to add. Its own
 * module because it is one generator's habit at both ends of reading a post
 * (src/content/post.ts): the file's reading, and the warning made once the
 * title and date are known.
 */
import { SitegenError } from "../errors.ts";
import type { FieldProblem } from "./foreign-fields.ts";
import { parseMarkdownFile } from "./frontmatter.ts";
import type { ParsedMarkdownFile } from "./frontmatter-types.ts";
import { EMPTY_FRONTMATTER, unfrontedNotice, type UnfrontedDialect } from "./unfronted.ts";

/**
 * The file's frontmatter and body; a file without frontmatter whose
 * generator publishes it (Eleventy's, Hugo's) as one with empty frontmatter,
 * its lines as written. Else the error that leaves it out.
 */
export function readPostFile(
  text: string,
  file: string,
  path: string,
  unfronted?: (path: string) => UnfrontedDialect | undefined,
): { parsed: ParsedMarkdownFile; unfronted?: UnfrontedDialect } {
  try {
    return { parsed: parseMarkdownFile(text, file) };
  } catch (error) {
    // The one file parseMarkdownFile leaves out, rather than refusing: one with no frontmatter.
    const dialect =
      error instanceof SitegenError && error.kind === "left-out" ? unfronted?.(path) : undefined;
    if (!dialect) throw error;
    const parsed = parseMarkdownFile(EMPTY_FRONTMATTER + text.replace(/^\uFEFF/, ""), file);
    return { parsed: { ...parsed, bodyLine: parsed.bodyLine - 2 }, unfronted: dialect };
  }
}

/** An Eleventy post without frontmatter or heading is titled by its `page.fileSlug`, as its theme shows it: its file's name as written, less a leading date. */
export function titleOf(
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
export function publishedUnfronted(
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

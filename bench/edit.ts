/**
 * Edits an author makes, for the rebuild benchmarks: a post saved with one
 * sentence rewritten (and its title, when asked), and a template with one
 * element added. Each carries a marker word, so that a reader of the output
 * can tell the edited version from the one before.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Saves as editors do: a temporary file beside it, renamed over it, so that nobody reads a half-written file. */
export function saveAtomically(file: string, text: string): void {
  const temporary = join(dirname(file), `.${basename(file)}.save-tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * The post with the first sentence of its first paragraph rewritten to carry
 * `marker`, and with `marker` added to its title when `title` is set.
 */
export function editPost(text: string, marker: string, options: { title: boolean }): string {
  const close = text.indexOf("\n---\n", 4);
  if (!text.startsWith("---\n") || close < 0) throw new Error("the post has no frontmatter");
  let frontmatter = text.slice(0, close + 5);
  const body = text.slice(close + 5);
  if (options.title) {
    const line = /^title: "(.*)"$/m.exec(frontmatter);
    if (!line) throw new Error("the post has no double-quoted title");
    frontmatter = frontmatter.replace(line[0], `title: "${line[1]} (revised ${marker})"`);
  }
  // The first paragraph: a line of prose, not a heading, list, table, quote or fence.
  const paragraph = /^[\p{L}\p{N}].*$/mu.exec(body);
  if (!paragraph) throw new Error("the post has no paragraph to edit");
  const end = paragraph[0].search(/[.!?](\s|$)/);
  const rest = end < 0 ? "" : paragraph[0].slice(end + 1);
  const edited = `This sentence was rewritten in edit ${marker}.${rest}`;
  return (
    frontmatter + body.slice(0, paragraph.index) + edited + body.slice(paragraph.index + paragraph[0].length)
  );
}

/** Reads a post, edits it as `editPost` does, and saves it as an editor would. */
export function savePostEdit(file: string, marker: string, options: { title: boolean }): void {
  saveAtomically(file, editPost(readFileSync(file, "utf8"), marker, options));
}

/** The template with an empty element carrying `marker` before `</body>`. */
export function editTemplate(text: string, marker: string): string {
  const at = text.lastIndexOf("</body>");
  if (at < 0) throw new Error("the template has no </body>");
  return `${text.slice(0, at)}<div data-edit="${marker}"></div>\n${text.slice(at)}`;
}

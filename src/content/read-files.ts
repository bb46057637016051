/**
 * The content's small files read whole, and a post's frontmatter read
 * without its body, each refused unread when it is too large
 * (src/content/file-limit.ts).
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { basename } from "node:path";
import { SitegenError } from "../errors.ts";
import { sourceSizeProblem } from "./file-limit.ts";

/** Small files read one after another: synchronous reads cost less than a promise each. */
export function readTextSync(path: string, file: string): string {
  // Its size first: a huge file is refused without being read (src/content/file-limit.ts).
  const tooLarge = sourceSizeProblem(sizeOf(path), basename(file));
  if (tooLarge)
    throw new SitegenError("E_CONTENT", tooLarge.message, {
      kind: "too-large",
      location: { file },
      hint: tooLarge.hint,
    });
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new SitegenError("E_CONTENT", `cannot read ${file}`, {
      kind: "unreadable",
      location: { file },
      cause: error,
    });
  }
}

/** A file's size, or 0 when it cannot be stat'ed (the read that follows says why). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Bytes read first for a post's metadata: frontmatter is a few hundred bytes. */
const HEAD_BYTES = 8192;
/** A line `---` after the first line, whole: the frontmatter ends within the text before it. */
const CLOSING_FENCE = /\n---[ \t]*\r?\n/;

/**
 * The start of a file up to at least the end of its frontmatter: the whole
 * file when the frontmatter does not close within the first few kilobytes.
 * What follows the frontmatter may be cut anywhere, even within a character.
 */
export function readFrontmatterSync(path: string, file: string): string {
  let head: string;
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.allocUnsafe(HEAD_BYTES);
      const length = readSync(fd, buffer, 0, HEAD_BYTES, 0);
      head = buffer.toString("utf8", 0, length);
      if (length < HEAD_BYTES) return head;
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new SitegenError("E_CONTENT", `cannot read ${file}`, {
      kind: "unreadable",
      location: { file },
      cause: error,
    });
  }
  return CLOSING_FENCE.test(head) ? head : readTextSync(path, file);
}

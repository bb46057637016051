/**
 * Highlighted code blocks in the build cache (src/write/cache.ts), kept
 * apart from its pages: a new sitegen renders every page again, but a block
 * is highlighted again only by another highlighter. A folder per highlighter
 * (render/media/highlight.ts `highlighterId`), a checked file per block named by
 * its key (checked-files.ts): a file whose HTML does not match its hash is
 * not used, and the block is highlighted again.
 *
 * A hash on a file's first line tells a damaged file, not a planted one:
 * whoever writes the folder can write the hash of what they wrote. So a
 * block is used only when it is its code as highlight.js marks code up:
 * spans of classes around the code's own text, escaped (`marksUp`). What a
 * planted block can change is the colours, never the text or the markup.
 */
import { join } from "node:path";
import { CheckedFiles } from "./checked-files.ts";

/** One highlighter's blocks kept across builds, by key (this file's HighlightFiles is the build cache's). */
export interface HighlightStore {
  /** The HTML kept by `key`, if it is `code`'s: a store on disk may hold anything. */
  get(key: string, code: string): string | undefined;
  put(key: string, html: string): void;
}

export class HighlightFiles implements HighlightStore {
  private readonly files: CheckedFiles;

  /**
   * `folder`: the highlighter's folder in the cache's highlight/ (`folderFor`),
   * named by the build's thread: a render worker's bundle may print the same
   * highlighter's code otherwise, so it is given the folder, not left to find it.
   */
  constructor(folder: string) {
    this.files = new CheckedFiles(folder);
  }

  /** The folder of `highlighter`'s blocks under the cache's `root`. */
  static folderFor(root: string, highlighter: string): string {
    return join(root, highlighter);
  }

  get(key: string, code: string): string | undefined {
    const html = this.files.read(key)?.toString("utf8");
    return html !== undefined && marksUp(html, code) ? html : undefined;
  }

  put(key: string, html: string): void {
    this.files.write(key, html);
  }

  /** Removes the blocks of every other highlighter under the cache's `root`: none will be read again. */
  static prune(root: string, highlighter: string): void {
    CheckedFiles.keepOnly(root, new Set([highlighter]));
  }
}

/** What highlight.js writes: a span of classes, its end, one of the five characters it escapes, or text without them. */
const TOKEN = /<span class="[A-Za-z0-9_ -]+">|<\/span>|&(?:amp|lt|gt|quot|#x27);|[^<&>"']+/y;
const ESCAPED: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

/**
 * Whether `html` is `code` marked up as highlight.js marks it: nothing but
 * spans (opened and closed in turn) and the code's text, escaped as
 * highlight.js escapes it (`escapeHTML`: & < > " '). Any other element,
 * attribute or character, or text that is not the code's, and it is not.
 */
export function marksUp(html: string, code: string): boolean {
  let depth = 0;
  let at = 0;
  let text = 0;
  TOKEN.lastIndex = 0;
  while (at < html.length) {
    const token = TOKEN.exec(html)?.[0];
    if (token === undefined) return false;
    at = TOKEN.lastIndex;
    if (token.startsWith("<span")) depth++;
    else if (token === "</span>") {
      if (--depth < 0) return false;
    } else {
      const plain = ESCAPED[token] ?? token;
      if (!code.startsWith(plain, text)) return false;
      text += plain.length;
    }
  }
  return depth === 0 && text === code.length;
}

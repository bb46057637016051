/**
 * A Markdown file the content tree lists (tree.ts), with the files of its
 * post's folder (post-files.ts): a type both name from below them.
 */
import type { ContentFile } from "./types.ts";

/** A Markdown file to read: its stem, its path, and the path messages show. */
export interface SourceEntry {
  /** The file's name without its extension (a bundle's folder name): a post's slug, a page's name. */
  name: string;
  path: string;
  file: string;
  /** The other files of the post's folder, when the post is a bundle. */
  bundle?: BundleFile[];
  /**
   * A post's path below the blog folder as a URL's, when the post is filed in
   * a folder there: `release/v5.1.1` for blog/release/v5.1.1.md and for
   * blog/release/v5.1.1/index.md. Hugo, Eleventy, Astro and Next publish a
   * post at that path, and its author links it there.
   */
  place?: string;
}

/** A file beside a post in its folder, published under the post's URL: `name` is its path inside the folder. */
export type BundleFile = ContentFile;

/**
 * What `sitegen import` reads from another generator's site, before it is
 * written as a sitegen site: each post and page with its frontmatter as the
 * source wrote it, its body, its old URL as the source generator computes it,
 * and the files beside it; the site-wide files; and what site.yaml can take.
 * One reader per generator (jekyll.ts, hugo.ts, eleventy.ts) fills it; the
 * writer (write.ts) never knows which.
 */

export type Generator = "jekyll" | "hugo" | "eleventy";

export interface ImportedDocument {
  /** The source file, as messages name it. */
  file: string;
  /** The frontmatter as written (TOML or YAML, read). */
  data: Record<string, unknown>;
  body: string;
  /** The line of the source file the body starts at. */
  bodyLine: number;
  /** Its file name without the extension, or its folder's for a bundle: what sitegen derives its slug from. */
  stem: string;
  /** Its address on the old site, computed as the source generator computes it; undefined where that cannot be known here. */
  oldUrl?: string;
  /** Why the old URL could not be computed. */
  oldUrlUnknown?: string;
  /** Files beside it in its folder (a bundle): their name inside it and absolute path. */
  bundle: { name: string; path: string }[];
}

export interface ImportedSite {
  generator: Generator;
  /** What site.yaml can take. */
  site: { name?: string; description?: string; baseUrl?: string; language?: string };
  posts: ImportedDocument[];
  pages: ImportedDocument[];
  /** Site-wide files, by their path from the site root. */
  files: { name: string; path: string }[];
  /** Source files left behind, with why (the generator's own configuration, layouts, data files). */
  left: { file: string; why: string }[];
}

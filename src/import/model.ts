/**
 * What `sitegen import` reads from another generator's site, before it is
 * written as a sitegen site: each post and page with its frontmatter as the
 * source wrote it (its data cascade applied), its body, every address the
 * source generator published it at, its language and the files beside it;
 * the site-wide files with their old addresses; and what site.yaml can take.
 * One reader per generator (jekyll.ts, hugo.ts, eleventy.ts, astro.ts) fills
 * it; the plan (plan.ts) never knows which.
 */

export type Generator = "jekyll" | "hugo" | "eleventy" | "astro";

export interface ImportedDocument {
  /** The source file, as messages name it. */
  file: string;
  /** The frontmatter as written (TOML or YAML, read), with the values the source's data cascade gives it beneath. */
  data: Record<string, unknown>;
  body: string;
  /** The line of the source file the body starts at. */
  bodyLine: number;
  /** A post is dated and listed on the blog; a page stands at its own address. */
  kind: "post" | "page";
  /** A post: its file name without the extension, or its folder's for a bundle: what sitegen derives its slug from. */
  stem: string;
  /**
   * Its addresses on the old site, from the host's root (a base path such as
   * `/field/` included), the one it was published at first; more when the
   * source also answered others (Hugo writes an HTML redirect for each alias).
   * Empty when it cannot be known here (`oldUrlUnknown` says why).
   */
  oldUrls: string[];
  oldUrlUnknown?: string;
  /** Its language, where the source has several (a BCP 47 tag as the source wrote it). */
  lang?: string;
  /** What its translations share: documents with the same key are one text in several languages. */
  translationKey?: string;
  /** Files beside it in its folder (a bundle): their name inside it, absolute path, and old address. */
  bundle: ImportedFile[];
  /** The source file's real path, where its reader keeps it (Eleventy's and Astro's: the site's own generator is asked what the text's template calls or MDX components gave). */
  real?: string;
  /** A page that the source made from a template of its own (Hugo's `_index.md` of the home or the blog): which of the site's own pages it is. */
  role?: "home" | "blog";
}

export interface ImportedFile {
  /** `/`-separated: inside the bundle, or from content/static/. */
  name: string;
  /** Absolute path of the file to copy (inside the source). */
  path: string;
  /** Its address on the old site, when it was published. */
  oldUrl?: string;
}

export interface LeftOut {
  /** The source file, as messages name it. */
  file: string;
  line?: number;
  why: string;
  /** The addresses the source published it at, which no page of the new site answers. */
  oldUrls?: string[];
  /** A list of one tag's or category's posts (`site.categories["Elixir in Production"]`): that term, whose page is its counterpart. */
  listsTerm?: string;
  /** The new site's page that lists what this one listed (`/blog/` for a list of every post): a link to its old address leads there. */
  listedAt?: string;
  /** A post or page the old site published that does not arrive: an error unless the loss is accepted (`--accept-loss`). */
  post?: boolean;
}

export interface ImportedSite {
  generator: Generator;
  /** What site.yaml can take. */
  site: {
    name?: string;
    description?: string;
    /** The old site's origin, `https://example.com`. */
    origin?: string;
    /** The path the old site was served under, `/field` (Hugo's baseURL, Jekyll's baseurl, Astro's base), or "". */
    basePath: string;
    /** The site's languages, its default first. */
    languages: string[];
    /** The old addresses' prefix of a language, where it is not the language's tag: Hugo's `[languages.de-de]` of `languageCode = "de"` published under `/de-de/`. By prefix, in lower case. */
    prefixes?: Record<string, string>;
    /** The configuration's own values that a text may name (Liquid's `{{ site.repository }}`), by their dotted path. */
    values?: Map<string, string>;
  };
  posts: ImportedDocument[];
  pages: ImportedDocument[];
  /** Site-wide files, by their path from the site root. */
  files: ImportedFile[];
  /** A Jekyll site's configuration, includes and data, by their path from its root: moved into content/ as they are, where its posts' Liquid reads them (src/content/jekyll-files.ts). */
  liquid?: ImportedFile[];
  /** Source files left behind, with why (the generator's own configuration, layouts, data files, list pages). */
  left: LeftOut[];
  /** Documents moved with something the import had to decide for them (an undated post dated by its file), by file: the report names each. */
  notes?: LeftOut[];
  /** Addresses of the lists of posts the generator made from no file (Hugo's `/posts/` without an `_index.md`): the blog page answers them. */
  blogAddresses?: string[];
  /** An Astro site whose configuration names Starlight's integration: its theme draws a page's `hero:` (starlight-hero.ts). */
  starlight?: boolean;
}

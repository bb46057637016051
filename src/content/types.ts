import type { CspSources } from "../negotiation/headers.ts";
import type { FindingKind } from "../policy.ts";
import type { Markup } from "./markup.ts";
import type { AgentSettings, SiteBudgets, SiteSection, SiteTheme } from "./site-settings.ts";

/** A BCP 47 language tag, in its canonical spelling: `en`, `vi`, `pt-BR`. */
export type Lang = string;
export type PostStatus = "published" | "draft" | "retired";

/** The CDN a build is for: its rules files and where negotiation runs (src/hosts/<host>/). */
export type HostName = "netlify" | "cloudflare";
export const HOSTS: readonly HostName[] = ["netlify", "cloudflare"];

export interface NavLink {
  title: string;
  path: string;
}

export interface SiteRedirect {
  from: string;
  to: string;
  line?: number;
}

export interface SiteConfig {
  name: string;
  base_url: string;
  /** The site's languages, the default first (`languages`, or `language` for one, in site.yaml). */
  languages: Lang[];
  summary: string;
  when_to_use: string[];
  when_not_to_use: string[];
  contact: { email: string; address?: string };
  navigation: NavLink[];
  footer_navigation?: NavLink[];
  /** Old addresses of pages the build makes, each with the path it redirects to and its line in site.yaml (`redirects`). */
  redirects?: SiteRedirect[];
  /** What /agent-instructions.md says that only the site can say. */
  agent_instructions?: {
    /** Follows "Attribute quotations to <name>.": what the posts are, for an agent relying on them. */
    attribution?: string;
    /** What to send the user to the contact for: "any question the pages do not answer" when left out. */
    hand_off_for?: string;
    /** What an agent must not do on the site owner's behalf, one bullet each. */
    hand_off_notes?: string[];
  };
  /** Size budgets; any left out take their defaults (src/plan/budgets.ts). */
  budgets?: SiteBudgets;
  /** What the site looks like without a template edit (src/render/page/theme.ts). */
  theme?: SiteTheme;
  /** Publish /feed.xml, an Atom feed of the newest posts (src/render/emit/feed.ts). */
  feed?: boolean;
  /** Publish /tags/ and a page per tag, /tags/<tag>/ (src/manifest/listings.ts). */
  tags?: boolean;
  /** Publish /archive/, every post by year (src/manifest/listings.ts). */
  archive?: boolean;
  /** The site's sections in reading order, each its pages: the theme's section navigation and previous and next links. */
  sections?: SiteSection[];
  /** Write the search index (src/render/emit/search-index.ts) that a search page asks through `/mcp`'s `search` tool. */
  search?: boolean;
  /** What the site shows agents and people of its machine surface, and what it requires (`agents` in site.yaml). */
  agents?: AgentSettings;
  /** Open every post with a table of contents of its headings, unless the post says `toc: false`. */
  toc?: boolean;
  /** List this many posts a page: /blog/ the newest, /blog/page/2/ the next, and so on (tag pages too). */
  paginate?: number;
  /** The CDN the site deploys to when `build` is given no `--host`: Netlify unless it says. */
  host?: HostName;
  /** Open Graph locale (`language_TERRITORY`) of each content language, e.g. `en: en_GB`. */
  locales?: Record<Lang, string>;
  /** What the pages may load from elsewhere, by CSP directive (src/negotiation/headers.ts). */
  security?: CspSources;
  /** What ends a post's summary, for its description: `<!--more-->` when left out (src/render/markdown/summary.ts). */
  excerpt_separator?: string;
  /** How the Markdown is read: `heading_ids`, how a heading's id is spelled (src/render/markdown/heading-ids.ts). */
  markdown?: { heading_ids?: HeadingIdStyle; math?: MathDialect; image_captions?: "title" | "none" };
}

/** The spellings of heading ids site.yaml's `markdown.heading_ids` names, one for each generator's (src/render/markdown/heading-ids.ts). */
/** How TeX math is delimited, as site.yaml's `markdown.math` names it (src/render/markdown/math.ts). */
export type MathDialect = "latex" | "kramdown" | "dollars" | "mathjax" | "none";

export type HeadingIdStyle =
  | "github"
  | "jekyll"
  | "kramdown"
  | "hugo"
  | "hugo-ascii"
  | "blackfriday"
  | "eleventy"
  | "ascii";

/**
 * What reading one file found that the build reports and goes on: a field
 * sitegen does not know (kept as a param; `meant` when it looks like a typo
 * of a known one), a template tag left in the text, a slug made from the
 * file's name, or a problem read past (an empty `tags:`, a tag with
 * capitals, a `date` on a page), located in the file. Plain data, so that
 * it crosses worker threads and the build cache with its post;
 * src/content/notices.ts turns the build's into findings, whose seriousness
 * src/policy.ts decides by their kind.
 */
export type ContentNotice =
  | { kind: "field"; name: string; line?: number; meant?: string }
  | { kind: "template-tag"; line: number; tag: string }
  /** A character XML 1.0 forbids in a text (src/content/control-characters.ts): the first, as `U+000B`, and how many. */
  | { kind: "control-character"; field: string; line?: number; character: string; count: number }
  | { kind: "slug"; slug: string }
  | {
      kind: "problem";
      problem: FindingKind;
      message: string;
      hint?: string;
      line?: number;
      column?: number;
      sourceLine?: string;
    };

/** A Markdown source file after its frontmatter was validated. */
interface SourceFile {
  /** Path as the user would type it, for messages: `content/blog/x.md`. */
  file: string;
  /** Absolute path, for reading the file again. */
  path: string;
  title: string;
  /** As written, or the body's summary (src/content/excerpt.ts). */
  description: string;
  /** Set when `description` was made from the body: a site's own summary marker (`excerpt_separator`) makes it again. */
  describedByBody?: true;
  body: string;
  bodyLine: number;
  /** `html` when the body is HTML (src/content/markup.ts); Markdown when left out. */
  markup?: Markup;
  /** The frontmatter's fields that sitegen does not know, as written: templates read them as `params.<name>`. */
  params: Record<string, unknown>;
  notices: ContentNotice[];
}

export interface PageSource extends SourceFile {
  /** Its path below pages/, without the extension, as a URL's path: `index`, `about`, `docs/history`. */
  name: string;
  /** The day it last changed, as written; a page without one is dated by the build. */
  updated?: string;
  lang?: Lang;
  /** `draft: true`: read and reported, then left out. */
  draft?: true;
  /** Old addresses of the page (`aliases`), with their lines: each redirects to it. */
  aliases?: { path: string; line?: number }[];
}

export interface PostSource extends SourceFile {
  slug: string;
  /** The day it is dated, as written: YYYY-MM-DD. */
  date: string;
  /** The moment it is dated, RFC 3339 (`date` at midnight UTC when it gives no time). */
  published: string;
  /** The day it last changed: YYYY-MM-DD. */
  updated?: string;
  /** Who wrote it, as the file names them (several joined by commas). */
  author?: string;
  /** An image for it: a file the site publishes, or an absolute URL. */
  image?: string;
  /** Its image's text for a reader who cannot see it (`image_alt`, `alt`, `cover: { alt }`). */
  imageAlt?: string;
  /** Whether its page opens with a table of contents (`toc`); site.yaml's `toc` when left out. */
  toc?: boolean;
  tags: string[];
  /** One of the site's languages; the default when the file names none. */
  lang?: Lang;
  status: PostStatus;
  /** The files beside the post in its folder (a bundle), published under its URL. */
  bundle?: ContentFile[];
  /** Its path below the blog folder, when it is filed in a folder there (src/content/tree.ts): the address other generators gave it is one of its old ones. */
  place?: string;
  /** Old addresses of the post, as written (`aliases`, `redirect_from`), with their lines: each redirects to it. */
  aliases: { path: string; line?: number }[];
}

/** A file the site publishes as it is: a post bundle's (`name` inside the bundle) or a site-wide one (`name` from content/static/). */
export interface ContentFile {
  /** `/`-separated: `possum.png`, `img/chart.svg`, `favicon.ico`. */
  name: string;
  /** Absolute path, to copy it from. */
  path: string;
  /** As messages name it. */
  file: string;
  bytes: number;
  /** An image's size, for its `<img>` tags. */
  width?: number;
  height?: number;
}

export interface Content {
  /** Where site.yaml lives, for messages. */
  siteFile: string;
  site: SiteConfig;
  pages: PageSource[];
  posts: PostSource[];
  /** content/static/: files for the whole site, published at the site root as they are. */
  files: ContentFile[];
  /** A Jekyll site's configuration, includes and data, when the content is Jekyll's (src/content/jekyll-files.ts): its posts' Liquid runs. */
  jekyll?: JekyllFiles;
}

/** A Jekyll site's configuration, includes and data, read by src/content/jekyll-files.ts. */
export interface JekyllFiles {
  /** _config.yml's settings, as written: what `{{ site.<name> }}` reads beneath site.yaml's. */
  config: Record<string, unknown>;
  /** Each file of _includes/ by its path from there (`note.html`, `figures/wide.html`). */
  includes: Record<string, string>;
  /** _data/'s YAML, JSON, CSV and TSV files by their path without the extension (`authors`, `team/people`), nested as `site.data` names them. */
  data: Record<string, unknown>;
}

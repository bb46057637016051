/**
 * The settings of site.yaml past its names and addresses: the footer's
 * links to the machine surface, `agents`, `theme`, `sections` and
 * `budgets`, each read by the module that uses it. A file of their own, as
 * SiteConfig (src/content/types.ts) only names them.
 */
/** The footer's links to the machine surface a layout may show: the developers page, the feed, llms.txt, the page's Markdown. */
export type FooterLink = "developers" | "feed" | "llms_txt" | "markdown";
export const FOOTER_LINKS: readonly FooterLink[] = ["developers", "feed", "llms_txt", "markdown"];

/** `agents` in site.yaml: each as before when left out. */
export interface AgentSettings {
  /** The footer's links the layout shows (`footerLinks`): all four when left out; the developers page's and the feed's only where the site has them. */
  footer_links?: FooterLink[];
  /**
   * Whether the site must have /developers/ with its `#errors`, `#http-404` and `#http-406` headings,
   * which error bodies link (`required`, when left out). Without it, a site that has no such page names
   * `about:blank` as an error's type and /agent-instructions.md as its documentation.
   */
  developers_page?: "required" | "optional";
  /** Describe each page's forms in its Markdown: where it posts, each field, what happens after (src/render/page/forms.ts). */
  forms?: boolean;
  /** Serve `/mcp`, a read-only MCP server of the site's pages and posts, and its server card (src/negotiation/mcp/). */
  mcp?: boolean;
  /** WebMCP: forms carry `toolname` and `tooldescription`, and /assets/webmcp.js registers `get_page` (and `search`) where the browser can (src/render/page/webmcp.ts). */
  webmcp?: boolean;
  /** Publish /sitemap.md, every page and post as a link with its description (src/render/emit/sitemap-markdown.ts). */
  sitemap_markdown?: boolean;
  /** A BreadcrumbList in each page's and post's JSON-LD (src/render/emit/structured-data.ts). */
  breadcrumbs?: boolean;
  /** Publish /.well-known/api-catalog (RFC 9727), naming /openapi.json (src/render/emit/api-catalog.ts). */
  api_catalog?: boolean;
  /** Content Signals: what the site lets its content be used for, in robots.txt where it fits and on every Markdown response. */
  content_signal?: ContentSignal;
}

/** `agents.content_signal`: each use said yes (true) or no (false); one left out is not said. */
export interface ContentSignal {
  search?: boolean;
  ai_input?: boolean;
  ai_train?: boolean;
}

/**
 * `theme` in site.yaml. Colours are CSS colours, as written; files are the
 * URL paths of a templates asset (`/assets/logo.svg`) or of a file of
 * content/static/ (`/logo.svg`).
 */
export interface SiteTheme {
  /** Links and highlights in the light scheme. */
  accent?: string;
  /** Links and highlights in the dark scheme; else the accent, lightened until it meets AA. */
  accent_dark?: string;
  /** An image shown before the site's name, and the organisation's logo in structured data. */
  logo?: string;
  /** The image of a shared link (Open Graph); without one, pages name none. */
  social_image?: string;
  // The starter theme's parts below: each left out when false or absent (the templates read them as `site.theme.<name>`).
  /** A light and dark switch in the header, remembered in the browser and applied before the first paint. */
  scheme_toggle?: boolean;
  /** A post's cover as a thumbnail in the lists of posts (`thumbnail` of a listed post). */
  listing_covers?: boolean;
  /** A listed post's tags as links to their pages, and its reading time (`tagLinksShown`, `readingMinutes`). */
  listing_details?: boolean;
  /** "Contents" above a table of contents. */
  toc_heading?: boolean;
  /** Code at the size of the text around it. */
  code_at_body_size?: boolean;
  /** A post's newer and older posts side by side, each its label over its title. */
  post_nav_columns?: boolean;
  /** The draft note's code breaks between words, never inside one. */
  draft_note_whole_words?: boolean;
  /** A button on each code block that copies its code (/assets/copy-code.js). */
  copy_code?: boolean;
  /** Every page's section and its pages beside the text, from `sections` (`sectionNav`). */
  section_nav?: boolean;
  /** The previous and next page in the order of `sections` under each page (`pageNav`). */
  page_nav?: boolean;
}

/** A section of `sections` in site.yaml: its title, and its pages by path in reading order. */
export interface SiteSection {
  title: string;
  pages: string[];
}

/** `budgets` in site.yaml, in UTF-8 bytes, as src/schemas/site.schema.json allows them. */
export interface SiteBudgets {
  llms_txt_bytes?: number;
  llms_full_txt_bytes?: number;
  blog_page_bytes?: number;
  blog_page_full_posts?: number;
  not_found_markdown_bytes?: number;
  not_found_closest_posts?: number;
}

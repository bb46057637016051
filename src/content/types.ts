export type Lang = "en" | "vi";
export type PostStatus = "published" | "draft" | "retired";

export interface NavLink {
  title: string;
  path: string;
}

export interface SiteConfig {
  name: string;
  base_url: string;
  language: Lang;
  summary: string;
  when_to_use: string[];
  when_not_to_use: string[];
  contact: { email: string; address?: string };
  navigation: NavLink[];
  footer_navigation?: NavLink[];
  /** Assets (`/assets/…`) for previews and structured data: the firm's logo, and the image of a shared link. */
  logo?: string;
  social_image?: string;
  /** Open Graph locale (`language_TERRITORY`) of each content language, e.g. `en: en_GB`. */
  locales?: Partial<Record<Lang, string>>;
}

/** A Markdown source file after its frontmatter was validated. */
interface SourceFile {
  /** Path as the user would type it, for messages: `content/blog/x.md`. */
  file: string;
  title: string;
  description: string;
  body: string;
  bodyLine: number;
}

export interface PageSource extends SourceFile {
  /** File stem: `index`, `about`, ... */
  name: string;
  updated: string;
  lang?: Lang;
}

export interface PostSource extends SourceFile {
  slug: string;
  date: string;
  updated?: string;
  tags: string[];
  lang: Lang;
  status: PostStatus;
}

export interface Content {
  /** Where site.yaml lives, for messages. */
  siteFile: string;
  site: SiteConfig;
  pages: PageSource[];
  posts: PostSource[];
}

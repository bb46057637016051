/**
 * A page or post that has no description is described by its body: its
 * summary, as Jekyll and Hugo make their excerpts. The summary is read from
 * the body's Markdown parse, which is the renderer's (src/render/markdown/
 * excerpt.ts), above content/ in the layers: reading the content is given
 * that function (`ExcerptOf`) by whoever reads it (the build, a render lane,
 * `sitegen new`), and nothing here imports the parser.
 */
import { bodyAt } from "./frontmatter.ts";
import type { Markup } from "./markup.ts";
import type { MathDialect } from "./types.ts";

/** How the site reads a body, where it says: its summary marker and its math's delimiters. */
export interface SummarySettings {
  separator?: string;
  math?: MathDialect;
}

/** A body's summary as plain text within 200 characters, "" when it has none: src/render/markdown/excerpt.ts's `excerptOf`. */
export type ExcerptOf = (body: string, settings?: SummarySettings, markup?: Markup) => string;

/**
 * A page or post described by its body, described again as the site reads
 * it: by the text before its own summary marker (`excerpt_separator` in
 * site.yaml), its math as its `markdown.math` delimits it (`$a_1$` read as
 * text would lose its `_` to emphasis). Parsing a post does not know the
 * site (posts may be parsed in a render lane), so this is done once the site
 * is read; a body not kept is read again.
 */
export function summarisedWith<
  T extends {
    describedByBody?: true;
    description: string;
    body: string;
    bodyLine: number;
    path: string;
    file: string;
    markup?: Markup;
  },
>(
  source: T,
  settings: SummarySettings,
  readText: (path: string, file: string) => string,
  excerptOf: ExcerptOf,
): T {
  if (!source.describedByBody) return source;
  const body =
    source.body !== ""
      ? source.body
      : bodyAt(readText(source.path, source.file), source.bodyLine, source.file);
  const description = excerptOf(body, settings, source.markup);
  return description === "" || description === source.description ? source : { ...source, description };
}

/**
 * A Jekyll site's translations, paired after the walk: Jekyll itself knows
 * nothing of them, so they are read from the `lang` of each text and the
 * folder it sits below, apart from how each file is read (jekyll.ts).
 */
import { canonicalTag } from "../content/languages.ts";
import { text } from "./read.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { LANG_AS_WRITTEN } from "../render/liquid/site.ts";

/**
 * A site whose pages and posts name several languages in `lang` (a folder
 * for each, as ruby-lang.org keeps them, or jekyll-polyglot's `lang:`)
 * holds translations, which Jekyll knows nothing of and the site's templates
 * pair: a text is known in each language by its address below its
 * language's folder (`/de/news/2025/…` and `/en/news/2025/…`), else by its
 * own. The default language is _config.yml's `lang` (jekyll-polyglot's
 * `default_lang`), else the one most of them are written in. `defaulted`:
 * the `lang` _config.yml's `defaults` give a text that names none, by file.
 */
export function withTranslations(
  site: ImportedSite,
  configured: string | undefined,
  defaulted: Map<string, string> = new Map(),
): ImportedSite {
  const documents = [...site.posts, ...site.pages];
  // A text's `lang` is its own, else the one _config.yml's `defaults` give its path, as Jekyll fills `page.lang`.
  const langOf = (document: ImportedDocument) =>
    canonicalTag(text(document.data.lang) ?? defaulted.get(document.file) ?? "");
  const counts = new Map<string, number>();
  for (const document of documents) {
    const lang = langOf(document);
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  if (counts.size < 2) return site;
  const fallback = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  const translated = (document: ImportedDocument): ImportedDocument => {
    const lang = langOf(document);
    if (!lang) return document;
    const old = document.oldUrls[0];
    const address =
      old !== undefined && old.startsWith(`${site.site.basePath}/`)
        ? old.slice(site.site.basePath.length)
        : `/${document.stem}`;
    const [, first, rest] = /^\/([^/]+)(\/.*)?$/.exec(address) ?? [];
    const below =
      first !== undefined && canonicalTag(first)?.toLowerCase() === lang.toLowerCase()
        ? (rest ?? "/")
        : address;
    // The tag as written (`zh_CN`) is what the site's Liquid read as `page.lang`: a data file keyed by it, a link to `/zh_CN/rss.xml`.
    const written = text(document.data.lang) ?? defaulted.get(document.file);
    const data =
      written !== undefined && written !== lang
        ? { ...document.data, [LANG_AS_WRITTEN]: written }
        : document.data;
    return { ...document, data, lang, translationKey: `${document.kind}:${below}` };
  };
  const languages =
    site.site.languages.length > 0 ? site.site.languages : [canonicalTag(configured ?? "") ?? fallback];
  return {
    ...site,
    site: { ...site.site, languages },
    posts: site.posts.map(translated),
    pages: site.pages.map(translated),
  };
}

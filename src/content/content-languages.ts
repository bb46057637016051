/**
 * The languages of the site's pages and posts: a page's name that carries
 * one (`about.fr`), the languages a site publishes in besides those it lists,
 * and a file's `lang` as the site names it.
 */
import { SitegenError } from "../errors.ts";
import { parseMarkdownFile } from "./frontmatter.ts";
import { canonicalTag, siteLanguageOf } from "./languages.ts";
import { readTextSync } from "./read-files.ts";
import type { Lang } from "./types.ts";

/**
 * A page's name with a language after a dot (`about.fr`, `docs/history.fr`)
 * where the language is one of the site's but its first: the page in that
 * language, under its prefix (`fr/about`). The first language has no prefix.
 */
export function translationOf(
  languages: readonly Lang[],
): (name: string) => { name: string; lang: Lang } | undefined {
  const others = new Map(languages.slice(1).map((lang) => [lang.toLowerCase(), lang]));
  return (name) => {
    const match = /^(.*?)\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)$/.exec(name);
    const lang = match && others.get(match[2].toLowerCase());
    if (!match || !lang) return undefined;
    const base = match[1].replace(/(^|\/)index$/, "");
    return { name: [lang.toLowerCase(), base].filter(Boolean).join("/"), lang };
  };
}

/**
 * The site's languages with every language tag a page or post names that
 * they do not list (`lang: ja` on a site in `en`), after them, sorted: the
 * site publishes in those too, as Hugo and Jekyll publish a page in whatever
 * `lang` it says, and each file that names one is told so (`languageOf`).
 */
export function withUnlisted(languages: readonly Lang[], sources: { lang?: Lang }[]): Lang[] {
  const unlisted = new Set<Lang>();
  for (const { lang } of sources) {
    const tag =
      lang === undefined || siteLanguageOf(lang, languages) !== undefined ? undefined : canonicalTag(lang);
    if (tag !== undefined) unlisted.add(tag);
  }
  return unlisted.size === 0 ? [...languages] : [...languages, ...[...unlisted].sort()];
}

/**
 * A page or post with its `lang` as the site names it (`en-US` → `en` on a
 * site in `en`). One that site.yaml does not list is published in it with a
 * warning whose hint is the `languages:` line that lists them all, the same
 * in every such warning; a value that is no language tag is an error.
 * Parsing does not know the site (posts may be parsed in a worker), so the
 * language is checked here, and a file is read again only to point at its `lang`.
 */
export function languageOf(
  listed: readonly Lang[],
  all: readonly Lang[],
  report: (warning: SitegenError) => void,
) {
  return <T extends { lang?: Lang; file: string; path: string }>(source: T): T => {
    if (source.lang === undefined) return source;
    const lang = siteLanguageOf(source.lang, all);
    if (lang !== undefined && siteLanguageOf(source.lang, listed) !== undefined)
      return lang === source.lang ? source : { ...source, lang };
    const text = readTextSync(source.path, source.file);
    const at = parseMarkdownFile(text, source.file).locate(["lang"]);
    const location = {
      location: { file: source.file, line: at?.line, column: at?.column },
      sourceLine: at && text.split(/\r?\n/)[at.line - 1],
    };
    if (lang === undefined) {
      throw new SitegenError(
        "E_CONTENT",
        `\`lang\` is ${JSON.stringify(source.lang)}, which is not a language tag`,
        {
          kind: "unknown-language",
          ...location,
          hint: `write one of the site's languages, ${listed.map((l) => `\`${l}\``).join(", ")}, or a BCP 47 tag such as \`ja\` or \`pt-BR\``,
        },
      );
    }
    report(
      new SitegenError(
        "E_CONTENT",
        `\`lang\` is ${JSON.stringify(source.lang)}, which is not one of the site's languages (${listed.join(", ")}): published in ${lang}`,
        {
          kind: "unlisted-language",
          ...location,
          hint: `to say so, list it in site.yaml: \`languages: [${all.join(", ")}]\``,
        },
      ),
    );
    return lang === source.lang ? source : { ...source, lang };
  };
}

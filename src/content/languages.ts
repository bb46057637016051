/**
 * The site's languages: `languages` in site.yaml, the first the default. A
 * page or post names one of them in `lang`; a more specific tag than the site
 * declares (`en-US` on a site in `en`) is taken as the language it narrows,
 * the way BCP 47 lookup falls back (RFC 4647 §3.4), so text written for one
 * region is not refused on a site that does not tell regions apart.
 */
import type { Lang } from "./types.ts";

/** The canonical spelling of a language tag (`en-us` → `en-US`), or undefined when it is not a BCP 47 tag. */
export function canonicalTag(written: string): Lang | undefined {
  // A locale as POSIX and gettext write it (`zh_TW`, `pt_BR`), as many sites name their languages, is the tag with a hyphen.
  const tag = written.replace(/_/g, "-");
  // A language subtag in use is ISO 639's two or three letters (RFC 5646 §2.2.1);
  // Intl implements BCP 47 canonicalization (UTS 35) and throws on anything that is not a tag.
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The site language a `lang` value means: the same tag, or the longest site
 * language it narrows (`de-AT` → `de`). Undefined when it means none.
 */
export function siteLanguageOf(lang: string, languages: readonly Lang[]): Lang | undefined {
  // Thousands of posts name the same few tags: each is looked up once for the site's languages.
  let known = siteLanguages.get(languages);
  if (!known) siteLanguages.set(languages, (known = new Map()));
  if (!known.has(lang)) known.set(lang, findSiteLanguage(lang, languages));
  return known.get(lang);
}

const siteLanguages = new WeakMap<readonly Lang[], Map<string, Lang | undefined>>();

function findSiteLanguage(lang: string, languages: readonly Lang[]): Lang | undefined {
  const canonical = canonicalTag(lang);
  if (canonical === undefined) return undefined;
  const subtags = canonical.split("-");
  for (let length = subtags.length; length > 0; length--) {
    const candidate = subtags.slice(0, length).join("-").toLowerCase();
    const match = languages.find((language) => language.toLowerCase() === candidate);
    if (match) return match;
  }
  return undefined;
}

/** `en` and `vi` as people read them: "English", "Vietnamese"; the tag itself where Intl has no name. */
export function languageName(lang: Lang): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

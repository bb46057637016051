/**
 * Languages as Eleventy's I18n plugin reads them, where a site adds it: a
 * page's translations are the files of the same path with another language's
 * code where its own is (`en/blog/finally.md`, `fr/blog/finally.md`), the
 * code being the first folder of its path that names a language (the
 * plugin's LangUtils: an ISO 639-1 language, as BCP 47 writes it).
 */
import { canonicalTag } from "../content/languages.ts";

const NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** Whether a folder's name is a language's code as the plugin takes one: two letters ISO 639-1 knows, a region or script after. */
function isLanguageCode(name: string): boolean {
  if (!/^[a-z]{2}(?:-[A-Za-z0-9]{2,8})*$/.test(name) || canonicalTag(name) === undefined) return false;
  return NAMES.of(name.slice(0, 2)) !== undefined;
}

/** The language a file's path names, and the key its translations share (its path with `*` for the code, less its extension). */
export function pathLanguage(path: string): { lang: string; translationKey: string } | undefined {
  const folders = path.split("/").slice(0, -1);
  const at = folders.findIndex(isLanguageCode);
  if (at < 0) return undefined;
  const key = path
    .split("/")
    .map((part, index) => (index === at ? "*" : part))
    .join("/")
    .replace(/\.[^./]+$/, "");
  return { lang: folders[at], translationKey: `eleventy-i18n:${key}` };
}

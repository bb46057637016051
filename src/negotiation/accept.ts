/**
 * Choosing a media type from `Accept`. Parsing and ranking are negotiator's
 * (RFC 9110 §12.5.1: q-values, then specificity, then order; `q=0` means "not
 * acceptable"); this module only says what we offer and in which order.
 */
import Negotiator from "negotiator";

/** What a page can be. HTML first: with no `Accept`, or `*\/*`, HTML wins the tie. */
export const PAGE_TYPES = ["text/html", "text/markdown"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * What an error body can be. JSON first: no `Accept` or `*\/*` gets JSON
 * (spec §7.1). Then the page types in the pages' order, so that one rule
 * holds on pages and on misses: where `Accept` ranks HTML and Markdown alike
 * (`text/*`), HTML wins.
 */
export const ERROR_TYPES = ["application/json", "text/html", "text/markdown"] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

// Agents repeat a handful of Accept values; remembering the answer keeps the
// per-request cost near a map lookup. Bounded so hostile headers cannot grow it.
const CACHE_LIMIT = 512;
const pageCache = new Map<string, PageType | null>();
const errorCache = new Map<string, ErrorType>();

/** The page representation to send, or null when `Accept` allows neither (406). */
export function choosePageType(accept: string | null): PageType | null {
  const key = normalize(accept);
  if (key === undefined) return "text/html";
  let choice = pageCache.get(key);
  if (choice === undefined) {
    choice = preferred(key, PAGE_TYPES) ?? null;
    remember(pageCache, key, choice);
  }
  return choice;
}

/** The format of an error body. Never fails: a 404 is never turned into a 406 (spec §7.2.4). */
export function chooseErrorType(accept: string | null): ErrorType {
  const key = normalize(accept);
  if (key === undefined) return "application/json";
  let choice = errorCache.get(key);
  if (choice === undefined) {
    choice = preferred(key, ERROR_TYPES) ?? "application/json";
    remember(errorCache, key, choice);
  }
  return choice;
}

/** An absent or blank `Accept` means "anything" (RFC 9110 §12.5.1). */
function normalize(accept: string | null): string | undefined {
  if (accept === null) return undefined;
  const trimmed = accept.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * We send `charset=utf-8`, so `Accept: text/markdown;charset=utf-8` must match
 * and `;charset=latin1` must not: a media range's parameters must all match
 * (RFC 9110 §12.5.1). Dropping the one parameter we satisfy and offering bare
 * types gives exactly that, without making negotiator parse offer parameters.
 */
function preferred<T extends string>(accept: string, offers: readonly T[]): T | undefined {
  const ranges = accept.includes("charset") ? accept.replace(UTF8_PARAMETER, "") : accept;
  // negotiator wants a plain headers object, not a Fetch `Headers`.
  return new Negotiator({ headers: { accept: ranges } }).mediaType(offers as unknown as string[]) as
    | T
    | undefined;
}

const UTF8_PARAMETER = /;\s*charset\s*=\s*(?:"utf-8"|utf-8)(?=\s*[;,]|\s*$)/gi;

function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/**
 * The redirects of a site, from its published posts' old addresses: each
 * alias (and, for an address without an extension, its form with and
 * without the trailing slash, as either may be linked) answers 301 with the
 * post's canonical path. The negotiation core answers them on every host
 * (they live in the route shards), and Netlify's `_redirects` lists them too.
 *
 * An alias that is itself an address of the site, or that two posts claim,
 * is an error naming both files: one of the two would silently lose.
 */
import { isDocumentPath, normalizePath } from "../negotiation/decide.ts";
import type { PostSource } from "../content/types.ts";
import { SitegenError, SitegenErrors } from "../errors.ts";

export interface Redirect {
  /** The old path, as a request names it (percent-encoded). */
  from: string;
  /** The post's canonical path. */
  to: string;
  /** The post file that lists it, for messages. */
  source: string;
}

interface Owner {
  file: string;
  line?: number;
}

/**
 * `posts` are the published posts with their canonical paths; `taken`, every
 * path the site answers with a page or a file, by the file that makes it.
 */
export function redirectsOf(posts: { source: PostSource; path: string }[], taken: Map<string, Owner>): Redirect[] {
  const claimed = new Map<string, { owner: Owner; to: string; written: string }>();
  const errors: SitegenError[] = [];
  for (const { source, path } of posts) {
    for (const alias of source.aliases) {
      const owner = { file: source.file, line: alias.line };
      for (const from of forms(alias.path)) {
        if (from === path) continue;
        const page = taken.get(from);
        const earlier = claimed.get(from);
        if (page) {
          errors.push(new SitegenError("E_CONTENT", `the alias \`${alias.path}\` is an address of the site itself, made by ${page.file}`, { location: owner, hint: "remove the alias: the address already answers with its own page" }));
        } else if (earlier && earlier.to !== path) {
          errors.push(new SitegenError("E_CONTENT", `the alias \`${alias.path}\` is claimed by two posts: this one and ${earlier.owner.file}${earlier.owner.line ? `:${earlier.owner.line}` : ""}`, { location: owner, hint: "an old address can redirect to one post: keep it in one of them" }));
        } else if (!earlier) {
          claimed.set(from, { owner, to: path, written: alias.path });
        }
      }
    }
  }
  if (errors.length > 0) throw new SitegenErrors(unique(errors));
  return [...claimed].map(([from, { owner, to }]) => ({ from, to, source: owner.file })).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * The paths a request for an alias may name: as written, and with and
 * without its trailing slash when it has no extension. A form that is not a
 * document's path (`/x/notes-3.0` reads as a file with the extension `0`) is
 * not one the core is asked for, on any host, so it is not listed.
 */
function forms(alias: string): string[] {
  const path = normalizePath(encodeURI(decodeURISafe(alias)));
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.includes(".")) return [path];
  const bare = path.replace(/\/+$/, "");
  return bare === "" ? ["/"] : [bare, `${bare}/`].filter(isDocumentPath);
}

/** An alias may be written percent-encoded or not: both mean one path. */
function decodeURISafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** One error per alias and problem: a path and its slash form would report the same twice. */
function unique(errors: SitegenError[]): SitegenError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.location?.file}:${error.location?.line}:${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

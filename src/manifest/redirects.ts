/**
 * The redirects of a site, from its pages' and published posts' old
 * addresses: each alias (and, for an address without an extension, its form
 * with and without the trailing slash, as either may be linked) answers 301
 * with the canonical path. The negotiation core answers them on every host
 * (they live in the route shards), and Netlify's `_redirects` lists them too.
 *
 * A post with its own files (a bundle) had them beside it at its old
 * address too, as Hugo and Eleventy publish them: each file's old address,
 * under each alias that is a folder's, answers 301 with the file's new one.
 * Those are asset paths, which no host hands to the core: they are rules of
 * each host's `_redirects`, and the preview server reads them from the route
 * shards when it has no file at the path.
 *
 * An alias that is itself an address of the site, or that a second post
 * claims, cannot redirect there: it is left out, and reported naming both
 * files, so that neither loses silently.
 *
 * A post filed in a folder of the blog (blog/release/v5.1.1.md) has one old
 * address more, which nobody wrote: the one its place names
 * (/blog/release/v5.1.1/), where Hugo, Eleventy, Astro and Next publish it
 * and where its author linked it. Where that address is taken, the post
 * simply does without it; its files keep no rules there.
 */
import { readAlias } from "../content/aliases.ts";
import { isDocumentPath, normalizePath, pathOfSegments } from "../negotiation/decide.ts";
import type { ContentFile, SiteRedirect } from "../content/types.ts";
import { SitegenError } from "../errors.ts";

export interface Redirect {
  /** The old path, as a request names it (percent-encoded). */
  from: string;
  /** The canonical path of the page or post, or the new path of one of a post's files. */
  to: string;
  /** The file that lists it, for messages. */
  source: string;
}

/** A page or post with old addresses: its source file, its canonical path, and a post's own files. */
export interface Moved {
  source: {
    file: string;
    aliases?: { path: string; line?: number }[];
    bundle?: Pick<ContentFile, "name">[];
    place?: string;
  };
  path: string;
}

/**
 * site.yaml's `redirects:`, the old addresses of pages no file makes (a tag's
 * page, a listing's), as old addresses of the page each names: a redirect to
 * a path the site does not publish would lead nowhere, and is left out,
 * reported at its line.
 */
export function siteRedirects(
  written: SiteRedirect[],
  published: Set<string>,
  siteFile: string,
  report: (problem: SitegenError) => void,
): Moved[] {
  const kept: Moved[] = [];
  for (const { from, to, line } of written) {
    const location = { file: siteFile, line };
    if (published.has(to))
      kept.push({ source: { file: siteFile, aliases: [{ path: from, line }] }, path: to });
    else
      report(
        new SitegenError(
          "E_CONTENT",
          `the redirect from \`${from}\` leads to \`${to}\`, which the site does not publish: left out`,
          {
            kind: "alias",
            location,
            hint: "name a page the site publishes, with its trailing slash: a tag's page is /tags/<tag>/, the blog's second page /blog/page/2/",
          },
        ),
      );
  }
  return kept;
}

/** Whether any of `routes` has an old address. */
export function anyMoved(routes: Moved[]): boolean {
  return routes.some(({ source }) => (source.aliases ?? []).length > 0 || source.place !== undefined);
}

interface Owner {
  file: string;
  line?: number;
}

/**
 * `routes` are the pages and published posts with their canonical paths;
 * `taken`, every path the site answers with a page or a file, by the file
 * that makes it.
 */
export function redirectsOf(
  routes: Moved[],
  taken: Map<string, Owner>,
  report: (problem: SitegenError) => void,
): Redirect[] {
  const claimed = new Map<string, { owner: Owner; to: string; written: string }>();
  const errors: SitegenError[] = [];
  // The aliases written first: an old address nobody wrote never takes one from a post that names it.
  const written = routes.flatMap(({ source, path }) =>
    (source.aliases ?? []).map((alias): [Moved, OldAddress] => [{ source, path }, alias]),
  );
  const implied = routes.flatMap(({ source, path }) =>
    placeAlias(source.place).map((alias): [Moved, OldAddress] => [{ source, path }, alias]),
  );
  for (const [{ source, path }, alias] of [...written, ...implied]) {
    const owner = { file: source.file, line: alias.line };
    // An address nobody wrote takes no rules for the post's files: they count against Cloudflare's limit, which a blog that never asked for them must not meet.
    const files = alias.implied ? [] : filesAt(alias.path, path, source.bundle ?? []);
    const addresses = forms(alias.path).filter((form) => form !== path);
    // An alias is left out whole: `/about/` taken by a page leaves out `/about` too, which would redirect the page's own address away.
    const holder = addresses.map((form) => taken.get(form)).find((page) => page !== undefined);
    const rival = addresses
      .map((form) => claimed.get(form))
      .find((earlier) => earlier !== undefined && earlier.to !== path);
    if (holder || rival) {
      if (alias.implied) continue;
      if (holder)
        errors.push(
          new SitegenError(
            "E_CONTENT",
            `the alias \`${alias.path}\` is an address of the site itself, made by ${holder.file}: left out`,
            {
              kind: "alias",
              location: owner,
              hint: "remove the alias: the address already answers with its own page",
            },
          ),
        );
      else
        errors.push(
          new SitegenError(
            "E_CONTENT",
            `the alias \`${alias.path}\` is claimed by two posts: this one and ${rival!.owner.file}${rival!.owner.line ? `:${rival!.owner.line}` : ""}, which keeps it`,
            {
              kind: "alias",
              location: owner,
              hint: "an old address can redirect to one post: keep it in one of them",
            },
          ),
        );
      continue;
    }
    for (const [from, to] of [...addresses.map((form): [string, string] => [form, path]), ...files]) {
      if (from === to) continue;
      const page = taken.get(from);
      const earlier = claimed.get(from);
      if (alias.implied && (page || earlier)) continue;
      if (page) {
        errors.push(
          new SitegenError(
            "E_CONTENT",
            `the alias \`${alias.path}\` is an address of the site itself, made by ${page.file}: left out`,
            {
              kind: "alias",
              location: owner,
              hint: "remove the alias: the address already answers with its own page",
            },
          ),
        );
      } else if (earlier && earlier.to !== to) {
        errors.push(
          new SitegenError(
            "E_CONTENT",
            `the alias \`${alias.path}\` is claimed by two posts: this one and ${earlier.owner.file}${earlier.owner.line ? `:${earlier.owner.line}` : ""}, which keeps it`,
            {
              kind: "alias",
              location: owner,
              hint: "an old address can redirect to one post: keep it in one of them",
            },
          ),
        );
      } else if (!earlier) {
        claimed.set(from, { owner, to, written: alias.path });
      }
    }
  }
  for (const problem of unique(errors)) report(problem);
  return [...claimed]
    .map(([from, { owner, to }]) => ({ from, to, source: owner.file }))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** An old address as the post wrote it (with its line), or one that nobody wrote (`implied`). */
interface OldAddress {
  path: string;
  line?: number;
  implied?: true;
}

/** The old address a post's place in the blog's folders names, as an alias that nobody wrote. */
function placeAlias(place: string | undefined): OldAddress[] {
  return place === undefined
    ? []
    : [{ path: pathOfSegments(["", "blog", ...place.split("/"), ""]), implied: true }];
}

/**
 * The paths a request for an alias may name, in the form requests are
 * looked up by (`normalizePath`): as written, and with and without its
 * trailing slash when it has no extension. A form that is not a document's
 * path (`/x/notes-3.0` reads as a file with the extension `0`) is not one
 * the core is asked for, on any host, so it is not listed.
 */
function forms(alias: string): string[] {
  const path = canonical(alias);
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.includes(".")) return [path];
  const bare = path.replace(/\/+$/, "");
  return bare === "" ? ["/"] : [bare, `${bare}/`].filter(isDocumentPath);
}

/** A bundle's files under an alias that is a folder's (`/p/gallery/`, `/p/gallery`), each to its new path. */
function filesAt(alias: string, path: string, bundle: Pick<ContentFile, "name">[]): [string, string][] {
  if (bundle.length === 0) return [];
  const folder = canonical(alias).replace(/\/+$/, "");
  if (folder === "" || folder.slice(folder.lastIndexOf("/") + 1).includes(".")) return [];
  return bundle.map((file) => [
    normalizePath(`${folder}/${pathOfSegments(file.name.split("/"))}`),
    `${path}${encodeURI(file.name)}`,
  ]);
}

/** An alias as requests name it; the content check (src/content/aliases.ts) let only readable ones through. */
function canonical(alias: string): string {
  const read = readAlias(alias);
  if ("problem" in read) throw new Error(`an alias the content check should have refused: ${alias}`);
  return read.path;
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

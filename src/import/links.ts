import { posix } from "node:path";
import { fragmentIn, type Anchors } from "./anchors.ts";
import { maskCode } from "./code.ts";
import { pushAll } from "../collector.ts";

/**
 * Links follow the move: in a moved text, a link to an old address of a
 * page, post or file of the same site becomes its new path. An old address
 * is matched as the old host served it: with or without its trailing slash,
 * `.html` or not, through the site's own origin (`https://example.com/x/`,
 * what `{{ site.url }}` became), or relative to the text's own old address.
 * Inline links and images, reference definitions, and `<img src>` and
 * `<a href>` are read; code is left as written.
 */

export interface Moves {
  /** New path by old path (decoded, from the host's root, no query or fragment). */
  byOld: Map<string, string>;
  /** The new site's own paths: a link to one without its trailing slash gets it. */
  current: Set<string>;
  /** The old site's origin, to read its absolute links as paths. */
  origin?: string;
  /** Whether the new site answers a path besides its pages and files: the files the build makes, its templates' assets. */
  answers?: (path: string) => boolean;
  /** The headings' ids of a moved text, by its new path (anchors.ts). */
  anchors?: (path: string) => Anchors | undefined;
  /** New path by source file, as messages name it: a link to `other-post.md`, which Hugo's and Eleventy's render hooks resolved, goes to that post. */
  bySource?: Map<string, string>;
}

/** Where a text is, before and after the move: its old address, its new path, its source file, and the source line of its first line. */
export interface TextAt {
  oldUrl?: string;
  self?: string;
  file?: string;
  lineAt?: number;
}

/** Every form an old address was answered at, each to the same new path. */
export function oldForms(old: string): string[] {
  const path = safeDecode(old);
  const bare = path.replace(/\/+$/, "");
  const forms = new Set([path, bare === "" ? "/" : bare]);
  if (path.endsWith("/")) forms.add(`${bare}/index.html`);
  if (/\.html?$/i.test(bare))
    forms.add(bare.replace(/\.html?$/i, "")).add(`${bare.replace(/(\/index)?\.html?$/i, "")}/`);
  else if (bare !== "") forms.add(`${bare}/`);
  return [...forms].filter((form) => form !== "");
}

/**
 * The text with each link to a moved address rewritten. A link to an
 * address of the site that nothing answers now (a page its host redirected,
 * a list page sitegen makes no equal of, a heading not found) is kept
 * exactly as written and reported: what an author wrote is never deleted,
 * and the build warns about it too. `lineAt` is the source file's line of
 * the text's first line, for the report.
 */
export function rewriteLinks(
  written: string,
  at: TextAt,
  moves: Moves,
): { text: string; rewritten: number; unresolved: { line: number; url: string }[] } {
  const lineAt = at.lineAt ?? 1;
  let rewritten = 0;
  const unresolved: { line: number; url: string }[] = [];
  let text = written;
  let masked = maskCode(text);
  const lineOf = (offset: number) => lineAt + countLines(text, offset);
  const look = (url: string, offset: number): string => {
    const found = lookUp(url, at, moves);
    if (found === "missing" || found === "#") {
      unresolved.push({ line: lineOf(offset), url: found === "#" ? `${url} (no such heading)` : url });
      return url;
    }
    if (found === undefined || found === url) return url;
    // A heading that is not there any more: the link goes to its page, its fragment kept as written.
    if (found.endsWith("#"))
      unresolved.push({ line: lineOf(offset), url: `${url} (its fragment: no such heading)` });
    rewritten++;
    return found.endsWith("#") ? `${found.slice(0, -1)}${/#.*$/.exec(url)?.[0] ?? ""}` : found;
  };
  const edits: { from: number; to: number; text: string }[] = [];
  const inline = (bangs: "!" | "") =>
    new RegExp(
      `(${bangs === "!" ? "!" : "(?<!!)"})\\[((?:[^[\\]\\\\]|\\\\.|\\[[^\\]]*\\])*)\\]\\(\\s*(<[^>\\n]*>|(?:[^\\s()<>]|\\([^\\s()]*\\))+)((?:\\s+(?:"[^"]*"|'[^']*'|\\([^)]*\\)))?\\s*)\\)`,
      "g",
    );
  const inlineEdits = (source: string, sourceMasked: string, pattern: RegExp) => {
    const found: typeof edits = [];
    for (const match of sourceMasked.matchAll(pattern)) {
      const [all, , , url] = match;
      const start = match.index!;
      const bracketed = url.startsWith("<");
      const moved = look(bracketed ? url.slice(1, -1) : url, start);
      if (moved === (bracketed ? url.slice(1, -1) : url)) continue;
      const original = source.slice(start, start + all.length);
      const urlAt = original.lastIndexOf(url);
      found.push({
        from: start,
        to: start + all.length,
        text: `${original.slice(0, urlAt)}${bracketed ? `<${moved}>` : moved}${original.slice(urlAt + url.length)}`,
      });
    }
    return found;
  };
  // Images first, as a link's words may hold one (`[![alt](img.png)](url)`); then links, over the result.
  const images = applyEdits(text, inlineEdits(text, masked, inline("!")));
  text = images;
  masked = maskCode(text);
  pushAll(edits, inlineEdits(text, masked, inline("")));
  // Reference definitions: `[label]: url "title"`, a whole line; a footnote's (`[^1]: The text.`) holds words, not an address.
  for (const match of masked.matchAll(/^( {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)([^\n]*)$/gm)) {
    const [all, head, url, rest] = match;
    const bracketed = url.startsWith("<");
    const moved = look(bracketed ? url.slice(1, -1) : url, match.index!);
    if (moved === (bracketed ? url.slice(1, -1) : url)) continue;
    edits.push({
      from: match.index!,
      to: match.index! + all.length,
      text: `${head}${bracketed ? `<${moved}>` : moved}${rest}`,
    });
  }
  // The two HTML forms the build reads: `<img src>` and `<a href>`.
  for (const match of masked.matchAll(/(<(?:img|a)\b[^>]*?\s(?:src|href)=)(["'])([^"']*)\2/gi)) {
    const [all, head, quote, url] = match;
    const moved = look(url, match.index!);
    if (moved === url) continue;
    edits.push({
      from: match.index!,
      to: match.index! + all.length,
      text: `${head}${quote}${moved}${quote}`,
    });
  }
  return { text: applyEdits(text, edits), rewritten, unresolved };
}

/** A text with non-overlapping edits applied, each replacing `from`…`to`. */
function applyEdits(text: string, edits: { from: number; to: number; text: string }[]): string {
  let out = "";
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.from - b.from)) {
    if (edit.from < at) continue;
    out += text.slice(at, edit.from) + edit.text;
    at = edit.to;
  }
  return out + text.slice(at);
}

function countLines(text: string, offset: number): number {
  let lines = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1))
    lines++;
  return lines;
}

/**
 * The new path of a link's target when it is an old address of the site;
 * "missing" when it is an address of the site that nothing answers now;
 * undefined for any other link (another site's, a fragment, a template's).
 */
export function lookUp(url: string, at: TextAt, moves: Moves): string | "missing" | undefined {
  const { oldUrl, self } = at;
  if (url.startsWith("#") && self !== undefined) {
    const fragment = withFragment(self, url, moves);
    return fragment === url ? undefined : fragment.slice(self.length) || undefined;
  }
  if (url === "" || url.startsWith("#") || url.includes("{") || /^(mailto|tel|data|javascript):/i.test(url))
    return undefined;
  let path: string;
  let suffix = "";
  // `[\s\S]`: an address as written may hold a line break (`href="…?repository=x\n"`), which `.` would not match.
  const split = /^([^?#]*)([?#][\s\S]*)?$/.exec(url)!;
  suffix = split[2] ?? "";
  const address = split[1];
  if (/^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith("//")) {
    if (!moves.origin) return undefined;
    const absolute = address.startsWith("//") ? `https:${address}` : address;
    const origin = /^https?:\/\/[^/]+/i.exec(absolute)?.[0];
    if (!origin || !sameOrigin(origin, moves.origin)) return undefined;
    path = absolute.slice(origin.length) || "/";
  } else if (address.startsWith("/")) {
    path = address;
  } else {
    const file = sourceFileOf(address, at, moves);
    if (file !== undefined) return withFragment(file, suffix.startsWith("#") ? suffix : "", moves);
    if (oldUrl === undefined || address === "") return undefined;
    try {
      path = new URL(address, `https://old.invalid${oldUrl}`).pathname;
    } catch {
      return undefined;
    }
  }
  const decoded = safeDecode(path);
  const fragment = suffix.startsWith("#") ? suffix : "";
  // Hugo lowercases every address it writes: a link written with capitals meant the lowercased one.
  const moved = [decoded, decoded.toLowerCase()]
    .flatMap((each) => [each, each.replace(/\/+$/, ""), `${each}/`])
    .map((each) => moves.byOld.get(each))
    .find((each) => each !== undefined);
  if (moved !== undefined) return withFragment(moved, fragment, moves);
  if (moves.current.has(decoded) || moves.answers?.(decoded)) {
    const kept = withFragment(decoded, fragment, moves);
    return address !== path || kept !== `${decoded}${fragment}` ? kept : undefined;
  }
  if (!decoded.endsWith("/") && moves.current.has(`${decoded}/`))
    return withFragment(`${decoded}/`, fragment, moves);
  // A relative link to a file that moved with the text (a bundle's picture) reaches it from the new path as it did from the old.
  if (
    !/^\/|^[a-z][a-z0-9+.-]*:/i.test(address) &&
    self !== undefined &&
    moves.current.has(safeDecode(new URL(address, `https://new.invalid${self}`).pathname))
  )
    return undefined;
  return "missing";
}

/** The new path of the source document a relative link names by its file (`../other-post.md`), as a render hook resolves one. */
function sourceFileOf(address: string, at: TextAt, moves: Moves): string | undefined {
  if (at.file === undefined || !moves.bySource || !/\.(md|markdown|mdx)$/i.test(address)) return undefined;
  const named = posix.normalize(posix.join(posix.dirname(at.file), safeDecode(address)));
  return moves.bySource.get(named);
}

/** A path with a link's fragment as the heading's id is now there; a trailing `#` when it names no heading of the page. */
function withFragment(path: string, fragment: string, moves: Moves): string {
  if (fragment === "" || fragment === "#") return path;
  const anchors = moves.anchors?.(path);
  // A page the site has of its own (its home, its blog page): none of the source's headings are on it.
  if (!anchors) return moves.anchors && path.endsWith("/") ? `${path}#` : `${path}${fragment}`;
  const id = fragmentIn(anchors, fragment.slice(1));
  return id === undefined ? `${path}#` : `${path}#${encodeURIComponent(id).replace(/%3A/gi, ":")}`;
}

/** `http` and `https`, with and without `www.`, are the same site. */
function sameOrigin(a: string, b: string): boolean {
  const host = (origin: string) =>
    origin
      .replace(/^https?:\/\//i, "")
      .replace(/^www\./i, "")
      .toLowerCase();
  return host(a) === host(b);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

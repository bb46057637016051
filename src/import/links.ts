import { fragmentIn, type Anchors } from "./anchors.ts";
import { maskCode } from "./code.ts";

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
}

/** Every form an old address was answered at, each to the same new path. */
export function oldForms(old: string): string[] {
  const path = safeDecode(old);
  const bare = path.replace(/\/+$/, "");
  const forms = new Set([path, bare === "" ? "/" : bare]);
  if (path.endsWith("/")) forms.add(`${bare}/index.html`);
  if (/\.html?$/i.test(bare)) forms.add(bare.replace(/\.html?$/i, "")).add(`${bare.replace(/(\/index)?\.html?$/i, "")}/`);
  else if (bare !== "") forms.add(`${bare}/`);
  return [...forms].filter((form) => form !== "");
}

/**
 * The text with each link to a moved address rewritten, and each link to an
 * address of the site that nothing answers now (a page the old site did not
 * have either, a list page sitegen makes no equal of) unlinked: its words
 * kept, the link dropped, as the build would refuse it. `lineAt` is the
 * source file's line of the text's first line, for the report.
 */
export function rewriteLinks(written: string, oldUrl: string | undefined, moves: Moves, lineAt = 1, self?: string): { text: string; rewritten: number; unlinked: { line: number; url: string }[] } {
  let rewritten = 0;
  const unlinked: { line: number; url: string }[] = [];
  let text = written;
  let masked = maskCode(text);
  const lineOf = (offset: number) => lineAt + countLines(text, offset);
  const look = (url: string, offset: number): string | null => {
    const found = lookUp(url, oldUrl, moves, self);
    if (found === "missing" || found === "#") {
      unlinked.push({ line: lineOf(offset), url: found === "#" ? `${url} (no such heading)` : url });
      return null;
    }
    if (found === undefined || found === url) return url;
    // A heading that is not there any more: the link goes to its page.
    if (found.endsWith("#")) unlinked.push({ line: lineOf(offset), url: `${url} (its fragment: no such heading)` });
    rewritten++;
    return found.replace(/#$/, "") || url.replace(/#.*$/, "") || "#";
  };
  const edits: { from: number; to: number; text: string }[] = [];
  const inline = (bangs: "!" | "") => new RegExp(`(${bangs === "!" ? "!" : "(?<!!)"})\\[((?:[^[\\]\\\\]|\\\\.|\\[[^\\]]*\\])*)\\]\\(\\s*(<[^>\\n]*>|(?:[^\\s()<>]|\\([^\\s()]*\\))+)((?:\\s+(?:"[^"]*"|'[^']*'|\\([^)]*\\)))?\\s*)\\)`, "g");
  const inlineEdits = (source: string, sourceMasked: string, pattern: RegExp) => {
    const found: typeof edits = [];
    for (const match of sourceMasked.matchAll(pattern)) {
      const [all, bang, , url] = match;
      const start = match.index!;
      const bracketed = url.startsWith("<");
      const moved = look(bracketed ? url.slice(1, -1) : url, start);
      if (moved === (bracketed ? url.slice(1, -1) : url)) continue;
      const original = source.slice(start, start + all.length);
      const words = original.slice(bang.length + 1, original.lastIndexOf("]("));
      const urlAt = original.lastIndexOf(url);
      found.push({ from: start, to: start + all.length, text: moved === null ? (bang ? "" : words) : `${original.slice(0, urlAt)}${bracketed ? `<${moved}>` : moved}${original.slice(urlAt + url.length)}` });
    }
    return found;
  };
  // Images first, as a link's words may hold one (`[![alt](img.png)](url)`); then links, over the result.
  const images = applyEdits(text, inlineEdits(text, masked, inline("!")));
  text = images;
  masked = maskCode(text);
  edits.push(...inlineEdits(text, masked, inline("")));
  // Reference definitions: `[label]: url "title"`, a whole line.
  for (const match of masked.matchAll(/^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)([^\n]*)$/gm)) {
    const [all, head, url, rest] = match;
    const bracketed = url.startsWith("<");
    const moved = look(bracketed ? url.slice(1, -1) : url, match.index!);
    if (moved === (bracketed ? url.slice(1, -1) : url)) continue;
    edits.push({ from: match.index!, to: match.index! + all.length, text: moved === null ? "" : `${head}${bracketed ? `<${moved}>` : moved}${rest}` });
  }
  // The two HTML forms the build reads: `<img src>` and `<a href>`; one to nothing goes, an `<a>`'s words stay.
  for (const match of masked.matchAll(/(<(img|a)\b[^>]*?\s(?:src|href)=)(["'])([^"']*)\3([^>]*>)(?:([\s\S]*?)<\/a>)?/gi)) {
    const [all, head, tag, quote, url, , words] = match;
    const moved = look(url, match.index!);
    if (moved === url) continue;
    const original = text.slice(match.index!, match.index! + all.length);
    const inner = words === undefined ? "" : original.slice(original.length - words.length - 4, -4);
    const replaced = moved === null ? (tag.toLowerCase() === "a" ? inner : "") : `${head}${quote}${moved}${quote}${original.slice(head.length + url.length + 2)}`;
    edits.push({ from: match.index!, to: match.index! + all.length, text: replaced });
  }
  return { text: applyEdits(text, edits), rewritten, unlinked };
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
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) lines++;
  return lines;
}

/**
 * The new path of a link's target when it is an old address of the site;
 * "missing" when it is an address of the site that nothing answers now;
 * undefined for any other link (another site's, a fragment, a template's).
 */
export function lookUp(url: string, oldUrl: string | undefined, moves: Moves, self?: string): string | "missing" | undefined {
  if (url.startsWith("#") && self !== undefined) {
    const fragment = withFragment(self, url, moves);
    return fragment === url ? undefined : fragment.slice(self.length) || undefined;
  }
  if (url === "" || url.startsWith("#") || url.includes("{") || /^(mailto|tel|data|javascript):/i.test(url)) return undefined;
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
  const moved = [decoded, decoded.toLowerCase()].flatMap((each) => [each, each.replace(/\/+$/, ""), `${each}/`]).map((each) => moves.byOld.get(each)).find((each) => each !== undefined);
  if (moved !== undefined) return withFragment(moved, fragment, moves);
  if (moves.current.has(decoded) || moves.answers?.(decoded)) {
    const kept = withFragment(decoded, fragment, moves);
    return address !== path || kept !== `${decoded}${fragment}` ? kept : undefined;
  }
  if (!decoded.endsWith("/") && moves.current.has(`${decoded}/`)) return withFragment(`${decoded}/`, fragment, moves);
  return "missing";
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
  const host = (origin: string) => origin.replace(/^https?:\/\//i, "").replace(/^www\./i, "").toLowerCase();
  return host(a) === host(b);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

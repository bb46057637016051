import { fragmentIn, type Anchors } from "./anchors.ts";

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
export function rewriteLinks(text: string, oldUrl: string | undefined, moves: Moves, lineAt = 1, self?: string): { text: string; rewritten: number; unlinked: { line: number; url: string }[] } {
  let rewritten = 0;
  const unlinked: { line: number; url: string }[] = [];
  const lines = text.split("\n");
  let fence = false;
  const out = lines.map((line, index) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) {
      fence = !fence;
      return line;
    }
    if (fence || /^( {4}|\t)/.test(line)) return line;
    const look = (url: string): string | null => {
      const found = lookUp(url, oldUrl, moves, self);
      if (found === "missing" || found === "#") {
        unlinked.push({ line: lineAt + index, url: found === "#" ? `${url} (no such heading)` : url });
        return null;
      }
      if (found === undefined || found === url) return url;
      // A heading that is not there any more: the link goes to its page.
      if (found.endsWith("#")) unlinked.push({ line: lineAt + index, url: `${url} (its fragment: no such heading)` });
      rewritten++;
      return found.replace(/#$/, "") || url.replace(/#.*$/, "") || "#";
    };
    return outsideCode(line, (part) =>
      part
        // Inline links and images: `[words](url)`, `](url "title")`, `](<url>)`.
        .replace(/(!?)\[((?:[^[\]\\]|\\.|\[[^\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s()<>]+(?:\([^\s()]*\)[^\s()<>]*)*)((?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*)\)/g, (_all, bang: string, words: string, url: string, rest: string) => {
          const bracketed = url.startsWith("<");
          const moved = look(bracketed ? url.slice(1, -1) : url);
          if (moved === null) return bang ? "" : words;
          return `${bang}[${words}](${bracketed ? `<${moved}>` : moved}${rest})`;
        })
        // Reference definitions: `[label]: url "title"`.
        .replace(/^( {0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)(.*)$/, (_all, head: string, url: string, rest: string) => {
          const moved = look(url.startsWith("<") ? url.slice(1, -1) : url);
          if (moved === null) return "";
          return url.startsWith("<") ? `${head}<${moved}>${rest}` : `${head}${moved}${rest}`;
        })
        // The two HTML forms the build reads: `<img src>` and `<a href>`.
        .replace(/(<(?:img|a)\b[^>]*?\s(?:src|href)=)(["'])([^"']*)\2/gi, (all, head: string, quote: string, url: string) => {
          const moved = look(url);
          return moved === null ? all : `${head}${quote}${moved}${quote}`;
        }),
    );
  });
  return { text: out.join("\n"), rewritten, unlinked };
}

/** Applies `change` to the parts of a line outside inline code spans. */
function outsideCode(line: string, change: (part: string) => string): string {
  if (!line.includes("`")) return change(line);
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, index) => (index % 2 === 1 ? part : change(part)))
    .join("");
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
  const split = /^([^?#]*)([?#].*)?$/.exec(url)!;
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
  const moved = moves.byOld.get(decoded) ?? moves.byOld.get(decoded.replace(/\/+$/, "")) ?? moves.byOld.get(`${decoded}/`);
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
  if (!anchors) return `${path}${fragment}`;
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

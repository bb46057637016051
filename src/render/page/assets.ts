/**
 * Static assets with fingerprinted names: `templates/assets/site.css` is
 * published as `/assets/site.<hash>.css`, the hash taken from its bytes, so an
 * asset can be cached for a year (headers.ts) and a changed one is a new URL.
 *
 * Templates and stylesheets name assets by their plain path (`/assets/site.css`,
 * `url(/assets/fonts/x.woff2)`); each reference is rewritten to the
 * fingerprinted URL once, when the templates load, so no page pays for it. A
 * reference to an asset that does not exist is an error naming its line.
 */
import { createHash } from "node:crypto";
import { SitegenError } from "../../errors.ts";

export interface FingerprintedAssets {
  /** Output path (`assets/site.3f2a9c1b0d.css`) → bytes. */
  files: Map<string, Uint8Array>;
  /** Plain URL (`/assets/site.css`) → fingerprinted URL. */
  urls: Map<string, string>;
}

/** A path below /assets/: letters, digits, `.`, `_`, `-` and `/`. */
const REFERENCE = /\/assets\/[\w./-]*[\w-]/g;

/**
 * Fingerprints every asset. Stylesheets come last: their references are
 * rewritten first, so a changed font changes the stylesheet's name too.
 * `sources` maps `assets/…` paths to bytes; `dir` is the templates folder, for messages.
 */
export function fingerprintAssets(sources: Map<string, Uint8Array>, dir: string): FingerprintedAssets {
  const files = new Map<string, Uint8Array>();
  const urls = new Map<string, string>();
  const stylesheets: [string, Uint8Array][] = [];
  const add = (path: string, bytes: Uint8Array) => {
    const named = fingerprinted(path, bytes);
    files.set(named, bytes);
    urls.set(`/${path}`, `/${named}`);
  };
  for (const [path, bytes] of [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (path.endsWith(".css")) stylesheets.push([path, bytes]);
    else add(path, bytes);
  }
  for (const [path, bytes] of stylesheets) {
    const file = `${dir}/${path}`;
    const text = Buffer.from(bytes).toString("utf8");
    // A stylesheet's name depends on what it names, so one naming another would need an order; none is needed.
    const nested = [...text.matchAll(REFERENCE)].find(([reference]) => reference.endsWith(".css"));
    if (nested)
      throw referenceError(
        text,
        nested.index!,
        file,
        `a stylesheet cannot refer to another stylesheet (\`${nested[0]}\`)`,
        "link each stylesheet from the layout instead",
      );
    add(path, Buffer.from(rewriteAssetUrls(text, urls, file), "utf8"));
  }
  return { files, urls };
}

/**
 * `text` with every `/assets/…` reference replaced by its fingerprinted URL.
 * `file` names the source in an error about a reference to a missing asset.
 */
export function rewriteAssetUrls(text: string, urls: Map<string, string>, file: string): string {
  return text.replace(REFERENCE, (reference, offset: number) => {
    const url = urls.get(reference);
    if (url !== undefined) return url;
    const known = [...urls.keys()]
      .sort()
      .map((path) => `\`${path}\``)
      .join(", ");
    throw referenceError(
      text,
      offset,
      file,
      `no asset \`${reference}\``,
      `the assets are ${known || "none"}; add the file to the templates folder's assets/, or fix the path`,
    );
  });
}

function referenceError(
  text: string,
  offset: number,
  file: string,
  message: string,
  hint: string,
): SitegenError {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return new SitegenError("E_TEMPLATE", message, {
    location: { file, line, column: offset - before.lastIndexOf("\n") },
    sourceLine: text.split("\n")[line - 1],
    hint,
  });
}

/** `assets/fonts/x.woff2` → `assets/fonts/x.<10 hex digits of its SHA-256>.woff2`. */
function fingerprinted(path: string, bytes: Uint8Array): string {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  return dot > slash + 1 ? `${path.slice(0, dot)}.${hash}${path.slice(dot)}` : `${path}.${hash}`;
}

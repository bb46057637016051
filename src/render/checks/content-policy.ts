/**
 * What the page's security policy would block, found before a reader's
 * browser does: an inline `<script>` or `<style>`, a `style` attribute, an
 * event handler, a script, frame, image, video, font or stylesheet from an
 * origin the policy does not name. The policy is the one every host sends
 * (`cspDirectives`, src/negotiation/headers.ts); each finding names the
 * directive and the `security:` setting of site.yaml that allows it.
 * Elements come from the content's raw HTML, Markdown images and attribute
 * lists, and from the templates.
 */
import { createHash } from "node:crypto";
import { cspDirectives, type CspDirective, type CspSources } from "../../negotiation/headers.ts";
import type { PageElement } from "./html-tags.ts";

/** What the policy would block, and the setting that allows it. */
export interface Blocked {
  line: number;
  message: string;
  hint: string;
}

/** The page's policy as the checks read it: its sources by directive, and the site's origin. */
export interface ContentPolicy {
  origin: string;
  directives: Map<string, string[]>;
}

export function contentPolicy(origin: string, sources: CspSources | undefined): ContentPolicy {
  return { origin, directives: cspDirectives({ sources }) };
}

/** Script types a browser runs (WHATWG HTML §4.12.1.1); any other is a data block (`application/ld+json`), which CSP does not govern. */
const SCRIPT_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "text/ecmascript",
  "application/ecmascript",
]);

/** Where each kind of element loads from: the attribute and the directive that governs it. */
function loads(element: PageElement): [attribute: string, directive: CspDirective | "object-src"][] {
  const rel = (element.attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
  switch (element.tag) {
    case "script":
      return [["src", "script-src"]];
    case "img":
      return [
        ["src", "img-src"],
        ["srcset", "img-src"],
      ];
    case "iframe":
    case "frame":
      return [["src", "frame-src"]];
    case "video":
      return [
        ["src", "media-src"],
        ["poster", "img-src"],
      ];
    case "audio":
    case "track":
      return [["src", "media-src"]];
    case "source":
      // In a <picture>, a source names images by srcset; in a <video> or <audio>, media by src.
      return [
        ["srcset", "img-src"],
        ["src", "media-src"],
      ];
    case "input":
      return element.attributes.get("type")?.toLowerCase() === "image" ? [["src", "img-src"]] : [];
    case "link":
      if (rel.includes("stylesheet")) return [["href", "style-src"]];
      if (rel.includes("icon") || rel.includes("apple-touch-icon")) return [["href", "img-src"]];
      if (rel.includes("preload") && element.attributes.get("as") === "font") return [["href", "font-src"]];
      return [];
    case "object":
      return [["data", "object-src"]];
    case "embed":
      return [["src", "object-src"]];
    default:
      return [];
  }
}

const STYLE_INSTEAD =
  "give the element a class, and the class a rule in the theme's stylesheet (assets/site.css in the templates); or leave the style out";
const HANDLER_INSTEAD =
  "add the handler from a script file with addEventListener, served by the site and allowed by `security: { script-src: [\"'self'\"] }`; or leave it out";

/** What `policy` blocks among `elements`, in their order. */
export function blockedElements(elements: PageElement[], policy: ContentPolicy): Blocked[] {
  const blocked: Blocked[] = [];
  for (const element of elements) {
    const { tag, attributes, line } = element;
    const block = (directive: string, what: string, source: string | undefined, instead?: string) =>
      blocked.push({
        line,
        message: `${what} is blocked by the page's Content-Security-Policy (\`${directive}\`)`,
        hint:
          instead ??
          (source === undefined
            ? `no setting allows \`${directive}\`: sitegen sends \`${directive} 'none'\`; link to it instead`
            : `allow it in site.yaml: \`security: { ${directive}: ["${source}"] }\`, or leave it out`),
      });
    if (
      tag === "script" &&
      !attributes.has("src") &&
      SCRIPT_TYPES.has((attributes.get("type") ?? "").trim().toLowerCase()) &&
      (element.text ?? "").trim() !== ""
    ) {
      const hash = hashSource(element.text!);
      if (!allowsInline(policy, "script-src", hash)) block("script-src", "an inline <script>", hash);
    }
    if (tag === "style" && (element.text ?? "").trim() !== "") {
      const hash = hashSource(element.text!);
      if (!allowsInline(policy, "style-src", hash)) block("style-src", "an inline <style>", hash);
    }
    // Only 'unsafe-inline' would allow these, and it allows every inline style or handler an injected tag brings: the hint is the way within the policy.
    if (attributes.has("style") && !allowsInline(policy, "style-src"))
      block("style-src", `a \`style\` attribute on <${tag}>`, undefined, STYLE_INSTEAD);
    for (const name of attributes.keys())
      if (/^on[a-z]+$/.test(name) && !allowsInline(policy, "script-src"))
        block("script-src", `the event handler \`${name}\` on <${tag}>`, undefined, HANDLER_INSTEAD);
    for (const [attribute, directive] of loads(element)) {
      const value = attributes.get(attribute);
      if (value === undefined || value.includes("{{")) continue;
      for (const url of attribute === "srcset"
        ? value.split(",").map((candidate) => candidate.trim().split(/\s+/)[0])
        : [value.trim()]) {
        if (url === "" || allowsUrl(policy, directive, url)) continue;
        block(
          directive,
          `<${tag} ${attribute}="${url.length > 80 ? `${url.slice(0, 77)}…` : url}">`,
          directive === "object-src" ? undefined : sourceFor(url, policy.origin),
        );
      }
    }
  }
  return blocked;
}

/** Whether the site's policy lets a `style` attribute apply: `'unsafe-inline'` in `style-src`, and no hash beside it. */
export function allowsInlineStyles(sources: CspSources | undefined): boolean {
  return allowsInline(contentPolicy("", sources), "style-src");
}

/** The hash source (CSP3 §8.4) of an inline script's or style's text, as the browser computes it. */
function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function allowsInline(policy: ContentPolicy, directive: CspDirective, hash?: string): boolean {
  const sources = effective(policy, directive);
  // A hash in the list turns 'unsafe-inline' off (CSP3 §6.7.3.3); a style attribute is never matched by a hash without 'unsafe-hashes'.
  if (hash !== undefined && sources.includes(hash)) return true;
  return (
    sources.includes("'unsafe-inline'") && !sources.some((source) => /^'(sha256|sha384|sha512)-/.test(source))
  );
}

/** A directive's sources, or `default-src`'s when the policy does not name it (CSP3 §6.8.3). */
function effective(policy: ContentPolicy, directive: string): string[] {
  return policy.directives.get(directive) ?? policy.directives.get("default-src") ?? [];
}

/** Whether `directive` lets the page load `url` (CSP3 §6.7.2.5–§6.7.2.8, for the source expressions sitegen allows). */
function allowsUrl(policy: ContentPolicy, directive: string, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url, `${policy.origin}/`);
  } catch {
    return true;
  }
  const page = new URL(policy.origin);
  for (const source of effective(policy, directive)) {
    if (source === "'self'" && target.origin === page.origin) return true;
    if (
      /^[a-z][a-z0-9+.-]*:$/.test(source) &&
      (target.protocol === source || (source === "http:" && target.protocol === "https:"))
    )
      return true;
    const host = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?(\/.*)?$/i.exec(source);
    if (!host || source.startsWith("'")) continue;
    const [, scheme, wildcard, name, port, path] = host;
    const schemeOk = scheme
      ? target.protocol === `${scheme}:` || (scheme === "http" && target.protocol === "https:")
      : target.protocol === page.protocol || target.protocol === "https:";
    const hostOk = wildcard
      ? target.hostname.endsWith(`.${name.toLowerCase()}`)
      : target.hostname === name.toLowerCase();
    const portOk = port === "*" || (port ?? "") === target.port;
    const pathOk =
      !path || (path.endsWith("/") ? target.pathname.startsWith(path) : target.pathname === path);
    if (schemeOk && hostOk && portOk && pathOk) return true;
  }
  return false;
}

/** The source to add for `url`: its origin, or its scheme for `data:` and `blob:`. */
function sourceFor(url: string, origin: string): string {
  const target = new URL(url, `${origin}/`);
  if (target.origin === new URL(origin).origin) return "'self'";
  return target.protocol === "data:" || target.protocol === "blob:" ? target.protocol : target.origin;
}

/**
 * What a new site starts with and must not ship: the placeholder description
 * `sitegen new` writes ("TODO: …"), which would go into the meta tags, the
 * feed, the blog page and llms.txt, and a placeholder origin in `base_url`
 * (`https://example.com` from `sitegen init`), which canonical links,
 * `og:url`, the feed's ids and the sitemap would point at. Each is a warning
 * while the site is being written, and an error in a production build
 * (`production`: Netlify's production context, a build on Cloudflare), so
 * that a deploy fails before it ships them.
 */
import { readFileSync } from "node:fs";
import { SitegenError } from "../errors.ts";
import type { Manifest, PageRoute } from "../manifest/manifest.ts";

/** Origins that are no site's own: RFC 2606's example domains, and this machine. */
const PLACEHOLDER_HOSTS = /^(?:(?:[^.]+\.)*example\.(?:com|org|net)|localhost|127\.0\.0\.1|\[::1\])$/i;

/** A description written to be replaced: `sitegen new` starts one with "TODO". */
const PLACEHOLDER_DESCRIPTION = /^TODO\b/;

export interface PlaceholderOptions {
  /** Why the build is a production deploy's, if it is: the findings are errors then. */
  production?: string;
  /** `sitegen check`: the origin is worth a warning there; a local build says nothing, as its origin matters only deployed. */
  checking?: boolean;
  /** site.yaml as read, to point at `base_url`; absent when the origin came from `--base-url` or Netlify's `URL`. */
  site?: { file: string; text: string };
}

/** The placeholders a site would ship: `placeholder` findings (warnings), or `shipped-placeholder` ones (errors) in a production build. */
export function placeholderProblems(manifest: Manifest, options: PlaceholderOptions): SitegenError[] {
  return [...placeholderDescriptions(manifest, options.production), ...placeholderOrigin(manifest, options)];
}

/** Every published page and post whose description is still the placeholder, at the line that says it. */
function placeholderDescriptions(manifest: Manifest, production: string | undefined): SitegenError[] {
  return [...manifest.pages, ...manifest.posts]
    .filter((route) => PLACEHOLDER_DESCRIPTION.test(route.description))
    .map((route) => {
      const at = descriptionLine(route);
      return new SitegenError(
        "E_CONTENT",
        `the description is still a placeholder ("${route.description.slice(0, 40)}…"): it would be this ${route.kind}'s meta description, and its entry in the blog index, the feed and llms.txt${production ? `, in ${production}` : ""}`,
        {
          kind: production ? "shipped-placeholder" : "placeholder",
          location: { file: route.source, ...(at ? { line: at.line, column: at.column } : {}) },
          ...(at ? { sourceLine: at.text } : {}),
          hint: "write one or two sentences that say what it is about",
        },
      );
    });
}

/** The line of a file's frontmatter that gives its description (or a name another generator gives it). */
function descriptionLine(route: PageRoute): { line: number; column: number; text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(route.sourcePath, "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/).slice(0, Math.max(1, route.bodyLine - 1));
  const index = lines.findIndex((line) => /^\s*"?(?:description|summary|excerpt)"?\s*[:=]/.test(line));
  return index === -1
    ? undefined
    : { line: index + 1, column: lines[index].search(/\S/) + 1, text: lines[index] };
}

/** A placeholder origin: a warning in `check`, an error in a production build; a local build says nothing, as its origin matters only deployed. */
function placeholderOrigin(manifest: Manifest, options: PlaceholderOptions): SitegenError[] {
  if (!options.production && !options.checking) return [];
  const host = new URL(manifest.baseUrl).hostname;
  if (!PLACEHOLDER_HOSTS.test(host)) return [];
  const at = options.site && locateBaseUrl(options.site.text);
  const where = options.site ? "`base_url`" : "the base URL";
  return [
    new SitegenError(
      "E_CONTENT",
      `${where} is ${manifest.baseUrl}, a placeholder: canonical links, og:url, the feed's ids and the sitemap would point there${options.production ? `, in ${options.production}` : ""}`,
      {
        kind: options.production ? "shipped-placeholder" : "placeholder",
        location: {
          file: options.site?.file ?? "--base-url",
          ...(at ? { line: at.line, column: at.column } : {}),
        },
        ...(at ? { sourceLine: at.text } : {}),
        hint: "set `base_url` in site.yaml to the site's own origin, such as https://my-site.netlify.app or https://www.my-domain.org (on Netlify, its URL variable stands in for it)",
      },
    ),
  ];
}

/** site.yaml's `base_url` line, and the column its value starts at. */
function locateBaseUrl(text: string): { line: number; column: number; text: string } | undefined {
  const lines = text.split(/\r?\n/);
  const index = lines.findIndex((line) => /^base_url\s*:/.test(line));
  return index === -1
    ? undefined
    : { line: index + 1, column: /^base_url\s*:\s*/.exec(lines[index])![0].length + 1, text: lines[index] };
}

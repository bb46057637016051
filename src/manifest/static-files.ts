/**
 * content/static/ at the site root, but for a file at a path the build writes
 * itself. Other generators publish their public/ or static/ folder as it is,
 * and a blog's holds files sitegen makes from the site (Astro's `404.html`,
 * Hugo's `robots.txt`, Netlify's `_redirects`): copied in as they are, each is
 * left out with a warning that says where sitegen takes what it said from, so
 * the site's own file is published and the build goes on.
 */
import { SitegenError } from "../errors.ts";
import type { ContentFile } from "../content/types.ts";
import { unpublishableName } from "../content/published-names.ts";

/** The hosts' rules files, which the build writes for the host it is for (src/render/emit/). */
export const HOST_RULES_FILES = ["_headers", "_redirects"] as const;

/** What a file at a path the build writes was for, and where sitegen takes that from. */
const INSTEAD: Record<string, { what: string; instead: string }> = {
  "/404.html": {
    what: "a 404 page",
    instead: "sitegen makes /404.html from templates/404.html: write what yours says there",
  },
  "/robots.txt": {
    what: "crawl rules",
    instead: "sitegen writes /robots.txt itself: every crawler allowed, the sitemap named",
  },
  "/_redirects": {
    what: "the host's redirect rules",
    instead:
      "sitegen writes `_redirects` from the old addresses: list each in its post's or page's `aliases`",
  },
  "/_headers": {
    what: "the host's header rules",
    instead: "sitegen writes `_headers` from site.yaml: allow another origin in its `security:`",
  },
};

/**
 * The files of content/static/ to publish: all but those at a path in
 * `built` or under the build's own folder (`internalDir`), each of which is
 * reported.
 */
export function siteWideFiles(
  files: ContentFile[],
  options: { built: Set<string>; internalDir: string; report: (problem: SitegenError) => void },
): ContentFile[] {
  return files.filter((file) => {
    const odd = unpublishableName(file.name);
    if (odd) {
      options.report(
        new SitegenError("E_CONTENT", odd.message, {
          kind: "left-out",
          location: { file: file.file },
          hint: odd.hint,
        }),
      );
      return false;
    }
    const path = `/${file.name}`;
    if (!options.built.has(path) && !file.name.startsWith(`${options.internalDir}/`)) return true;
    const { what, instead } = INSTEAD[path] ?? {
      what: "a file",
      instead: "to publish it, give it another name",
    };
    options.report(
      new SitegenError(
        "E_CONTENT",
        `\`${path}\` is a file the build writes itself: this one (${what}) is left out`,
        { kind: "left-out", location: { file: file.file }, hint: instead },
      ),
    );
    return false;
  });
}

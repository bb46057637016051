/**
 * The pages the agent surface points at must exist: every error body and
 * error header links the developers page (`#errors`, and `#http-<status>` as
 * a Problem's `type`), unless the site does without it (`agents:
 * { developers_page: optional }`), and every post page sits under the blog
 * page. The site chooses its pages, so this is checked, not assumed: without
 * them the error bodies would link to nothing (`missing-page`), each finding
 * naming the file to write and what it needs.
 */
import { dirname, join } from "node:path";
import { SitegenError } from "../../errors.ts";
import { routeAt, type Manifest } from "../../manifest/manifest.ts";
import { PROBLEM_STATUSES } from "../../negotiation/problem.ts";
import { hasHeadingId, splitFragment } from "./link-targets.ts";
import type { PageFacts } from "../../write/page-facts.ts";

export function surfacePageProblems(manifest: Manifest, facts: Map<string, PageFacts>): SitegenError[] {
  const pagesDir = dirname(manifest.pages[0]?.source ?? join("content", "pages", "index.md"));
  const fileOf = (path: string) => join(pagesDir, `${path === "/" ? "index" : path.slice(1, -1)}.md`);
  const errors: SitegenError[] = [];
  // A site that need not have the developers page, and has none, points its errors elsewhere (errorLinks in the manifest).
  if (manifest.errors.type === undefined) errors.push(...developersPageProblems(manifest, facts, fileOf));
  const blog = manifest.postUrlShape.url.slice(manifest.baseUrl.length).replace(/[^/]+\/$/, "");
  if (manifest.posts.length > 0 && !routeAt(manifest, blog)) {
    errors.push(
      new SitegenError(
        "E_CONTENT",
        `missing the page ${blog}: the site publishes ${manifest.posts.length} post(s) under it`,
        {
          kind: "missing-page",
          location: { file: fileOf(blog) },
          hint: `create it with \`sitegen new page ${blog.slice(1, -1)}\`; it lists the posts`,
        },
      ),
    );
  }
  return errors;
}

/** The developers page and the anchors every error points at. */
function developersPageProblems(
  manifest: Manifest,
  facts: Map<string, PageFacts>,
  fileOf: (path: string) => string,
): SitegenError[] {
  const errors: SitegenError[] = [];
  const anchors = [
    manifest.errors.documentation,
    ...PROBLEM_STATUSES.map((status) => `${manifest.errors.typePrefix}${status}`),
  ].map((url) => splitFragment(new URL(url).pathname + new URL(url).hash));
  const [page] = anchors[0];
  const route = routeAt(manifest, page);
  const ids = facts.get(page)?.ids;
  if (!route) {
    errors.push(
      new SitegenError(
        "E_CONTENT",
        `missing the page ${page}: every error body and error Link header points at it`,
        {
          kind: "missing-page",
          location: { file: fileOf(page) },
          hint: `create it (\`sitegen new page ${page.slice(1, -1)}\`) with the headings ${anchors.map(([, id]) => `{#${id}}`).join(", ")}; it documents the site's errors for agents. A site that does without sets \`agents: { developers_page: optional }\` in site.yaml`,
        },
      ),
    );
  } else if (ids !== undefined) {
    for (const [, id] of anchors) {
      if (id !== undefined && !hasHeadingId(ids, id)) {
        errors.push(
          new SitegenError(
            "E_CONTENT",
            `${page} has no heading with id \`${id}\`, which error bodies link to`,
            {
              kind: "missing-page",
              location: { file: route.source },
              hint: `add a heading that ends in \`{#${id}}\`, e.g. \`## ${id === "errors" ? "Errors" : `HTTP ${id.slice("http-".length)}`} {#${id}}\``,
            },
          ),
        );
      }
    }
  }
  return errors;
}

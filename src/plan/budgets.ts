/**
 * How large the agent files, the blog page and the Markdown 404 may be, in one
 * place: the defaults of the `budgets` of site.yaml, what the emitters fit
 * their files into, and the check that reports a file past its budget. (`verify` keeps its own copy of the spec's limits in
 * src/verify/spec.ts on purpose: it is an independent reading of the spec. A
 * budget cannot exceed those limits: the site schema caps it there.)
 */
import type { SiteBudgets } from "../content/site-settings.ts";
import type { SiteConfig } from "../content/types.ts";
import { SitegenError } from "../errors.ts";
import type { Manifest, PageRoute } from "../manifest/manifest.ts";
import type { Written } from "../write/output.ts";

export type Budgets = Required<SiteBudgets>;

/** Every budget in UTF-8 bytes; a file within its byte budget is within as many characters. */
export const DEFAULT_BUDGETS: Budgets = {
  /** llms.txt checkers warn above 50,000 characters and fail above 100,000. */
  llms_txt_bytes: 50_000,
  /** Spec §2.6, §8.2: "hundreds of kilobytes". */
  llms_full_txt_bytes: 1_000_000,
  /** A page a person and an agent can load: about 50,000 tokens of Markdown. */
  blog_page_bytes: 200_000,
  blog_page_full_posts: 20,
  /** An error body an agent can afford on every miss. */
  not_found_markdown_bytes: 8_000,
  not_found_closest_posts: 5,
};

/** Spec §8.3: robots.txt is about 100 bytes at most; a larger body reveals a CDN rewriting it. Not a setting. */
export const ROBOTS_TXT_MAX = 100;

export function budgetsOf(site: Pick<SiteConfig, "budgets">): Budgets {
  return { ...DEFAULT_BUDGETS, ...site.budgets };
}

/**
 * robots.txt over its limit breaks the surface (spec §8.3 makes size the
 * signal of a rewrite); a file over the site's budget is reported
 * (`budget`; the Markdown 404's, which depends on its template, by
 * src/render/emit/not-found.ts). The emitters fit their files to the budgets, so a file is over
 * only when what it cannot leave out (the pages, site.yaml's texts) is.
 */
export function sizeProblems(manifest: Manifest, written: Map<string, Written>): SitegenError[] {
  const problems: SitegenError[] = [];
  const size = (file: string) => written.get(file)?.bytes ?? 0;
  const { robots } = manifest.surface;
  if (size(robots.file) > ROBOTS_TXT_MAX) {
    problems.push(
      new SitegenError(
        "E_CHECK",
        `robots.txt is ${size(robots.file)} bytes; the limit is ${ROBOTS_TXT_MAX}`,
        {
          kind: "surface-limit",
          location: { file: robots.file },
          hint: "use a shorter base_url; robots.txt holds only the allow rule and the sitemap URL",
        },
      ),
    );
  }
  for (const over of overBudget(manifest, size))
    problems.push(
      new SitegenError("E_CHECK", over.message, {
        kind: "budget",
        location: { file: over.file },
        hint: over.hint,
      }),
    );
  return problems;
}

interface OverBudget {
  file: string;
  message: string;
  hint: string;
}

/** Each budgeted file that is over its budget, with both numbers. */
function overBudget(manifest: Manifest, size: (file: string) => number): OverBudget[] {
  const budgets = budgetsOf(manifest.site);
  // The blog page, and every page the build makes to list posts or tags, is held to the blog page's budget.
  const listings = [...manifest.pages.filter((page) => page.listing), ...manifest.listings];
  const limit = (file: string, bytes: number, key: keyof Budgets, hint: string) => ({
    file,
    bytes,
    key,
    hint,
  });
  const hintFor = (route: PageRoute) =>
    route.template === "tags"
      ? "the tag index lists every tag: raise blog_page_bytes"
      : route.listing?.pagination
        ? "a numbered page lists `paginate` posts with their descriptions: lower `paginate` in site.yaml"
        : route.kind === "page"
          ? `the blog page without its list of posts is over: shorten ${route.source} or lower blog_page_full_posts`
          : "the page without its list of posts is over: lower blog_page_full_posts";
  const limits = [
    limit(
      manifest.surface.llmsTxt.file,
      size(manifest.surface.llmsTxt.file),
      "llms_txt_bytes",
      "its pages, summary and when-to-use lists alone are over: shorten them in site.yaml and the pages' descriptions",
    ),
    limit(
      manifest.surface.llmsFullTxt.file,
      size(manifest.surface.llmsFullTxt.file),
      "llms_full_txt_bytes",
      "the fixed pages alone are over: shorten them, or raise the budget (at most 1000000)",
    ),
    ...listings.flatMap((route) =>
      [route.htmlFile, route.markdownFile].map((file) =>
        limit(file, size(file), "blog_page_bytes", hintFor(route)),
      ),
    ),
  ];
  return limits
    .filter(({ bytes, key }) => bytes > budgets[key])
    .map(({ file, bytes, key, hint }) => ({
      file,
      message: `${file} is ${bytes} bytes; its budget is ${budgets[key]} (budgets.${key} in site.yaml)`,
      hint,
    }));
}

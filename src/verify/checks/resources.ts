/** §2: the resources and their fields: pages, slugs, the blog index and the other files. */
import { SLUG_PATTERN } from "../../content/slug.ts";
import { postSlug, sameSitePath, type SlugSources } from "../discover.ts";
import { bodyText, header } from "../exchange.ts";
import { field } from "../json.ts";
import { mediaTypeProblem } from "../media-type.ts";
import { probe } from "../plan.ts";
import { readRobots } from "../robots.ts";
import { SITEMAP_FILE_LIMITS, W3C_DATETIME } from "../sitemap.ts";
import { AI_CRAWLERS, FILES, LLMS_FULL_OMISSION } from "../spec.ts";
import { expectStatus, judgeProbe, outcome, type Check } from "./check.ts";
import { whenToUseFaults } from "./service.ts";

/** RFC 3339 date-time, the `format: date-time` of §2.3 and §2.4. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function isDateTime(value: unknown): boolean {
  return typeof value === "string" && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

export const pageSet: Check = {
  id: "2.1-page-set",
  section: "2",
  title: "The sitemap lists every page of the site, and every page it lists is one of them or a post page",
  run: ({ surface }) => {
    if (typeof surface.sitemap === "string") return [outcome("/sitemap.xml", [surface.sitemap])];
    const listed = new Set(
      surface.sitemap.map((entry) => sameSitePath(entry.loc, [surface.siteBase, surface.targetBase])),
    );
    const pages = new Set(surface.sitePages);
    const named = surface.closedSet
      ? "one of the spec's fixed pages"
      : "one of the pages /openapi.json names";
    return [
      ...surface.sitePages.map((page) =>
        outcome(page, listed.has(page) ? [] : ["missing from /sitemap.xml"]),
      ),
      ...[...listed]
        .filter((path) => path === undefined || (!pages.has(path) && postSlug(path) === undefined))
        .map((path) =>
          outcome(path ?? "(outside URL)", [`listed in /sitemap.xml but neither ${named} nor a post page`]),
        ),
    ];
  },
};

export const slugShape: Check = {
  id: "2.2-slug-shape",
  section: "2",
  title: "Every published slug is lowercase, hyphen-separated ASCII",
  run: ({ surface }) =>
    surface.slugs.map((slug) =>
      outcome(slug, SLUG_PATTERN.test(slug) ? [] : ["not lowercase hyphen-separated ASCII"]),
    ),
};

export const blogIndexShape: Check = {
  id: "2.3-blog-index",
  section: "2",
  title: "/blog-index.json is a BlogIndex: generated (date-time), count (integer, = posts), posts (array)",
  run: ({ surface }) => {
    const index = surface.blogIndex;
    if (typeof index !== "object" || index === null)
      return [outcome("/blog-index.json", ["not a JSON object (or did not answer 200)"])];
    const faults: string[] = [];
    const posts = field(index, "posts");
    if (!isDateTime(field(index, "generated")))
      faults.push(`generated is ${JSON.stringify(field(index, "generated"))}; expected a date-time`);
    if (!Array.isArray(posts)) faults.push("posts is not an array");
    const count = field(index, "count");
    if (!Number.isInteger(count)) faults.push(`count is ${JSON.stringify(count)}; expected an integer`);
    else if (Array.isArray(posts) && count !== posts.length)
      faults.push(`count is ${count} but posts has ${posts.length}`);
    return [outcome("/blog-index.json", faults)];
  },
};

export const blogPosts: Check = {
  id: "2.4-blog-posts",
  section: "2",
  title: "Every BlogPost has slug and title, and its optional fields have their types",
  run: ({ surface }) => {
    const posts = field(surface.blogIndex, "posts");
    if (!Array.isArray(posts)) return [];
    return posts.map((post: unknown, index) => {
      const slug = field(post, "slug");
      const faults: string[] = [];
      if (typeof slug !== "string") faults.push("slug is not a string");
      const title = field(post, "title");
      if (typeof title !== "string" || title === "") faults.push("title is not a non-empty string");
      const description = field(post, "description");
      if (description !== undefined && typeof description !== "string")
        faults.push("description is not a string");
      const date = field(post, "date");
      if (date !== undefined && !isDateTime(date))
        faults.push(`date ${JSON.stringify(date)} is not a date-time`);
      const tags = field(post, "tags");
      if (tags !== undefined && !(Array.isArray(tags) && tags.every((tag) => typeof tag === "string")))
        faults.push("tags is not an array of strings");
      const lang = field(post, "lang");
      if (lang !== undefined && lang !== "vi" && lang !== "en")
        faults.push(`lang ${JSON.stringify(lang)} is not "vi" or "en"`);
      return outcome(`posts[${index}]${typeof slug === "string" ? ` ${slug}` : ""}`, faults);
    });
  },
};

export const fileMediaTypes: Check = {
  id: "2.6-media-types",
  section: "2",
  title: "Each file answers 200 with its media type, charset=utf-8",
  run: ({ observed }) =>
    FILES.map((file) =>
      judgeProbe(
        observed,
        probe(file.path),
        expectStatus(200, (exchange) => mediaTypeProblem(header(exchange, "content-type"), file.mediaTypes)),
      ),
    ),
};

export const llmsFullComplete: Check = {
  id: "2.6-llms-full",
  section: "2",
  title:
    "/llms-full.txt holds every post of the blog index, or says it leaves the oldest out and holds all the others",
  run: ({ observed, surface }) => {
    const posts = field(surface.blogIndex, "posts");
    const full = observed.get(probe("/llms-full.txt"));
    if (!Array.isArray(posts) || full?.status !== 200)
      return [outcome("/llms-full.txt", ["needs /llms-full.txt and /blog-index.json"])];
    const body = bodyText(full);
    // Compare letters and digits only: Markdown may escape or re-punctuate a title.
    const squash = (text: string) =>
      text
        .normalize("NFC")
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "");
    const text = squash(body);
    // §8.2 caps the size: a large site's file may leave its oldest posts out if it says how many.
    const omitted = Number(LLMS_FULL_OMISSION.exec(body)?.[1].replaceAll(",", "") ?? 0);
    const byDate = [...posts].sort((a, b) =>
      String(field(b, "date") ?? "").localeCompare(String(field(a, "date") ?? "")),
    );
    const faults = (post: unknown, index: number) => {
      if (index >= byDate.length - omitted) return [];
      const title = field(post, "title");
      if (typeof title === "string" && text.includes(squash(title))) return [];
      return [
        `title ${JSON.stringify(title)} does not appear${omitted > 0 ? `, though only the oldest ${omitted} posts are said to be left out` : ""}`,
      ];
    };
    return byDate.map((post: unknown, index) => outcome(String(field(post, "slug")), faults(post, index)));
  },
};

export const agentInstructions: Check = {
  id: "2.6-agent-instructions",
  section: "2",
  title: "/agent-instructions.md carries the when-to-use guidance standalone",
  run: ({ observed }) => [
    judgeProbe(
      observed,
      probe("/agent-instructions.md"),
      expectStatus(200, (exchange) => whenToUseFaults(bodyText(exchange)).join("; ") || undefined),
    ),
  ],
};

export const sitemapEntries: Check = {
  id: "2.6-sitemap",
  section: "2",
  title:
    "/sitemap.xml is a urlset, or an index of urlsets, each within sitemaps.org's limits, whose every entry has an absolute loc and a W3C-datetime lastmod",
  run: ({ surface }) => {
    if (typeof surface.sitemap === "string") return [outcome("/sitemap.xml", [surface.sitemap])];
    if (surface.sitemap.length === 0) return [outcome("/sitemap.xml", ["lists no URL"])];
    const files = surface.sitemapFiles.map((file) => {
      const faults: string[] = [];
      if (file.entries > SITEMAP_FILE_LIMITS.entries)
        faults.push(`${file.entries} entries, over the ${SITEMAP_FILE_LIMITS.entries} one file may hold`);
      if (file.bytes > SITEMAP_FILE_LIMITS.bytes)
        faults.push(`${file.bytes} bytes, over the ${SITEMAP_FILE_LIMITS.bytes} one file may weigh`);
      return outcome(file.path, faults);
    });
    return [
      ...files,
      ...surface.sitemap.map((entry) => {
        const faults: string[] = [];
        if (sameSitePath(entry.loc, [surface.siteBase, surface.targetBase]) === undefined)
          faults.push("loc is not an absolute URL on the site");
        if (entry.lastmod === undefined) faults.push("no lastmod");
        else if (!W3C_DATETIME.test(entry.lastmod))
          faults.push(`lastmod ${entry.lastmod} is not a W3C datetime`);
        return outcome(entry.loc || "(empty loc)", faults);
      }),
    ];
  },
};

export const robotsAllowAi: Check = {
  id: "2.6-robots-ai-allowed",
  section: "2",
  title: `/robots.txt blocks no AI crawler (${AI_CRAWLERS.join(", ")}) from any page`,
  run: ({ observed, surface }) => {
    const robots = observed.get(probe("/robots.txt"));
    if (robots?.status !== 200) return [outcome("/robots.txt", ["did not answer 200"])];
    // The rules are read as written for the site's own origin, which is where crawlers meet them.
    const parser = readRobots(`${surface.siteBase}/robots.txt`, bodyText(robots));
    return AI_CRAWLERS.map((agent) => {
      const blocked = surface.pages.filter(
        (page) => parser.isAllowed(`${surface.siteBase}${page}`, agent) === false,
      );
      return outcome(agent, blocked.length === 0 ? [] : [`disallowed on ${blocked.join(", ")}`]);
    });
  },
};

/** §2.2 and §2.6: one closed set of slugs, whichever file names it. */
export const slugAgreement: Check = {
  id: "2.6-slug-agreement",
  section: "2",
  title: "OpenAPI's slug enum, the blog index and the sitemap name the same posts",
  run: ({ surface }) => {
    const names: Record<keyof SlugSources, string> = {
      blogIndex: "/blog-index.json",
      openapi: "/openapi.json slug enum",
      sitemap: "/sitemap.xml",
    };
    const sources = Object.keys(names) as (keyof SlugSources)[];
    return sources.map((source) => {
      const slugs = surface.slugSources[source];
      if (slugs === undefined) return outcome(names[source], ["could not be read"]);
      const own = new Set(slugs);
      const missing = surface.slugs.filter((slug) => !own.has(slug));
      const faults = missing.map(
        (slug) =>
          `lacks ${slug}, which ${sources
            .filter((other) => surface.slugSources[other]?.includes(slug))
            .map((other) => names[other])
            .join(" and ")} names`,
      );
      if (own.size !== slugs.length) faults.push("names a slug twice");
      return outcome(names[source], faults);
    });
  },
};

export const resourceChecks: readonly Check[] = [
  pageSet,
  slugShape,
  blogIndexShape,
  blogPosts,
  fileMediaTypes,
  llmsFullComplete,
  agentInstructions,
  sitemapEntries,
  robotsAllowAi,
  slugAgreement,
];

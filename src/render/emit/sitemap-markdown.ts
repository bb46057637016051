/**
 * /sitemap.md (`agents: { sitemap_markdown: true }`): the sitemap as an agent
 * reads it, every page, listing page and post as a Markdown link to its
 * address with its description, grouped: the pages, the pages that list
 * posts, then the posts by year, newest first. It lists what /sitemap.xml
 * lists (the manifest's `indexable`, no draft), in the same order within each
 * group, so the two cannot disagree.
 */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { markdownInline } from "../../text/markdown-inline.ts";

export function sitemapMarkdown(manifest: Manifest): string {
  const { site, surface, baseUrl } = manifest;
  const listed = new Set(manifest.indexable);
  const pages = manifest.pages.filter((route) => listed.has(route));
  const listings = manifest.listings.filter((route) => listed.has(route));
  const posts = manifest.posts.filter((route) => listed.has(route));
  const lines = [
    `# ${markdownInline(site.name)}: sitemap`,
    "",
    `> ${markdownInline(site.summary)}`,
    "",
    `Every page and post of ${baseUrl}, each with its description. Each address serves HTML or Markdown by the \`Accept\` header (\`text/markdown\` selects Markdown). [${surface.sitemap.path.slice(1)}](${surface.sitemap.url}) lists the same addresses with their dates; [${surface.llmsTxt.path.slice(1)}](${surface.llmsTxt.url}) is the index for agents.`,
    "",
    ...group("Pages", pages),
    ...group("Listings", listings),
    ...(posts.length > 0 ? ["## Posts", "", ...byYear(posts)] : []),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}

function group(heading: string, routes: PageRoute[]): string[] {
  return routes.length === 0 ? [] : [`## ${heading}`, "", ...routes.map(item), ""];
}

/** The posts under a heading for each year they were published in, newest first as the manifest has them. */
function byYear(posts: PageRoute[]): string[] {
  const lines: string[] = [];
  let year = "";
  for (const post of posts) {
    const its = (post.date ?? "").slice(0, 4);
    if (its !== year)
      lines.push(...(year === "" && lines.length === 0 ? [] : [""]), `### ${its || "Undated"}`, "");
    year = its;
    lines.push(item(post));
  }
  return lines;
}

function item(route: PageRoute): string {
  return `- [${markdownInline(route.title)}](${route.url}): ${markdownInline(route.description)}`;
}

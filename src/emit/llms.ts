/**
 * /llms.txt (the llms.txt format: H1, blockquote summary, prose, H2 link
 * sections, `## Optional` last) and /llms-full.txt (every public page and post
 * as one Markdown document).
 */
import { absoluteUrl, type Manifest, type PageRoute } from "../manifest.ts";
import { pageMarkdown } from "./page-markdown.ts";

export function llmsTxt(manifest: Manifest): string {
  const { site } = manifest;
  const url = (path: string) => absoluteUrl(manifest, path);
  const file = (path: string) => manifest.files.find((f) => f.path === path)!;
  const lines = [
    `# ${site.name}`,
    "",
    `> ${oneLine(site.summary)}`,
    "",
    `Every page is served as HTML or Markdown from the same URL by the \`Accept\` header (\`text/markdown\` selects Markdown), and as Markdown at the \`.md\` links below. Errors are JSON problem documents (RFC 9457); see ${url("/developers/#errors")}.`,
    "",
    "## When to use",
    "",
    ...site.when_to_use.map((item) => `- ${oneLine(item)}`),
    "",
    "Do not route here:",
    "",
    ...site.when_not_to_use.map((item) => `- ${oneLine(item)}`),
    "",
    "## Pages",
    "",
    ...manifest.pages.map((page) => `- [${page.title}](${url(page.markdownPath)}): ${oneLine(page.description)}`),
    "",
    "## Blog",
    "",
    ...manifest.posts.map((post) => `- [${post.title}](${url(post.markdownPath)}): ${oneLine(post.description)}`),
    "",
    "## Machine-readable",
    "",
    ...["/agent-instructions.md", "/blog-index.json", "/openapi.json", "/sitemap.xml"].map((path) => `- [${path.slice(1)}](${url(path)}): ${file(path).summary}`),
    "",
    "## Optional",
    "",
    `- [llms-full.txt](${url("/llms-full.txt")}): ${file("/llms-full.txt").summary}`,
    "",
  ];
  return lines.join("\n");
}

/**
 * llms-full.txt in pieces, so a large site is streamed to disk, not held whole:
 * the head, then each page's entry in route order. An entry is the page's
 * Markdown representation; the build passes the `.md` siblings as it writes
 * them, so the two are the same bytes by construction.
 */
export function* llmsFullTxt(manifest: Manifest, markdownOf: (route: PageRoute) => string = (route) => pageMarkdown(manifest, route)): Generator<string> {
  yield llmsFullHead(manifest);
  for (const route of manifest.routes) yield llmsFullEntry(markdownOf(route));
}

export function llmsFullHead(manifest: Manifest): string {
  return `# ${manifest.site.name}: full text\n\n> ${oneLine(manifest.site.summary)}\n\nThis document holds every public page and post of ${manifest.baseUrl}, each as served at its \`.md\` URL, separated by horizontal rules. The index is ${absoluteUrl(manifest, "/llms.txt")}.\n`;
}

export function llmsFullEntry(markdown: string): string {
  return `\n---\n\n${markdown}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

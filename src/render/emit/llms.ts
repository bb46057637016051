/**
 * /llms.txt (the llms.txt format: H1, blockquote summary, prose, H2 link
 * sections, `## Optional` last) and /llms-full.txt (every public page and post
 * as one Markdown document).
 */
import type { Manifest, SurfaceRole } from "../../manifest/manifest.ts";

export function llmsTxt(manifest: Manifest): string {
  const { site } = manifest;
  const { surface } = manifest;
  const listed = (role: SurfaceRole) => `- [${surface[role].path.slice(1)}](${surface[role].url}): ${surface[role].summary}`;
  const lines = [
    `# ${site.name}`,
    "",
    `> ${oneLine(site.summary)}`,
    "",
    `Every page is served as HTML or Markdown from the same URL by the \`Accept\` header (\`text/markdown\` selects Markdown), and as Markdown at the \`.md\` links below. Errors are JSON problem documents (RFC 9457); see ${manifest.errors.documentation}.`,
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
    ...manifest.pages.map((page) => `- [${page.title}](${page.markdownUrl}): ${oneLine(page.description)}`),
    "",
    "## Blog",
    "",
    ...manifest.posts.map((post) => `- [${post.title}](${post.markdownUrl}): ${oneLine(post.description)}`),
    "",
    "## Machine-readable",
    "",
    ...(["agentInstructions", "blogIndex", "openapi", "sitemap"] as const).map(listed),
    "",
    "## Optional",
    "",
    listed("llmsFullTxt"),
    "",
  ];
  return lines.join("\n");
}

/**
 * llms-full.txt in pieces, so a large site is streamed to disk, not held whole:
 * the head, then each page's entry in route order. An entry is the page's
 * Markdown representation as written to its `.md` sibling (`markdownOf`), so
 * the two are the same bytes by construction.
 */
export function* llmsFullTxt(manifest: Manifest, markdownOf: (file: string) => Uint8Array): Generator<string | Uint8Array> {
  yield `# ${manifest.site.name}: full text\n\n> ${oneLine(manifest.site.summary)}\n\nThis document holds every public page and post of ${manifest.baseUrl}, each as served at its \`.md\` URL, separated by horizontal rules. The index is ${manifest.surface.llmsTxt.url}.\n`;
  for (const route of manifest.routes) {
    yield ENTRY_SEPARATOR;
    yield markdownOf(route.markdownFile);
  }
}

const ENTRY_SEPARATOR = "\n---\n\n";

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

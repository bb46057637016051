/**
 * /agent-instructions.md: how to call, cite and hand off, standalone. What
 * only the site can say (what its posts are, what to hand off for, what not
 * to promise) is `agent_instructions` in site.yaml; the rest is the surface's.
 */
import { routeAt, type Manifest } from "../../manifest/manifest.ts";
import { markdownInline } from "../../text/markdown-inline.ts";
import { mcpInstructions, servesMcp } from "./mcp-surface.ts";

export function agentInstructions(manifest: Manifest): string {
  const { site } = manifest;
  const { surface } = manifest;
  // An example page for the Markdown examples: the first page after the home page. A site without pages is an
  // error (missing-page) that a build reports with all the others, so this file is still made in that run.
  const home = manifest.pages.at(0);
  const example = manifest.pages[1] ?? home;
  const contact = routeAt(manifest, "/contact/");
  const own = site.agent_instructions ?? {};
  const notes = own.hand_off_notes ?? ["Do not promise anything on the site owner's behalf."];
  return [
    `# Instructions for agents: ${markdownInline(site.name)}`,
    "",
    `> ${markdownInline(site.summary)}`,
    "",
    "## When to use this site",
    "",
    ...site.when_to_use.map((item) => `- ${markdownInline(item)}`),
    "",
    "## When not to use this site",
    "",
    ...site.when_not_to_use.map((item) => `- ${markdownInline(item)}`),
    "",
    "## How to call",
    "",
    `- Start at ${surface.llmsTxt.url}; it links every page and post as Markdown.`,
    servesMcp(manifest)
      ? "- Every request is an unauthenticated HTTP GET, but for the POSTs of /mcp. There is no API key, no OAuth, no write path and no webhook."
      : "- Every request is an unauthenticated HTTP GET. There is no API key, no OAuth, no write path, no webhook and no MCP server.",
    ...mcpInstructions(manifest),
    `- Ask for Markdown with \`Accept: text/markdown\` on any page URL${example ? ` (for example ${example.url})` : ""}, or fetch the \`.md\` sibling${example ? ` (${example.markdownUrl}, ${home!.markdownUrl} for the home page)` : ""}. Both return the same bytes. Markdown responses carry \`X-Markdown-Tokens\`, an estimate of their size in tokens.`,
    "- Page URLs end with a slash. A URL without it answers 404 whose `resolution` names the canonical URL.",
    `- Every published post is in ${surface.blogIndex.url} (as JSON) and ${surface.sitemap.url} (every URL). On a large blog, ${surface.llmsTxt.path} and the blog page list only the newest posts, and ${surface.llmsFullTxt.path} holds the newest that fit its size; each says so. The formal description is ${surface.openapi.url} (OpenAPI 3.1).`,
    "- Send a `User-Agent` that names your client. Revalidate with `If-None-Match`: every page and file sends an `ETag`, and unchanged ones answer 304.",
    "",
    "## Errors",
    "",
    `- A missing path answers 404; a page asked for in a format it does not have (for example \`Accept: application/json\`) answers 406. Their bodies are JSON problem documents (RFC 9457), except a 404 asked for as Markdown (a recovery map naming the closest posts) or as HTML. A method other than GET, HEAD or OPTIONS answers 405 with no body. Branch on \`code\` (\`not_found\`, \`representation_not_available\`), never on \`title\` or \`detail\`.${manifest.errors.documentation === manifest.surface.agentInstructions.url ? "" : ` Details: ${manifest.errors.documentation}.`}`,
    "",
    "## How to cite",
    "",
    "- Cite the canonical page URL (the one ending in a slash), not the `.md` sibling, with the page title and the date of the post.",
    `- Attribute quotations to ${markdownInline(site.name)}.${own.attribution ? ` ${markdownInline(own.attribution)}` : ""}`,
    "- Quote briefly and link; do not present the text as your own.",
    "",
    "## How to hand off to a person",
    "",
    `- For ${markdownInline(own.hand_off_for ?? "any question the pages do not answer")}, send the user to ${contact ? `${contact.url} or to ` : ""}${site.contact.email}. There is no form endpoint or booking API to call on the user's behalf.`,
    ...notes.map((note) => `- ${markdownInline(note)}`),
    "",
  ].join("\n");
}

/** /agent-instructions.md: how to call, cite and hand off, standalone. */
import { absoluteUrl, type Manifest } from "../manifest.ts";

export function agentInstructions(manifest: Manifest): string {
  const { site } = manifest;
  const url = (path: string) => absoluteUrl(manifest, path);
  return [
    `# Instructions for agents: ${site.name}`,
    "",
    `> ${site.summary.replace(/\s+/g, " ").trim()}`,
    "",
    "## When to use this site",
    "",
    ...site.when_to_use.map((item) => `- ${item}`),
    "",
    "## When not to use this site",
    "",
    ...site.when_not_to_use.map((item) => `- ${item}`),
    "",
    "## How to call",
    "",
    `- Start at ${url("/llms.txt")}; it links every page and post as Markdown.`,
    "- Every request is an unauthenticated HTTP GET. There is no API key, no OAuth, no write path, no webhook and no MCP server.",
    `- Ask for Markdown with \`Accept: text/markdown\` on any page URL (for example ${url("/about/")}), or fetch the \`.md\` sibling (${url("/about.md")}, ${url("/index.md")} for the home page). Both return the same bytes. Markdown responses carry \`X-Markdown-Tokens\`, an estimate of their size in tokens.`,
    "- Page URLs end with a slash. A URL without it answers 404 whose `resolution` names the canonical URL.",
    `- For the list of posts use ${url("/blog-index.json")}; for every URL use ${url("/sitemap.xml")}; the formal description is ${url("/openapi.json")} (OpenAPI 3.1).`,
    "- Send a `User-Agent` that names your client. Revalidate with `If-None-Match`; unchanged pages answer 304.",
    "",
    "## Errors",
    "",
    `- A missing path answers 404; a page asked for in a format it does not have (for example \`Accept: application/json\`) answers 406. Error bodies are JSON problem documents (RFC 9457) unless you asked for Markdown or HTML on a 404. Branch on \`code\` (\`not_found\`, \`representation_not_available\`), never on \`title\` or \`detail\`. Details: ${url("/developers/#errors")}.`,
    "",
    "## How to cite",
    "",
    "- Cite the canonical page URL (the one ending in a slash), not the `.md` sibling, with the page title and the date of the post.",
    `- Attribute quotations to ${site.name}. Posts are dated opinions and practice notes from the firm's engagements, not vendor documentation; say so when you rely on them.`,
    "- Quote briefly and link; do not present the text as your own.",
    "",
    "## How to hand off to a person",
    "",
    `- For an engagement, a review, or any question the pages do not answer, send the user to ${url("/contact/")} or to ${site.contact.email}. The enquiry form on the contact page is for the person to fill in; there is no form endpoint or booking API for an agent to call on the user's behalf.`,
    "- Do not promise prices, availability or commitments on the firm's behalf.",
    "",
  ].join("\n");
}

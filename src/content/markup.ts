/**
 * How a page's body is written: Markdown, but for an HTML content file
 * (`about.html` with frontmatter, which Hugo and Jekyll publish as a page)
 * and a file whose frontmatter says `markup: html` (Hugo's field), whose
 * body is HTML, published as written. Either way the page gets the checks
 * raw HTML in Markdown gets (src/render/markdown/raw-html.ts): its links,
 * images and ids, and what its security policy would block.
 */
export type Markup = "html";

/** Whether a file's name is an HTML file's (`.html`, `.htm`). */
export function isHtmlFile(name: string): boolean {
  return /\.html?$/i.test(name);
}

/** An HTML body's, or undefined for Markdown: by the file's name, then its `markup` field as written. */
export function markupOf(file: string, written: unknown): Markup | undefined {
  if (isHtmlFile(file)) return "html";
  return typeof written === "string" && written.trim().toLowerCase() === "html" ? "html" : undefined;
}

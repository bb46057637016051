/**
 * The HTML 404 page's part that only the request can say, as the Markdown
 * recovery map says it (recovery-map.ts): the page a near-miss path meant or,
 * when there is none, the published posts whose slugs are closest to it. The
 * build writes the page with a mark where this goes (`CLOSEST_MARK`, an HTML
 * comment, so the page a CDN serves as it is shows nothing there); the core
 * fills it in, server-side, so it needs no script and the page's CSP stays.
 */
import type { Recovery } from "./recovery-map.ts";
import { ECHOED_PATH_MAX } from "./recovery-map.ts";

/** Where a 404 template wants the closest addresses; a template without it gets them at the end of `<main>`. */
export const CLOSEST_MARK = "<!-- sitegen:closest -->";

/** `page` (the HTML 404 the build wrote) with what `path` may have meant in place of the mark. */
export function recoveryHtml(page: string, path: string, found: Recovery): string {
  const part = closestHtml(path, found);
  if (part === "") return page;
  if (page.includes(CLOSEST_MARK)) return page.replace(CLOSEST_MARK, () => part);
  const main = page.indexOf("</main>");
  return main === -1 ? page : `${page.slice(0, main)}${part}\n${page.slice(main)}`;
}

function closestHtml(path: string, found: Recovery): string {
  if (found.canonical) {
    const href = sitePath(found.canonical.url);
    return `<p>The page you asked for is at <a href="${escapeHtml(href)}">${escapeHtml(href)}</a>.</p>`;
  }
  if (found.closest.length === 0) return "";
  const posts = found.closest.map(
    (post) => `  <li><a href="${escapeHtml(sitePath(post.url))}">${escapeHtml(post.title)}</a></li>`,
  );
  // No heading of its own: it sits among the template's paragraphs, and the outline stays the template's.
  return `<p>The published posts whose addresses are closest to <code>${escapeHtml(echoPath(path))}</code>:</p>\n<ul>\n${posts.join("\n")}\n</ul>`;
}

/** A page's URL as a path on this origin, so the links work wherever the build is served (the preview, a deploy preview). */
function sitePath(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  } catch {
    return url;
  }
}

function echoPath(path: string): string {
  return path.length > ECHOED_PATH_MAX ? `${path.slice(0, ECHOED_PATH_MAX)}…` : path;
}

/** markdown-it's `escapeHtml`: the five characters that could open markup or end an attribute. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );
}

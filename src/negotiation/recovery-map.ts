/**
 * The Markdown recovery map of a 404 (spec §7.1): the head the build wrote
 * (templates/404.md: the agent index, the fixed pages, the agent and crawl
 * files), then what only the request can say: the page a near-miss path
 * meant or, when there is none, the published posts whose slugs are closest
 * to the path. It stays a few kilobytes whatever the size of the blog.
 */
import type { ClosestPost } from "./slug-index.ts";
import { markdownInline } from "../text/markdown-inline.ts";

export interface Recovery {
  /** The page a near-miss path (`/about`) meant. */
  canonical?: { url: string; markdownUrl: string };
  closest: ClosestPost[];
}

/** The map: `head`, then the page a near miss meant or, failing that, the closest posts. */
export function recoveryMap(head: string, path: string, found: Recovery): string {
  const sections = [head.trimEnd()];
  if (found.canonical) {
    sections.push(
      `## The page you asked for\n\nIt is at ${found.canonical.url} (Markdown: ${found.canonical.markdownUrl}): page addresses end with a slash.`,
    );
  } else if (found.closest.length > 0) {
    const posts = found.closest.map(
      (post) => `- [${markdownInline(post.title)}](${post.url}) (Markdown: ${post.markdownUrl})`,
    );
    sections.push(
      `## Closest posts\n\nThe published posts whose addresses are closest to \`${echoPath(path)}\`:\n\n${posts.join("\n")}`,
    );
  }
  return `${sections.join("\n\n")}\n`;
}

/** The longest path the map repeats back; a longer one is cut, so the map stays small. */
export const ECHOED_PATH_MAX = 120;

/** The path as the map shows it: cut to its first characters, and unable to close the code span it sits in. */
function echoPath(path: string): string {
  const shown = path.length > ECHOED_PATH_MAX ? `${path.slice(0, ECHOED_PATH_MAX)}…` : path;
  return shown.replaceAll("`", "%60");
}

/**
 * A theme's links to the previous and next post, inside the part of a page
 * that is its own (eleventy-base-blog's `<ul class="links-nextprev">` in its
 * `<main>`): the neighbours' titles are the theme's words, not the post's.
 * They are known by HTML's own link types, `rel="prev"` and `rel="next"`.
 */
import type { ChildNode, Element } from "domhandler";

/** Whether an element is such a link, or a list (or a list's item) of them: every link it holds, one at least, leads to a neighbour. */
export function isNeighbours(element: Element): boolean {
  // A list of them and nothing more: the page's own text around them (its `<main>`, a paragraph) is the author's.
  if (!["a", "ul", "ol", "li"].includes(element.name)) return false;
  const links = element.name === "a" ? [element] : linksIn(element.children);
  return (
    links.length > 0 && links.every((link) => /(?:^|\s)(?:prev|next)(?:\s|$)/i.test(link.attribs.rel ?? ""))
  );
}

function linksIn(nodes: ChildNode[], found: Element[] = []): Element[] {
  for (const node of nodes) {
    if (node.type !== "tag") continue;
    if (node.name === "a") found.push(node);
    else linksIn(node.children, found);
  }
  return found;
}

/**
 * An old page's elements as htmlparser2 parsed them: found by a test,
 * outermost first, and read as their text. Shared by the readings of a
 * page's text, its code and its formulas.
 */
import type { ChildNode, Element } from "domhandler";

export function isElement(node: ChildNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/** The first element, in document order, that passes `test`. */
export function findElement(nodes: ChildNode[], test: (element: Element) => boolean): Element | undefined {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (test(node)) return node;
    const inner = findElement(node.children, test);
    if (inner) return inner;
  }
  return undefined;
}

/** Every element that passes `test` and is inside none that does. */
export function allElements(
  nodes: ChildNode[],
  test: (element: Element) => boolean,
  found: Element[] = [],
): Element[] {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (test(node)) found.push(node);
    else allElements(node.children, test, found);
  }
  return found;
}

/** All the text inside an element (none for no element). */
export function textOf(element: Element | undefined): string {
  if (!element) return "";
  return element.children
    .map((node) => (node.type === "text" ? node.data : isElement(node) ? textOf(node) : ""))
    .join("");
}

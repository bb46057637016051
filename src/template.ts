/**
 * A small Mustache-style template engine: `{{name}}` (escaped), `{{{name}}}`
 * (raw), `{{#name}}…{{/name}}` (section over a list or a truthy value),
 * `{{^name}}…{{/name}}` (when empty or false) and `{{> partial}}`.
 * Templates compile once; an unknown name is an error naming the template line,
 * so a typo never renders as an empty string.
 */
import { SitegenError } from "./errors.ts";

type Node =
  | { kind: "text"; text: string }
  | { kind: "var"; name: string; raw: boolean; line: number }
  | { kind: "section"; name: string; inverted: boolean; children: Node[]; line: number }
  | { kind: "partial"; name: string; line: number };

export type Template = (context: object) => string;

const TAG = /\{\{(\{)?\s*([#^/>]?)\s*([\w.-]+)\s*\}?\}\}/g;

export class TemplateSet {
  private readonly compiled = new Map<string, Node[]>();

  constructor(private readonly sources: Map<string, string>) {}

  render(name: string, context: object): string {
    return this.renderNodes(this.nodes(name), [context], name);
  }

  private nodes(name: string): Node[] {
    let nodes = this.compiled.get(name);
    if (!nodes) {
      const source = this.sources.get(name);
      if (source === undefined) throw new SitegenError("E_TEMPLATE", `no template named \`${name}\``, { location: { file: `templates/${name}` } });
      nodes = parse(source, `templates/${name}`);
      this.compiled.set(name, nodes);
    }
    return nodes;
  }

  private renderNodes(nodes: Node[], stack: object[], file: string): string {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "text") out += node.text;
      else if (node.kind === "partial") out += this.renderNodes(this.nodes(node.name), stack, node.name);
      else {
        const value = lookup(stack, node.name, `templates/${file}`, node.line);
        if (node.kind === "var") out += node.raw ? String(value ?? "") : escapeHtml(String(value ?? ""));
        else {
          const empty = value === undefined || value === null || value === false || value === 0 || (Array.isArray(value) && value.length === 0) || value === "";
          if (node.inverted) {
            if (empty) out += this.renderNodes(node.children, stack, file);
          } else if (!empty) {
            const items = Array.isArray(value) ? value : [value];
            for (const item of items) {
              const frame = typeof item === "object" ? [...stack, item as object] : stack;
              out += this.renderNodes(node.children, frame, file);
            }
          }
        }
      }
    }
    return out;
  }
}

function lookup(stack: object[], name: string, file: string, line: number): unknown {
  const [head, ...rest] = name.split(".");
  for (let i = stack.length - 1; i >= 0; i--) {
    if (head in stack[i]) {
      let value: unknown = (stack[i] as Record<string, unknown>)[head];
      for (const key of rest) value = (value as Record<string, unknown> | undefined)?.[key];
      return value;
    }
  }
  throw new SitegenError("E_TEMPLATE", `unknown name \`${name}\``, {
    location: { file, line },
    hint: "check the spelling; the names a template can use are listed in the README",
  });
}

function parse(source: string, file: string): Node[] {
  const root: Node[] = [];
  const open: { node: Extract<Node, { kind: "section" }>; parent: Node[] }[] = [];
  let current = root;
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    const [whole, brace, sigil, name] = match;
    const line = source.slice(0, match.index).split("\n").length;
    if (match.index! > last) current.push({ kind: "text", text: source.slice(last, match.index) });
    last = match.index! + whole.length;
    if (sigil === "#" || sigil === "^") {
      const node: Extract<Node, { kind: "section" }> = { kind: "section", name, inverted: sigil === "^", children: [], line };
      current.push(node);
      open.push({ node, parent: current });
      current = node.children;
    } else if (sigil === "/") {
      const top = open.pop();
      if (!top || top.node.name !== name) {
        throw new SitegenError("E_TEMPLATE", `\`{{/${name}}}\` closes ${top ? `\`{{#${top.node.name}}}\` opened on line ${top.node.line}` : "nothing"}`, {
          location: { file, line },
          sourceLine: source.split("\n")[line - 1],
          hint: "sections close in the reverse order they open",
        });
      }
      current = top.parent;
    } else if (sigil === ">") current.push({ kind: "partial", name, line });
    else current.push({ kind: "var", name, raw: brace === "{", line });
  }
  if (open.length > 0) {
    const top = open[open.length - 1].node;
    throw new SitegenError("E_TEMPLATE", `\`{{#${top.name}}}\` is never closed`, {
      location: { file, line: top.line },
      sourceLine: source.split("\n")[top.line - 1],
      hint: `add \`{{/${top.name}}}\``,
    });
  }
  if (last < source.length) current.push({ kind: "text", text: source.slice(last) });
  return root;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

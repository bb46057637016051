/**
 * A small Mustache-style template engine: `{{name}}` (escaped), `{{{name}}}`
 * (raw), `{{#name}}…{{/name}}` (section over a list or a truthy value),
 * `{{^name}}…{{/name}}` (when empty or false) and `{{> partial}}`.
 * Templates compile once (src/render/page/template-parse.ts); an unknown name
 * is an error naming the template line, so a typo never renders as an empty
 * string.
 */
import { editDistance } from "../../content/edit-distance.ts";
import type { Dimensions } from "../../content/image-size.ts";
import { SitegenError } from "../../errors.ts";
import { parse, type Node } from "./template-parse.ts";

export type Template = (context: object) => string;

/** The templates every templates folder has. */
export const REQUIRED_TEMPLATES = [
  "layout.html",
  "home.html",
  "page.html",
  "blog.html",
  "post.html",
  "post-item.html",
  "404.html",
  "404.md",
];

/** The templates of a kind of page: never a page's own template, whatever the page is called (content/pages/404.md, as Jekyll and Eleventy sites have one, is a page like any other). */
export const KIND_TEMPLATES: ReadonlySet<string> = new Set([
  ...REQUIRED_TEMPLATES,
  "tags.html",
  "tag.html",
  "archive.html",
]);

export class TemplateSet {
  private readonly compiled = new Map<string, Node[]>();
  /** The templates folder as the user named it, for messages. */
  private readonly dir: string;

  /** Plain asset URL (`/assets/site.css`) → published, fingerprinted URL (assets.ts). */
  private readonly assetUrls: Map<string, string>;
  /** Plain asset URL → width and height, for the assets that are images. */
  private readonly assetSizes: Map<string, Dimensions>;

  constructor(
    private readonly sources: Map<string, string>,
    options: { dir?: string; assetUrls?: Map<string, string>; assetSizes?: Map<string, Dimensions> } = {},
  ) {
    this.dir = (options.dir ?? "templates").replace(/[\\/]+$/, "");
    this.assetUrls = options.assetUrls ?? new Map();
    this.assetSizes = options.assetSizes ?? new Map();
  }

  has(name: string): boolean {
    return this.sources.has(name);
  }

  /** The published URL of an asset of the templates folder, by its plain URL; undefined if there is no such asset. */
  assetUrl(path: string): string | undefined {
    return this.assetUrls.get(path);
  }

  /** The width and height of an asset that is an image, by its plain URL. */
  assetSize(path: string): Dimensions | undefined {
    return this.assetSizes.get(path);
  }

  /** Every asset's fingerprinted URL, sorted: the files that are cached for a year. */
  fingerprintedAssets(): string[] {
    return [...this.assetUrls.values()].sort();
  }

  render(name: string, context: object): string {
    return this.renderNodes(this.nodes(name), [context], name);
  }

  private nodes(name: string): Node[] {
    let nodes = this.compiled.get(name);
    if (!nodes) {
      const source = this.sources.get(name);
      if (source === undefined)
        throw new SitegenError("E_TEMPLATE", `no template named \`${name}\``, {
          location: { file: this.file(name) },
        });
      nodes = parse(source, this.file(name));
      this.compiled.set(name, nodes);
    }
    return nodes;
  }

  private renderNodes(nodes: Node[], stack: object[], file: string): string {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "text") out += node.text;
      else if (node.kind === "partial") {
        if (!this.sources.has(node.name)) {
          throw new SitegenError("E_TEMPLATE", `no template named \`${node.name}\` to include`, {
            location: { file: this.file(file), line: node.line, column: node.column },
            sourceLine: this.sources.get(file)?.split("\n")[node.line - 1],
            hint: `create ${this.file(node.name)} or fix the name; the folder holds ${[...this.sources.keys()].join(", ")}`,
          });
        }
        out += this.renderNodes(this.nodes(node.name), stack, node.name);
      } else {
        const value = lookup(stack, node.path);
        if (value === UNKNOWN) {
          throw new SitegenError("E_TEMPLATE", `unknown name \`${node.name}\``, {
            location: { file: this.file(file), line: node.line, column: node.column },
            sourceLine: this.sources.get(file)?.split("\n")[node.line - 1],
            hint: unknownNameHint(node.name, stack),
          });
        }
        if (node.kind === "var") out += node.raw ? String(value ?? "") : escapeHtml(String(value ?? ""));
        else {
          const empty =
            value === undefined ||
            value === null ||
            value === false ||
            value === 0 ||
            (Array.isArray(value) && value.length === 0) ||
            value === "";
          if (node.inverted) {
            if (empty) out += this.renderNodes(node.children, stack, file);
          } else if (!empty) {
            const items = Array.isArray(value) ? value : [value];
            for (const item of items) {
              // One stack for the whole list, not a copy per item.
              const framed = typeof item === "object" && item !== null;
              if (framed) stack.push(item as object);
              out += this.renderNodes(node.children, stack, file);
              if (framed) stack.pop();
            }
          }
        }
      }
    }
    return out;
  }

  private file(name: string): string {
    return `${this.dir}/${name}`;
  }
}

const UNKNOWN = Symbol("unknown name");

/** The names in scope, and the closest one when the name looks like a typo of it. */
function unknownNameHint(name: string, stack: object[]): string {
  const names = [...new Set(stack.flatMap((frame) => namesIn(frame)))].sort();
  const head = name.split(".")[0];
  const closest = names
    .map((candidate) => ({ candidate, distance: editDistance(head, candidate) }))
    .sort((a, b) => a.distance - b.distance)[0];
  const guess =
    closest && closest.distance <= (head.length <= 3 ? 1 : 2)
      ? `did you mean \`${closest.candidate}\`? `
      : "";
  return `${guess}the names available here are ${names.map((n) => `\`${n}\``).join(", ")}`;
}

/** A frame's names, its prototype's included: a listed post is its item's prototype. */
function namesIn(frame: object): string[] {
  const names: string[] = [];
  for (const name in frame) names.push(name);
  return names;
}

/** The value of a dotted name (split once, when the template compiled), from the innermost frame that has its head. */
function lookup(stack: object[], path: string[]): unknown {
  const head = path[0];
  for (let i = stack.length - 1; i >= 0; i--) {
    if (head in stack[i]) {
      let value: unknown = (stack[i] as Record<string, unknown>)[head];
      for (let k = 1; k < path.length; k++) value = (value as Record<string, unknown> | undefined)?.[path[k]];
      return value;
    }
  }
  return UNKNOWN;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * The WebC components an Eleventy site's texts call as elements
 * (`<custom-youtube @slug="x" @label="…"></custom-youtube>`): the site's
 * WebC plugin puts each component's markup in place of its element as it
 * writes the page, so the element kept as written shows nothing on the new
 * site (a video, its link and label gone, without a word). Found here, as
 * template calls are (template-calls.ts), so that the site's own Eleventy is
 * asked what each gave (eleventy-output.ts).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { proseOf } from "../content/template-tags.ts";
import { callAt, type TemplateCall } from "./template-calls.ts";

/** Folders no component of the site's own is in. */
const SKIPPED = new Set(["node_modules", ".git", ".cache"]);
/** How deep a component is looked for: a site's `_includes/webc/` is three or four folders down. */
const MAX_DEPTH = 6;

/**
 * The names of the site's own WebC components: each `.webc` file named as a
 * custom element is (with a hyphen, `custom-youtube.webc`), under `root` but
 * for `output`, the folder the site's Eleventy writes to.
 */
export function webcComponents(root: string, output: string): Set<string> {
  const names = new Set<string>();
  const visit = (folder: string, depth: number) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && !SKIPPED.has(entry.name) && path !== output) visit(path, depth + 1);
      } else if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+\.webc$/.test(entry.name))
        names.add(entry.name.slice(0, -".webc".length));
    }
  };
  visit(root, 0);
  return names;
}

/**
 * Each element of `body` that calls one of `components`, with all it holds
 * up to its end tag (or one that closes itself, `<custom-svg @name="x" />`),
 * outside code; one inside another is part of the outer one. An element
 * left open is no call: WebC would read it otherwise, and it stays as
 * written.
 */
export function webcCalls(components: Set<string>, body: string, bodyLine: number): TemplateCall[] {
  if (components.size === 0 || !body.includes("<")) return [];
  const prose = proseOf(body);
  const calls: TemplateCall[] = [];
  const tag = /<(\/?)([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?=[\s/>])[^>]*?(\/?)>/g;
  let open: { name: string; start: number; depth: number } | undefined;
  for (const match of prose.matchAll(tag)) {
    const [written, closing, name, selfClosed] = match;
    if (!components.has(name)) continue;
    const start = match.index;
    const end = start + written.length;
    if (open) {
      if (name !== open.name) continue;
      if (closing) open.depth--;
      else if (!selfClosed) open.depth++;
      if (open.depth === 0) {
        calls.push(callAt(body, bodyLine, open.start, end, name));
        open = undefined;
      }
      continue;
    }
    if (closing) continue;
    if (selfClosed) calls.push(callAt(body, bodyLine, start, end, name));
    else open = { name, start, depth: 1 };
  }
  return calls;
}

/** The calls of both lists in order, an outer one holding any that lies within it (an element inside an `{% if %}` block). */
export function mergedCalls(first: TemplateCall[], second: TemplateCall[]): TemplateCall[] {
  const merged: TemplateCall[] = [];
  for (const call of [...first, ...second].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = merged.at(-1);
    if (last === undefined || call.start >= last.end) merged.push(call);
  }
  return merged;
}

/**
 * Admonitions: GitHub's alerts (`> [!NOTE]`, with @mdit/plugin-alert; with a
 * title of its own after the marker, `> [!NOTE] A title`, as Hugo and
 * Obsidian write it, here) and
 * the `:::` containers of Docusaurus, VitePress and pandoc (`:::note`,
 * `::: warning A title`, `:::note[A title]`, `::: details`, `::: {.class}`,
 * with markdown-it-container) become one markup: a box the stylesheet
 * colours by kind, with `role="note"` (ARIA's role for content set aside
 * from the main text) and its title in words, never by colour alone
 * (WCAG 1.4.1). `details` is a disclosure; a container of another name is a
 * `div` of that class, its text shown as written.
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import container from "markdown-it-container";
import { alert } from "@mdit/plugin-alert";
import { readAttributes } from "./attribute-lists.ts";

/** The kinds, by the names GitHub, Docusaurus and VitePress give them, with the title each shows by default. */
const KINDS: Record<string, string> = {
  note: "Note",
  info: "Info",
  tip: "Tip",
  important: "Important",
  warning: "Warning",
  caution: "Caution",
  danger: "Danger",
};

/** GitHub's alert kinds. */
const ALERTS = ["note", "tip", "important", "warning", "caution"];

/** An alert's marker line with a title after it. */
const TITLED = /^\[!([A-Za-z]+)\][ \t]+([^\n]+)(?:\n|$)/;

export function admonitionsPlugin(md: MarkdownIt): void {
  const { escapeHtml } = md.utils;
  md.use(alert, {
    alertNames: ALERTS,
    deep: true,
    openRender: (tokens, index) => `${openBox(tokens[index].markup)}\n`,
    closeRender: () => "</div>\n",
    titleRender: (tokens, index) =>
      `${title(tokens[index].meta?.title ?? KINDS[tokens[index].markup] ?? tokens[index].markup)}\n`,
  });
  // Before the inline rules: the marker line is taken off the first paragraph while it is still text.
  md.core.ruler.after("block", "alert_titles", (state) => titledAlerts(state.tokens, state.Token));
  md.use(container, "block", {
    // A fence with nothing after it only closes: a stray one must not open a box that runs to the end.
    validate: (params: string) => params.trim() !== "",
    render: (tokens: Token[], index: number) =>
      tokens[index].nesting === 1 ? opening(tokens[index].info) : closing(tokens, index),
  });

  function opening(params: string): string {
    const { kind, heading, attributes } = readParams(params);
    if (attributes) return `<div${attributes}>\n`;
    if (kind === "details")
      return `<details class="admonition admonition-details">\n<summary>${escapeHtml(heading ?? "Details")}</summary>\n`;
    if (Object.hasOwn(KINDS, kind)) return `${openBox(kind)}\n${title(heading ?? KINDS[kind])}\n`;
    return `<div class="${escapeHtml(kind)}">\n${heading ? `${title(heading)}\n` : ""}`;
  }

  function closing(tokens: Token[], index: number): string {
    const level = tokens[index].level;
    for (let at = index - 1; at >= 0; at--) {
      if (tokens[at].type === "container_block_open" && tokens[at].level === level)
        return readParams(tokens[at].info).kind === "details" ? "</details>\n" : "</div>\n";
    }
    return "</div>\n";
  }

  /** A quote whose first line is an alert's marker and a title: the alert @mdit/plugin-alert would make, with that title. */
  function titledAlerts(tokens: Token[], TokenOf: typeof Token): void {
    for (let index = 0; index < tokens.length; index++) {
      const open = tokens[index];
      const inline = tokens[index + 2];
      const match =
        open.type === "blockquote_open" && tokens[index + 1].type === "paragraph_open"
          ? TITLED.exec(inline.content)
          : null;
      if (!match || !ALERTS.includes(match[1].toLowerCase())) continue;
      const kind = match[1].toLowerCase();
      let close = index + 1;
      while (!(tokens[close].type === "blockquote_close" && tokens[close].level === open.level)) close++;
      for (const token of [open, tokens[close]])
        Object.assign(token, {
          type: token === open ? "alert_open" : "alert_close",
          tag: "div",
          markup: kind,
        });
      const heading = new TokenOf("alert_title", "", 0);
      heading.markup = kind;
      heading.meta = { title: match[2].trim() };
      inline.content = inline.content.slice(match[0].length);
      // A marker line alone in its paragraph leaves nothing of it.
      const emptied = inline.content.trim() === "";
      tokens.splice(index + 1, emptied ? 3 : 0, heading);
    }
  }

  function openBox(kind: string): string {
    return `<div class="admonition admonition-${escapeHtml(kind)}" role="note">`;
  }

  function title(text: string): string {
    return `<p class="admonition-title">${escapeHtml(text)}</p>`;
  }

  /** `note`, `note A title`, `note[A title]`, `{.class #id}`. */
  function readParams(params: string): { kind: string; heading?: string; attributes?: string } {
    const text = params.trim();
    if (text.startsWith("{") && text.endsWith("}")) {
      const list = readAttributes(text.slice(1, -1));
      if (list)
        return {
          kind: "",
          attributes: `${list.id ? ` id="${escapeHtml(list.id)}"` : ""}${list.classes.length > 0 ? ` class="${escapeHtml(list.classes.join(" "))}"` : ""}`,
        };
    }
    const match = /^([\p{L}\p{N}_-]+)\s*(?:\[(.*)\]|(.*))$/u.exec(text);
    const kind = (match?.[1] ?? text.split(/\s+/)[0]).toLowerCase();
    const heading = (match?.[2] ?? match?.[3] ?? "").trim();
    return { kind, ...(heading ? { heading } : {}) };
  }
}

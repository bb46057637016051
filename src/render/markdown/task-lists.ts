/**
 * GFM task lists (`- [x] done`), with @mdit/plugin-tasklist: a checkbox shown,
 * not one to tick (disabled), labelled by its item's text. Its boolean
 * attributes are written bare (`checked disabled`), as HTML writes them.
 */
import type MarkdownIt from "markdown-it";
import { tasklist } from "@mdit/plugin-tasklist";

export function taskListsPlugin(md: MarkdownIt): void {
  md.use(tasklist, { disabled: true, label: true });
  const { escapeHtml } = md.utils;
  md.renderer.rules.checkbox_input = (tokens, index) => {
    const attributes = (tokens[index].attrs ?? []).map(([name, value]) =>
      name === "checked" || name === "disabled" ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`,
    );
    return `<input${attributes.join("")}>`;
  };
}

export { parseMarkdown, renderMarkdown, type RenderedMarkdown, type RenderEnv } from "./render.ts";
export { SUMMARY_SEPARATOR } from "./summary.ts";
export type { MarkdownWarning } from "./warnings.ts";

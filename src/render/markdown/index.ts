export { parseMarkdown, renderMarkdown, type RenderedMarkdown } from "./render.ts";
export type { RenderEnv } from "./env.ts";
export { SUMMARY_SEPARATOR } from "./summary.ts";
export type { MarkdownWarning } from "./warnings.ts";

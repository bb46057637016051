// Plugins whose own types are missing, or written against another markdown-it's types: declared against this project's.
declare module "markdown-it-deflist" {
  import type { PluginSimple } from "markdown-it";
  const deflist: PluginSimple;
  export default deflist;
}

declare module "markdown-it-footnote" {
  import type { PluginSimple } from "markdown-it";
  const footnote: PluginSimple;
  export default footnote;
}

declare module "markdown-it-container" {
  import type { PluginWithParams } from "markdown-it";
  const container: PluginWithParams;
  export default container;
}

declare module "markdown-it-emoji/lib/data/full.mjs" {
  /** Each shortcode's name, and the emoji it stands for. */
  const names: Record<string, string>;
  export default names;
}

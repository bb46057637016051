/**
 * A Markdown image of the site's own gets its width and height from its
 * file, unless an attribute list gave it either (`{width=320}`), so the page
 * does not shift as it loads: the size the page's `imageSize` knows
 * (src/render/page/body-env.ts). raw-html.ts does the same for an `<img>`.
 */
import type MarkdownIt from "markdown-it";
import type { RenderEnv } from "./env.ts";

export function imagesPlugin(md: MarkdownIt): void {
  const renderImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, index, options, env: RenderEnv, self) => {
    const token = tokens[index];
    const size =
      token.attrGet("width") === null && token.attrGet("height") === null
        ? env.imageSize?.(String(token.attrGet("src") ?? ""))
        : undefined;
    if (size) {
      token.attrSet("width", String(size.width));
      token.attrSet("height", String(size.height));
    }
    return renderImage(tokens, index, options, env, self);
  };
}

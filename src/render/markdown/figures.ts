/**
 * An image alone in its paragraph, with a title, as a figure whose caption
 * is the title (site.yaml's `markdown.image_captions: title`): what
 * markdown-it-image-figures (`figcaption: true`) and themes like it show, so
 * a site moved from one keeps its captions as text people read, not only a
 * tooltip. The title moves into the caption, as that plugin moves it. Off
 * by default: CommonMark's image is an `<img>` in a paragraph.
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import type { RenderEnv } from "./env.ts";

export function figuresPlugin(md: MarkdownIt): void {
  md.core.ruler.push("image_captions", (state) => {
    if ((state.env as RenderEnv).imageCaptions !== "title") return;
    const tokens = state.tokens;
    for (let index = 0; index + 2 < tokens.length; index++) {
      const [open, inline, close] = [tokens[index], tokens[index + 1], tokens[index + 2]];
      if (open.type !== "paragraph_open" || inline.type !== "inline" || close.type !== "paragraph_close")
        continue;
      const image = loneImage(inline.children ?? []);
      const title = image?.attrGet("title");
      if (!image || !title) continue;
      image.attrs = (image.attrs ?? []).filter(([name]) => name !== "title");
      open.tag = close.tag = "figure";
      const caption = [
        new state.Token("figcaption_open", "figcaption", 1),
        Object.assign(new state.Token("text", "", 0), { content: title }),
        new state.Token("figcaption_close", "figcaption", -1),
      ];
      inline.children!.push(...caption);
    }
  });
}

/** The image a paragraph's words are, alone or as a link's only content (`[![a](x.png "t")](x.png)`). */
function loneImage(children: Token[]): Token | undefined {
  const shown = children.filter((child) => !(child.type === "text" && child.content.trim() === ""));
  if (shown.length === 1 && shown[0].type === "image") return shown[0];
  const linked =
    shown.length === 3 &&
    shown[0].type === "link_open" &&
    shown[1].type === "image" &&
    shown[2].type === "link_close";
  return linked ? shown[1] : undefined;
}

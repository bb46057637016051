/**
 * A page's two representations, from one parse of its body: what render
 * lanes do for each post (they load only this, not the other artifacts'
 * emitters), and what `renderJob` does for a page job.
 */
import type { PageRoute } from "../manifest/manifest.ts";
import { pageHtml } from "./emit/page-html.ts";
import { pageMarkdown } from "./emit/page-markdown.ts";
import { headingIds } from "./links.ts";
import { renderMarkdown } from "./markdown.ts";
import type { RenderContext, RenderedJob } from "./render-job.ts";

/** A page's HTML and its `.md` sibling, from one parse of its body. */
export function renderPage(route: PageRoute, context: Pick<RenderContext, "manifest" | "templates" | "headExtra" | "bodyOf">): RenderedJob {
  const body = context.bodyOf(route);
  const rendered = renderMarkdown(body);
  const html = pageHtml(context.manifest, context.templates, route, rendered, { headExtra: context.headExtra });
  const markdown = pageMarkdown(context.manifest, route, body, rendered.code);
  const links = rendered.links.map((link) => ({ href: link.href, line: route.bodyLine + link.line - 1 }));
  return {
    files: [
      { file: route.htmlFile, body: html },
      { file: route.markdownFile, body: markdown },
    ],
    facts: { path: route.path, ids: headingIds(rendered.ids), links },
  };
}


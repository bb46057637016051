/**
 * /feed.xml, an Atom 1.0 feed (RFC 4287) of the newest published posts, for
 * a site whose site.yaml says `feed: true`: what blog readers expect, as
 * Hugo, Jekyll's jekyll-feed and Eleventy's base blog publish. Each entry has
 * its title, link, id, updated and published times, summary, language and
 * the post's whole HTML as its page has it (images with their sizes), with
 * every URL absolute, since a feed reader shows it away from the site, and
 * without the links each heading has to itself on the page. Everything comes from the manifest; the bytes depend on
 * the content and nothing else. Its shape is fixed, so it is written as text
 * with XML's escapes (./xml.ts), as sitemap.xml is.
 */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { renderMarkdown } from "../markdown/index.ts";
import { shownBody } from "../liquid/links.ts";
import { bodyEnv, bodySettings, imageSizes } from "../page/body-env.ts";
import { escapeXml } from "./xml.ts";

/** The newest posts a feed holds, as most generators' feeds do. */
export const FEED_ENTRIES = 20;

export function atomFeed(
  manifest: Manifest,
  bodyOf: (route: PageRoute) => string,
  assets: Map<string, Uint8Array>,
): string {
  const feed = manifest.feed!;
  const posts = manifest.posts.slice(0, FEED_ENTRIES);
  // The latest of the entries' times, by the moment each names (they may be written with different offsets).
  const updated =
    posts
      .map(updatedOf)
      .reduce<string | undefined>(
        (latest, time) => (latest === undefined || Date.parse(time) > Date.parse(latest) ? time : latest),
        undefined,
      ) ?? manifest.generated;
  const element = (name: string, text: string, indent = "  ") =>
    `${indent}<${name}>${escapeXml(text)}</${name}>`;
  const link = (rel: string, type: string, href: string, indent = "  ") =>
    `${indent}<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(manifest.site.languages[0])}">`,
    element("id", `${manifest.baseUrl}/`),
    element("title", manifest.site.name),
    element("subtitle", manifest.site.summary.trim()),
    element("updated", updated),
    link("self", "application/atom+xml", feed.url),
    link("alternate", "text/html", manifest.blog?.url ?? `${manifest.baseUrl}/`),
    // RFC 4287 §4.1.1: a feed names an author unless every entry does.
    `  <author>\n${element("name", manifest.site.name, "    ")}\n  </author>`,
    '  <generator uri="https://www.npmjs.com/package/@sitegen/cli">sitegen</generator>',
  ];
  for (const post of posts) {
    // The post's text as its page renders it, images sized, but for the links each heading has to itself there.
    const env = {
      ...bodyEnv(post, bodySettings(manifest), imageSizes(post, { manifest, assets })),
      headingAnchors: false as const,
    };
    const html = absoluteHtml(
      renderMarkdown(shownBody(bodyOf(post), manifest, undefined, post).body, post.lang, env).html,
      post.url,
    );
    lines.push(
      `  <entry xml:lang="${escapeXml(post.lang)}">`,
      element("id", post.url, "    "),
      element("title", post.title, "    "),
      link("alternate", "text/html", post.url, "    "),
      link("alternate", "text/markdown", post.markdownUrl, "    "),
      element("published", post.published!, "    "),
      element("updated", updatedOf(post), "    "),
      ...(post.author
        ? post.author
            .split(", ")
            .map((name) => `    <author>\n${element("name", name, "      ")}\n    </author>`)
        : []),
      ...post.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
      element("summary", post.description, "    "),
      `    <content type="html">${escapeXml(html)}</content>`,
      "  </entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}

/** When the post last changed: its `updated` day, or when it was published, whichever is later. */
function updatedOf(post: PageRoute): string {
  const day = post.updated ? `${post.updated}T00:00:00Z` : undefined;
  return day && Date.parse(day) > Date.parse(post.published!) ? day : post.published!;
}

/** The post's HTML with every link and image absolute: read from the post's URL, as its page reads them. */
export function absoluteHtml(html: string, pageUrl: string): string {
  return html.replace(/\s(href|src)="([^"]*)"/g, (all, name: string, value: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return all;
    return ` ${name}="${new URL(value.replace(/&amp;/g, "&"), pageUrl).href.replace(/&/g, "&amp;")}"`;
  });
}

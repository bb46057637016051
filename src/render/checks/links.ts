/**
 * What rendering a page found out, and the checks that use it: internal links
 * must land on a page, sibling or file of this build, anchors on a heading,
 * and images on a file the build publishes. How a link is read from the page
 * alone is src/render/checks/link-targets.ts's, and where a broken one is
 * written src/render/checks/locate-link.ts's.
 */
import { readFileSync } from "node:fs";
import { parseMarkdownFile } from "../../content/frontmatter.ts";
import { parseYaml } from "../../content/yaml.ts";
import { SitegenError } from "../../errors.ts";
import { linkablePaths, type Manifest, type PageRoute } from "../../manifest/manifest.ts";
import type { KeptParts } from "../kept-parts.ts";
import type { PageFacts } from "../../write/page-facts.ts";
import { hasHeadingId, isExternal, sitePathOf, splitFragment } from "./link-targets.ts";
import { locateLink } from "./locate-link.ts";

/**
 * Checks the links of every page's facts, in the manifest's order. `bodyOf`
 * gives a page's Markdown for locating a broken link: a build keeps no post
 * bodies and reads them again, only for a link that fails.
 */
export function checkLinks(
  manifest: Manifest,
  facts: Map<string, PageFacts>,
  bodyOf: (route: PageRoute) => string,
  options: { assets?: Iterable<string>; site?: { file: string; text: string }; parts?: KeptParts } = {},
): SitegenError[] {
  const targets = linkablePaths(manifest);
  // Static files the build copies (`assets/site.css`) may be linked and shown too.
  for (const asset of options.assets ?? []) targets.add(`/${asset}`);
  const errors: SitegenError[] = [
    ...imageFieldErrors(manifest, targets),
    ...(options.site ? navigationErrors(manifest, targets, options.site) : []),
  ];
  // An old address of a page (its alias, the place its file had in another generator's tree) redirects there: the link lands.
  const moved = new Map(manifest.redirects.map((redirect) => [redirect.from, redirect.to]));
  // The post a broken link names that is dated later, by its page and its `.md` sibling, the first in the manifest's order:
  // a large blog's broken links (2,548 at 10,000 posts) each looked through every scheduled post.
  const scheduled = new Map<string, (typeof manifest.scheduled)[number]>();
  for (const post of manifest.scheduled)
    for (const path of [post.path, `${post.path.slice(0, -1)}.md`])
      if (!scheduled.has(path)) scheduled.set(path, post);
  for (const route of manifest.routes) {
    const links = siteLinksOf(facts.get(route.path), options.parts);
    // A page's body is read once, for its first broken link, however many it has.
    let body: string | undefined;
    links.forEach(({ href, line, image, path, fragment, target: written }, index) => {
      const target = targets.has(written) ? written : (moved.get(written) ?? written);
      // Located only when reported: most links are fine, and locating reads the body.
      const fail = (
        kind: "broken-link" | "broken-anchor" | "broken-image",
        message: string,
        hint: string,
      ) => {
        const occurrence = links
          .slice(0, index)
          .filter((earlier) => earlier.line === line && earlier.href === href).length;
        const { sourceLine, ...location } = locateLink(
          { ...route, body: (body ??= bodyOf(route)) },
          href,
          line,
          occurrence,
        );
        errors.push(
          new SitegenError("E_CONTENT", message, {
            kind,
            target: kind === "broken-anchor" ? `${target}#${fragment}` : target,
            location,
            sourceLine,
            hint,
          }),
        );
      };
      const relative = path !== "" && !path.startsWith("/");
      if (image && !targets.has(target)) {
        fail(
          "broken-image",
          `missing image \`${href}\`: nothing is published at ${target}`,
          relative
            ? "put the image in the post's own folder, beside it (blog/<slug>/index.md), or write it from the site root"
            : "put the image in the templates' assets/ folder, which is published at /assets/, and write /assets/<name>",
        );
        return;
      }
      if (!targets.has(target)) {
        const later = scheduled.get(target);
        const hint = later
          ? `that post is dated ${later.published}, after the time this build stands for, so it is left out until then`
          : targets.has(`${target}/`)
            ? `page URLs end with a slash: ${target}/`
            : "link to a page, a published post, a `.md` sibling or an agent file";
        fail(
          "broken-link",
          `${relative ? "broken relative link" : "broken link"} \`${href}\`: nothing is published at ${target}`,
          relative ? `a relative link is read from the page's URL, ${route.path}; ${hint}` : hint,
        );
        return;
      }
      const ids = facts.get(target)?.ids;
      if (fragment && ids !== undefined && !hasHeadingId(ids, fragment)) {
        fail(
          "broken-anchor",
          `broken anchor \`${href}\`: ${target} has no heading with id \`${fragment}\``,
          "give the heading an explicit id with `{#id}` at the end of its line",
        );
      }
    });
  }
  return errors;
}

/** A link of a page to a path of this site: its path and fragment as written, and the site path it names. */
interface SiteLink {
  href: string;
  line: number;
  image?: true;
  path: string;
  fragment: string | undefined;
  target: string;
}

/**
 * The kind of a page's links resolved, kept by its facts in a watch session
 * (src/render/kept-parts.ts): an unchanged post keeps its facts from one
 * rebuild to the next, so its links are not parsed again.
 */
const SITE_LINKS = {};

function siteLinksOf(facts: PageFacts | undefined, parts?: KeptParts): SiteLink[] {
  if (!facts) return [];
  const kept = parts?.of<PageFacts, SiteLink[]>(SITE_LINKS);
  let links = kept?.get(facts);
  if (!links) {
    links = facts.links
      .filter((link) => !isExternal(link.href))
      .map((link) => {
        const [path, fragment] = splitFragment(link.href);
        return { ...link, path, fragment, target: sitePathOf(link.href, facts.path)! };
      });
    kept?.set(facts, links);
  }
  return links;
}

/** site.yaml's navigation links what the site has: its pages are its own choice, so a link may outlive one. */
function navigationErrors(
  manifest: Manifest,
  targets: Set<string>,
  site: { file: string; text: string },
): SitegenError[] {
  const lists = [
    ["navigation", manifest.site.navigation],
    ["footer_navigation", manifest.site.footer_navigation ?? []],
  ] as const;
  const errors: SitegenError[] = [];
  for (const [key, links] of lists) {
    links.forEach((link, index) => {
      const [path] = splitFragment(link.path);
      if (targets.has(path)) return;
      const at = parseYaml(site.text, site.file).locate([key, index, "path"]);
      errors.push(
        new SitegenError("E_CONTENT", `\`${key}\` links ${link.path}, where nothing is published`, {
          kind: "broken-link",
          target: path,
          location: { file: site.file, line: at?.line, column: at?.column },
          sourceLine: at && site.text.split(/\r?\n/)[at.line - 1],
          hint: targets.has(`${path}/`)
            ? `page URLs end with a slash: ${path}/`
            : "link a page of content/pages/ (index.md is /, about.md is /about/), or remove the link",
        }),
      );
    });
  }
  return errors;
}

/** A post's `image` that is one of the site's files must be published. */
function imageFieldErrors(manifest: Manifest, targets: Set<string>): SitegenError[] {
  const prefix = `${manifest.baseUrl}/`;
  return manifest.posts.flatMap((route) => {
    if (!route.image?.startsWith(prefix)) return [];
    const path = splitFragment(route.image.slice(manifest.baseUrl.length))[0];
    if (targets.has(path)) return [];
    const text = readFileSync(route.sourcePath, "utf8");
    const at = parseMarkdownFile(text, route.source).locate(["image"]);
    return [
      new SitegenError("E_CONTENT", `missing image: nothing is published at ${path}`, {
        kind: "broken-image",
        target: path,
        location: { file: route.source, line: at?.line, column: at?.column },
        sourceLine: at && text.split(/\r?\n/)[at.line - 1],
        hint: "put the image in the templates' assets/ folder, which is published at /assets/, and write `image: /assets/<name>`",
      }),
    ];
  });
}

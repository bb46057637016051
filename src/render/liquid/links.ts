/**
 * Jekyll's link tags in a page's body, resolved against the manifest before
 * the body is rendered: they name a file of the content or the site's own
 * address, so no template code need run to know what they stand for.
 * `{% post_url 2010-07-21-name %}` (or `/2010/2010-07-21-name`, its folder
 * under _posts/) is the post's URL, `{% link _posts/2010-07-21-name.md %}`
 * and `{% link about.md %}` the post's or page's (or a file of
 * content/static/), `{{ site.baseurl }}` nothing (a site here is served at
 * its origin's root), `{{ site.url }}` the origin, `{{ '/x/' | relative_url
 * }}` the path and `| absolute_url` the origin and path, as Jekyll makes
 * them. A tag that names nothing the site publishes is left as written and
 * reported (Jekyll stops the build on it). Code shows them as written: it is
 * an example (src/content/template-tags.ts says where the tags are). No
 * Liquid runs here, so `{% raw %}` is no block either: its tags stay as
 * written, each reported like any tag left in a text, as Hugo and Astro show
 * them, and a link tag it holds is resolved like the others.
 *
 * That is content in no dialect of its own. Jekyll's content (a site with
 * content/_config.yml or content/_includes/: src/content/jekyll-files.ts)
 * has its Liquid run whole instead, code and all, as Jekyll runs it
 * (src/render/liquid/): its link tags give the same URLs through the engine.
 */
import {
  linkTags,
  POST_URL,
  LINK,
  proseOf,
  SITE_BASEURL,
  SITE_URL,
  URL_FILTER,
} from "../../content/template-tags.ts";
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { runLiquid } from "./engine.ts";
import { liquidPage, liquidSite, type LiquidSite } from "./site.ts";
import type { MarkdownWarning } from "../markdown/warnings.ts";
import { resolveOrigin } from "../page/origin.ts";

/** A page's body as its HTML, its `.md` sibling and the feed show it: `{{base_url}}` and its link tags resolved, or, for Jekyll's content, its Liquid run. */
export function shownBody(
  text: string,
  manifest: Manifest,
  targets = linkTargets(manifest),
  route?: PageRoute,
): ResolvedBody {
  const body = resolveOrigin(text, manifest.baseUrl);
  if (targets.liquid && route) return liquidBody(body, route, targets.liquid, targets);
  return resolveLinkTags(body, targets);
}

/**
 * What a page Liquid ran on names besides its link tags: the site it ran
 * with (its posts, pages, data and includes), by the site's fingerprint. A
 * post is made again when it changes (src/execute/reuse.ts compares what a
 * page named with what `urlOfTag` answers now).
 */
export const LIQUID_SITE = "{{ site }}";

/** A Jekyll page's body with its Liquid run; a body without a tag, or whose frontmatter says `render_with_liquid: false` (Jekyll 4's way to show Liquid as written), as it is. */
function liquidBody(body: string, route: PageRoute, liquid: LiquidSite, targets: LinkTargets): ResolvedBody {
  if ((!body.includes("{%") && !body.includes("{{")) || route.params.render_with_liquid === false)
    return { body, warnings: [], named: [] };
  const run = runLiquid(body, liquidPage(route), liquid, {
    origin: targets.origin,
    urlOf: (tag) => urlOfTag(tag, targets),
  });
  return {
    body: run.body,
    warnings: run.warnings,
    named: [...run.named, [LIQUID_SITE, liquid.fingerprint]],
    lineOf: run.lineOf,
  };
}

/** What the tags can name: the posts by their file's name, the pages by their path, the site's files and its origin. */
export interface LinkTargets {
  origin: string;
  /** Post paths by the name of their file without its extension (a bundle's folder name), with the file each is read from. */
  posts: Map<string, { path: string; sourcePath: string }[]>;
  /** The site paths of pages and of content/static/'s files. */
  paths: Set<string>;
  /** What a Jekyll site's Liquid runs with, when the content is Jekyll's (src/render/liquid/site.ts). */
  liquid?: LiquidSite;
}

const TARGETS = new WeakMap<Manifest, LinkTargets>();

/** The targets of a manifest, made once for all its pages. */
export function linkTargets(manifest: Manifest): LinkTargets {
  let targets = TARGETS.get(manifest);
  if (targets) return targets;
  const posts = new Map<string, { path: string; sourcePath: string }[]>();
  for (const route of manifest.routes) {
    if (route.kind !== "post") continue;
    const name = postFileName(route.sourcePath);
    posts.set(name, [...(posts.get(name) ?? []), { path: route.path, sourcePath: route.sourcePath }]);
  }
  const paths = new Set([
    ...manifest.routes.filter((route) => route.kind === "page").map((route) => route.path),
    ...manifest.published.filter((file) => !file.bundle).map((file) => file.path),
  ]);
  const liquid = liquidSite(manifest);
  TARGETS.set(
    manifest,
    (targets = { origin: manifest.baseUrl, posts, paths, ...(liquid ? { liquid } : {}) }),
  );
  return targets;
}

/** A post file's name as `post_url` names it: without its extension, a bundle's (`name/index.md`) its folder's. */
function postFileName(sourcePath: string): string {
  const [folder, file] = sourcePath.split(/[\\/]/).slice(-2);
  const stem = file.replace(/\.[^.]+$/, "");
  return stem === "index" || stem === "_index" ? folder : stem;
}

export interface ResolvedBody {
  body: string;
  /** A tag that names nothing the site publishes, at its line of the body. */
  warnings: MarkdownWarning[];
  /** Each `post_url` and `link` tag with the URL it resolved to: the page is made again when one changes. */
  named: [tag: string, url: string][];
  /** Where Liquid ran: the line of the text a line of `body` came from (an include's lines are its tag's). Elsewhere a line is its own. */
  lineOf?: (line: number) => number;
}

/** The body with its link tags resolved; the same string when it has none. */
export function resolveLinkTags(body: string, targets: LinkTargets): ResolvedBody {
  if (!body.includes("{")) return { body, warnings: [], named: [] };
  const edits: { start: number; end: number; text: string }[] = [];
  const warnings: MarkdownWarning[] = [];
  const named: [string, string][] = [];
  for (const tag of linkTags(body, proseOf(body, { liquid: false }))) {
    const url = urlOfTag(tag.tag, targets);
    if (tag.kind !== "address") named.push([tag.tag, url ?? ""]);
    if (url !== undefined) edits.push({ start: tag.start, end: tag.end, text: url });
    else
      warnings.push({
        kind: "broken-link",
        line: lineAt(body, tag.start),
        target: tag.tag,
        message: `\`${tag.tag}\` names nothing the site publishes: shown as written`,
        hint: hintFor(tag.tag),
      });
  }
  if (edits.length === 0) return { body, warnings, named };
  edits.sort((a, b) => a.start - b.start);
  let resolved = "";
  let at = 0;
  for (const { start, end, text } of edits) {
    resolved += body.slice(at, start) + text;
    at = end;
  }
  return { body: resolved + body.slice(at), warnings, named };
}

/** A pattern matching a tag written as it alone, made once: urlOfTag runs for every link tag of every post a warm build keeps. */
const whole = (pattern: RegExp) => new RegExp(`^${pattern.source}$`);
const WHOLE_POST_URL = whole(POST_URL);
const WHOLE_LINK = whole(LINK);
const WHOLE_URL_FILTER = whole(URL_FILTER);

/** The URL a link tag stands for on this site, or undefined when it names nothing the site publishes. */
export function urlOfTag(tag: string, targets: LinkTargets): string | undefined {
  if (tag === LIQUID_SITE) return targets.liquid?.fingerprint;
  const postUrl = WHOLE_POST_URL.exec(tag);
  if (postUrl) return postPath(postUrl[1], targets);
  const link = WHOLE_LINK.exec(tag);
  if (link) return linkedPath(link[1], targets);
  const filter = WHOLE_URL_FILTER.exec(tag);
  if (filter) {
    // Jekyll's relative_url puts a slash before a path without one.
    const path = (filter[1] ?? filter[2]).replace(/^(?!\/)/, "/");
    return filter[3] === "absolute_url" ? `${targets.origin}${path}` : path;
  }
  return tag.replace(SITE_URL, targets.origin).replace(SITE_BASEURL, "");
}

/**
 * A post by its name as `post_url` writes it (`2010-07-21-name`,
 * `/2010/2010-07-21-name` in a folder of _posts/): by the file's name, and
 * where two posts have it, the one in the folder named, as Jekyll matches
 * them (a name without the folder finds the post in a folder too).
 */
function postPath(name: string, targets: LinkTargets): string | undefined {
  const parts = name.replace(/^\/+/, "").split("/");
  const candidates = targets.posts.get(parts.at(-1)!.replace(/\.(md|markdown)$/i, "")) ?? [];
  const folder = parts.slice(0, -1).join("/");
  return (
    candidates.find(
      (post) => folder !== "" && post.sourcePath.replaceAll("\\", "/").includes(`/${folder}/`),
    ) ?? candidates[0]
  )?.path;
}

/** What `{% link %}` names by its path from the Jekyll site's root: a post of _posts/, a page, or a file published as it is. */
function linkedPath(written: string, targets: LinkTargets): string | undefined {
  const path = written.replace(/^\/+/, "");
  if (path.startsWith("_posts/")) return postPath(path.slice("_posts/".length), targets);
  if (targets.paths.has(`/${path}`)) return `/${path}`;
  const page = path.replace(/\.(md|markdown|html)$/i, "").replace(/(^|\/)index$/, "");
  const pagePath = page === "" ? "/" : `/${page}/`;
  return targets.paths.has(pagePath) ? pagePath : undefined;
}

function hintFor(tag: string): string {
  return tag.includes("post_url") || tag.includes("_posts/")
    ? "name a post of content/blog/ by its file's name without the extension (`2010-07-21-name`), or write its URL, /blog/<slug>/"
    : "name a page of content/pages/ (`about.md`) or a file of content/static/ by its path, or write its URL";
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1))
    line++;
  return line;
}

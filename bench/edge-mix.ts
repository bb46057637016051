/**
 * The requests the edge bench sends to every site, and one request timed and
 * checked: what a site is asked is one job, how the answers are measured
 * through each CDN's runtime (edge.ts, edge-latency.ts, cloudflare.ts) another.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface EdgeRequest {
  name: string;
  path: string;
  accept: string;
  /**
   * It runs the edge function. The one that does not (an asset, which
   * netlify.toml excludes) is the emulator's own cost at that size: what the
   * function adds is the difference.
   */
  edge: boolean;
  /** The status, and the media types the answer may have (one of them, parameters aside). */
  expect: { status: number; types: string[] };
}

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/**
 * The mix: the kinds of request the function answers, on paths every sitegen
 * site has, and an asset that the function does not see.
 */
export function edgeMix(postSlug: string, stylesheet: string): EdgeRequest[] {
  return [
    {
      name: "page as HTML",
      path: "/about/",
      accept: BROWSER,
      edge: true,
      expect: { status: 200, types: ["text/html"] },
    },
    {
      name: "page as Markdown",
      path: "/about/",
      accept: "text/markdown",
      edge: true,
      expect: { status: 200, types: ["text/markdown"] },
    },
    {
      name: "`.md` sibling",
      path: "/about.md",
      accept: BROWSER,
      edge: true,
      expect: { status: 200, types: ["text/markdown"] },
    },
    {
      name: "post as HTML",
      path: `/blog/${postSlug}/`,
      accept: BROWSER,
      edge: true,
      expect: { status: 200, types: ["text/html"] },
    },
    {
      name: "Markdown 404",
      path: "/no-such-page/",
      accept: "text/markdown",
      edge: true,
      expect: { status: 404, types: ["text/markdown"] },
    },
    {
      name: "406",
      path: "/about/",
      accept: "image/png",
      edge: true,
      expect: { status: 406, types: ["application/problem+json", "application/json"] },
    },
    {
      name: "asset, no edge function",
      path: stylesheet,
      accept: "text/css,*/*;q=0.1",
      edge: false,
      expect: { status: 200, types: ["text/css"] },
    },
  ];
}

/** A stylesheet of the build, under /assets/: a path the function is excluded from. */
export function stylesheetOf(dist: string): string {
  const name = readdirSync(join(dist, "assets"))
    .filter((file) => file.endsWith(".css"))
    .sort()[0];
  if (!name) throw new Error(`${dist}/assets holds no stylesheet`);
  return `/assets/${name}`;
}

/** A post in the middle of the blog index, so that every site's mix has one. */
export function middlePost(dist: string): string {
  const index = JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")) as {
    posts: { slug: string }[];
  };
  if (index.posts.length === 0) throw new Error(`${dist} has no posts`);
  return index.posts[index.posts.length >> 1].slug;
}

/** One request: its latency in ms, and what was wrong with the answer, if anything. */
export async function timed(origin: string, request: EdgeRequest): Promise<{ ms: number; problem?: string }> {
  const started = performance.now();
  const response = await fetch(`${origin}${request.path}`, {
    headers: { accept: request.accept },
    redirect: "manual",
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== request.expect.status) {
    const said = Buffer.from(body.slice(0, 200)).toString("utf8").split("\n")[0].trim();
    return {
      ms,
      problem: `${request.name} (${request.path}) answered ${response.status}, expected ${request.expect.status}${said ? `: ${said}` : ""}`,
    };
  }
  if (!request.expect.types.includes(type.split(";")[0].trim()))
    return {
      ms,
      problem: `${request.name} (${request.path}) answered ${type || "no Content-Type"}, expected ${request.expect.types.join(" or ")}`,
    };
  return { ms };
}

/**
 * A site as `sitegen init` writes it (the starter's content and its theme),
 * with the posts of test/fixtures/starter-blog/ added so that its blog has a
 * second page, its tags pages of their own and a post its own picture, built
 * once per test run with the real CLI.
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegen, tempDir } from "./dist.ts";
import { onceForTheRun } from "./run-once.ts";

/** Posts a new site's owner might have written: test/fixtures/starter-blog/blog/. */
export const STARTER_BLOG_POSTS = join(ROOT, "test/fixtures/starter-blog/blog");

export interface StarterSite {
  /** The site's folder, as init wrote it. */
  root: string;
  /** Its build. */
  dist: string;
}

let made: StarterSite | undefined;

/** Writes a new site into a temporary folder (`name`), nothing installed. */
export function initSite(name = "my-site", args: string[] = []): string {
  return initSiteIn(tempDir("sitegen-starter-"), name, args);
}

/** Writes a new site into `folder`/`name`, nothing installed. */
export function initSiteIn(folder: string, name: string, args: string[] = []): string {
  const root = join(folder, name);
  const result = sitegen(["init", root, "--no-install", ...args]);
  if (result.status !== 0) throw new Error(`init failed:\n${result.stderr}`);
  return root;
}

/**
 * A new site with the fixture's posts added, built: once for the whole run (test/helpers/run-once.ts). Its build is
 * only read; a test that builds it again for another host builds into a folder of its own.
 */
export function starterSite(): StarterSite {
  if (made) return made;
  const folder = onceForTheRun(
    "starter-site",
    () => tempDir("sitegen-starter-"),
    (into) => {
      const root = initSiteIn(into, "my-site");
      cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
      const result = sitegen(["build", "--quiet"], { cwd: root });
      if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
    },
  );
  const root = join(folder, "my-site");
  made = { root, dist: join(root, "dist") };
  return made;
}

/** The starter's pages the browser audits look at, by the name their screenshots and reports take. */
export const STARTER_AUDITED: Record<
  | "starter-home"
  | "starter-blog"
  | "starter-blog-2"
  | "starter-tag"
  | "starter-post"
  | "starter-post-cover"
  | "starter-archive"
  | "starter-search",
  string
> = {
  "starter-home": "/",
  "starter-blog": "/blog/",
  "starter-blog-2": "/blog/page/2/",
  "starter-tag": "/tags/sailing/",
  "starter-post": "/blog/writing-with-sitegen/",
  "starter-post-cover": "/blog/harbour-lights/",
  "starter-archive": "/archive/",
  // With a query, as the header's box leads to it: the results its script asks /mcp for are on the page audited.
  "starter-search": "/search/?q=knots",
};

/**
 * A site as `sitegen init` writes it (the starter's content and its theme),
 * built once per test process with the real CLI.
 */
import { join } from "node:path";
import { sitegen, tempDir } from "./dist.ts";

export interface StarterSite {
  /** The site's folder, as init wrote it. */
  root: string;
  /** Its build. */
  dist: string;
}

let made: StarterSite | undefined;

/** Writes a new site into a temporary folder (`name`), nothing installed. */
export function initSite(name = "my-site", args: string[] = []): string {
  const root = join(tempDir("sitegen-starter-"), name);
  const result = sitegen(["init", root, "--no-install", ...args]);
  if (result.status !== 0) throw new Error(`init failed:\n${result.stderr}`);
  return root;
}

/** A new site, built. */
export function starterSite(): StarterSite {
  if (made) return made;
  const root = initSite();
  const result = sitegen(["build", "--quiet"], { cwd: root });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  made = { root, dist: join(root, "dist") };
  return made;
}

/** The starter's pages the browser audits look at, by the name their screenshots and reports take. */
export const STARTER_AUDITED: Record<"starter-home" | "starter-blog" | "starter-post", string> = {
  "starter-home": "/",
  "starter-blog": "/blog/",
  "starter-post": "/blog/hello-world/",
};

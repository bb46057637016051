/**
 * A fixture's post.md (test/fixtures/<name>/, beside the jekyll.html Jekyll
 * 4.3.1 made of it) as a post of a new site, built with `--json`: the run,
 * the post page's <article> and the build's findings, for the tests that
 * hold sitegen's reading of kramdown to Jekyll's.
 */
import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegenHere } from "./dist.ts";
import { initSite } from "./starter.ts";

export interface Finding {
  kind: string;
  file: string;
  line: number;
  message: string;
}

export async function builtFixturePost(options: {
  fixture: string;
  /** The post's file name, and so its slug. */
  slug: string;
  /** The new site's folder name. */
  site: string;
  /** A _config.yml in the content, as a blog copied from Jekyll brings: what marks the content as Jekyll's. */
  config?: string;
  /** Lines added to site.yaml. */
  siteYaml?: string;
  /** Adds the files the post links to. */
  prepare?: (root: string) => void;
}) {
  const root = initSite(options.site);
  copyFileSync(join(options.fixture, "post.md"), join(root, `content/blog/${options.slug}.md`));
  options.prepare?.(root);
  if (options.config !== undefined) writeFileSync(join(root, "content/_config.yml"), options.config);
  if (options.siteYaml !== undefined) appendFileSync(join(root, "content/site.yaml"), options.siteYaml);
  const run = await sitegenHere(["build", "--out", join(root, "dist"), "--json"], { cwd: root });
  const page = readFileSync(join(root, `dist/blog/${options.slug}/index.html`), "utf8");
  const article = page.slice(page.indexOf("<article"), page.indexOf("</article>"));
  return { root, run, article, findings: JSON.parse(run.stdout).findings as Finding[] };
}

/** What a tool's build of a content tree must hold, checked on its first output of the tree (bench/builds.ts). */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every post's page is there, and the fixed pages (or, for a tool without them, the sitemap and the blog index). */
export function verifyOutput(out: string, tree: { slugs: string[] }, fixedPages: boolean): string[] {
  const problems: string[] = [];
  const missing = tree.slugs.filter((slug) => !existsSync(join(out, "blog", slug, "index.html")));
  if (missing.length > 0)
    problems.push(
      `${missing.length} of ${tree.slugs.length} posts have no blog/<slug>/index.html (first: ${missing[0]})`,
    );
  for (const page of fixedPages
    ? ["index.html", "about/index.html", "blog/index.html"]
    : ["sitemap.xml", "blog-index.json"]) {
    if (!existsSync(join(out, page))) problems.push(`no ${page}`);
  }
  return problems;
}

/** Code blocks with markup inside (`<pre>…<span`) in the first posts' pages: the build highlights code. */
export function highlightsCode(out: string, tree: { slugs: string[] }): boolean {
  for (const slug of tree.slugs.slice(0, 20)) {
    const file = join(out, "blog", slug, "index.html");
    if (!existsSync(file)) continue;
    for (const [block] of readFileSync(file, "utf8").matchAll(/<pre[\s>][\s\S]*?<\/pre>/g))
      if (/<span\b/.test(block)) return true;
  }
  return false;
}

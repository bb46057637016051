/** /blog-index.json (spec §2.3, §2.4), validated against the schema /openapi.json publishes. */
import { SitegenError } from "../../errors.ts";
import type { Manifest } from "../../manifest/manifest.ts";
import { describeSchemaError, validateBlogIndex } from "../../schemas/index.ts";

export interface BlogIndex {
  generated: string;
  count: number;
  posts: { slug: string; title: string; description?: string; date?: string; tags?: string[]; lang?: string }[];
}

export function blogIndex(manifest: Manifest): BlogIndex {
  const index: BlogIndex = {
    generated: manifest.generated,
    count: manifest.posts.length,
    posts: manifest.posts.map((post) => ({
      slug: post.slug!,
      title: post.title,
      description: post.description,
      date: post.published,
      tags: post.tags,
      lang: post.lang,
    })),
  };
  const messages = validateBlogIndex(index) ? [] : (validateBlogIndex.errors ?? []).map(describeSchemaError);
  // The schema /openapi.json publishes names the site's languages as `lang`'s enum (blogIndexSchemaFor).
  const languages = new Set(manifest.site.languages);
  index.posts.forEach((post, at) => {
    if (post.lang !== undefined && !languages.has(post.lang)) messages.push(`\`posts.${at}.lang\` must be one of ${manifest.site.languages.map((lang) => JSON.stringify(lang)).join(", ")}`);
  });
  if (messages.length > 0) throw new SitegenError("E_CHECK", `blog-index.json does not match its schema: ${messages.join("; ")}`, { location: { file: "blog-index.json" } });
  return index;
}

export function blogIndexJson(manifest: Manifest): string {
  return `${JSON.stringify(blogIndex(manifest), null, 2)}\n`;
}

// The floor: a bare one-thread Node script doing the least a site generator
// can do with the same libraries. It reads each post, parses its frontmatter
// with `yaml`, renders it with markdown-it, highlighting fenced code with
// highlight.js as sitegen does (each language's grammar registered the first
// time a fence names it), and writes its HTML and Markdown, then a sitemap and
// a JSON index. No templates, checks, negotiation data or agent files:
// whatever sitegen does beyond this has to pay for itself.
//
//   node bench/bare.mjs <content-dir> <out-dir> [base-url]
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { parse } from "yaml";

const [contentDir, outDir, baseUrl = "https://example.com"] = process.argv.slice(2);
if (!contentDir || !outDir) {
  console.error("usage: node bench/bare.mjs <content-dir> <out-dir> [base-url]");
  process.exit(2);
}

const require = createRequire(import.meta.url);
const hljs = require("highlight.js/lib/core");
const highlight = (code, language) => {
  if (!language) return "";
  if (!hljs.getLanguage(language)) {
    try {
      hljs.registerLanguage(language, require(`highlight.js/lib/languages/${language}`));
    } catch {
      return "";
    }
  }
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
};
const md = new MarkdownIt({ html: false, highlight });
const blog = join(contentDir, "blog");
const index = [];
for (const name of readdirSync(blog).filter((file) => file.endsWith(".md")).sort()) {
  const text = readFileSync(join(blog, name), "utf8");
  const end = text.indexOf("\n---", 4);
  const data = parse(text.slice(4, end));
  if (data.status !== "published") continue;
  const body = text.slice(text.indexOf("\n", end + 1) + 1);
  const slug = name.slice(0, -3);
  const dir = join(outDir, "blog", slug);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), `<!DOCTYPE html><html lang="${data.lang}"><title>${data.title}</title><main>${md.render(body)}</main></html>\n`);
  writeFileSync(join(outDir, "blog", `${slug}.md`), `# ${data.title}\n\n${body}`);
  index.push({ slug, title: data.title, description: data.description, date: String(data.date), lang: data.lang });
}
const urls = index.map((post) => `  <url><loc>${baseUrl}/blog/${post.slug}/</loc><lastmod>${post.date}</lastmod></url>`).join("\n");
writeFileSync(join(outDir, "sitemap.xml"), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
writeFileSync(join(outDir, "blog-index.json"), `${JSON.stringify({ count: index.length, posts: index }, null, 2)}\n`);

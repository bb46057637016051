/**
 * Eleventy 3 set up to render the synthetic content tree the way sitegen does:
 * `content/blog/<slug>.md` to `/blog/<slug>/index.html`, the fixed pages to
 * `/<name>/index.html` (`index.md` to `/`), a minimal layout, and a blog index
 * listing every post. Input and output folders come from the command line
 * (`--input`, `--output`), so one config serves every size.
 */
const esc = (value) =>
  String(value ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

export default function (eleventyConfig) {
  // The benchmark's work folder is git-ignored; Eleventy would otherwise skip it.
  eleventyConfig.setUseGitIgnore(false);
  eleventyConfig.ignores.add("site.yaml");

  // Markdown like sitegen's markdown-it: no raw HTML, no linkify, no typographer.
  eleventyConfig.amendLibrary("md", (md) => md.set({ html: false, linkify: false, typographer: false }));

  // `filePathStem` is relative to the working folder, not to --input: use the last
  // two segments of the input path, `blog/<slug>.md` or `pages/<name>.md`.
  eleventyConfig.addGlobalData("permalink", () => (data) => {
    const [folder, file] = data.page.inputPath.split("/").slice(-2);
    const name = file.replace(/\.md$/, "");
    if (folder === "pages") return name === "index" ? "/" : `/${name}/`;
    return `/blog/${name}/`;
  });
  // One layout: Eleventy resolves `layout` before computed data, so it cannot vary per file.
  eleventyConfig.addGlobalData("layout", "base.liquid");

  eleventyConfig.addCollection("posts", (api) =>
    api.getAll().filter((item) => item.url.startsWith("/blog/") && item.url !== "/blog/").sort((a, b) => String(b.data.date).localeCompare(String(a.data.date))),
  );
  eleventyConfig.addFilter("esc", esc);
  eleventyConfig.addFilter("isoDate", (date) => (date instanceof Date ? date.toISOString().slice(0, 10) : String(date)));

  const head = `<!doctype html>
<html lang="{{ lang | default: 'en' }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title | esc }} · Halyard Integration</title>
<meta name="description" content="{{ description | esc }}">
<link rel="canonical" href="https://halyard.example{{ page.url }}">
</head>
<body>
<header><a href="/">Halyard Integration</a> <nav><a href="/blog/">Blog</a> <a href="/about/">About</a> <a href="/developers/">Developers</a> <a href="/contact/">Contact</a></nav></header>
<main>`;
  const foot = `</main>
<footer><a href="/brand/">Brand</a> <a href="/privacy/">Privacy</a></footer>
</body>
</html>
`;
  eleventyConfig.addTemplate(
    "_includes/base.liquid",
    `${head}
<article>
<h1>{{ title | esc }}</h1>
{% if date %}<p><time datetime="{{ date | isoDate }}">{{ date | isoDate }}</time>{% for tag in tags %} <span>{{ tag }}</span>{% endfor %}</p>{% endif %}
{{ content }}
{% if page.url == "/blog/" %}<ul>
{% for post in collections.posts %}<li><a href="{{ post.url }}">{{ post.data.title | esc }}</a> <time>{{ post.data.date | isoDate }}</time></li>
{% endfor %}</ul>{% endif %}
</article>
${foot}`,
  );

  return {
    templateFormats: ["md"],
    // Content is plain Markdown: do not run Liquid over it first.
    markdownTemplateEngine: false,
  };
}

/**
 * An old site's archives of a month under its news folder
 * (`/news/2024/03/`, as jekyll-archives or a site's own plugin writes them
 * beside the year's `/news/2024/`): each answers with a 301 to the blog, as
 * an archive at the root (`/2024/03/`) does. Built by Debian's Jekyll with
 * jekyll-archives as the reference.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writtenTree } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("an archive of a month under the news folder answers with the blog", { skip: tools.skip }, async () => {
  const source = writtenTree("sitegen-archive-months-", {
    "_config.yml": [
      "title: Harbour news",
      "url: https://harbour.example",
      "permalink: /news/:year/:month/:day/:title/",
      "plugins: [jekyll-archives]",
      "jekyll-archives:",
      "  enabled: [year, month]",
      "  layouts: { year: archive, month: archive }",
      '  permalinks: { year: "/news/:year/", month: "/news/:year/:month/" }',
      "",
    ].join("\n"),
    "_layouts/archive.html":
      '<html><body><ul>{% for post in page.posts %}<li><a href="{{ post.url }}">{{ post.title }}</a></li>{% endfor %}</ul></body></html>\n',
    "_posts/2024-03-02-spring-tides.md": "---\ntitle: Spring tides\n---\n\nThe tides ran high all week.\n",
    "_posts/2024-05-19-new-pier.md": "---\ntitle: A new pier\n---\n\nThe new pier opened on Sunday.\n",
  });
  const { out, report } = await importedAgainst(source, jekyllBuild(tools.path("jekyll")));
  type OldPage = { url: string; kind: string; to?: string };
  const archives = (report.oldPages as OldPage[]).filter((page) => /^\/news\/2024\//.test(page.url));
  assert.deepEqual(
    archives.map((page) => `${page.url} ${page.to}`).sort(),
    ["/news/2024/ /blog/", "/news/2024/03/ /blog/", "/news/2024/05/ /blog/"],
    `${out}: ${JSON.stringify(report.oldPages)}`,
  );
  assert.deepEqual(report.proof.answered.unanswered, []);
});

/**
 * A Jekyll site's home in another language (`de/index.html` at `/de/`, its
 * text `lang: de`), made by the same layout as the home, which lists the
 * posts and shows none of its own text: it is a home, not the blog, and
 * its old address answers with a 301 to the new home, as the old home's
 * does. Built by Debian's Jekyll as the reference.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writtenTree } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("a language's home made by the home's layout answers with the home, not the blog", {
  skip: tools.skip,
}, async () => {
  const source = writtenTree("sitegen-language-homes-", {
    "_config.yml": "title: Harbour\nurl: https://harbour.example\n",
    "_layouts/home.html":
      '<html lang="{{ page.lang }}"><body><h1>{{ site.data.words[page.lang].welcome }}</h1><p>{% assign latest = site.posts.first %}<a href="{{ latest.url }}">{{ latest.title }}</a></p></body></html>\n',
    "_data/words.yml": "en:\n  welcome: Welcome to the harbour\nde:\n  welcome: Willkommen im Hafen\n",
    "index.html": "---\nlayout: home\nlang: en\n---\n",
    "de/index.html": "---\nlayout: home\nlang: de\npermalink: /de/\n---\n",
    "_posts/2024-03-02-spring-tides.md": "---\ntitle: Spring tides\n---\n\nThe tides ran high all week.\n",
  });
  const { report } = await importedAgainst(source, jekyllBuild(tools.path("jekyll")));
  type OldPage = { url: string; kind: string; to?: string };
  const home = (report.oldPages as OldPage[]).find((page) => page.url === "/de/");
  assert.equal(home?.to, "/", JSON.stringify(report.oldPages));
  assert.deepEqual(report.proof.answered.unanswered, []);
});

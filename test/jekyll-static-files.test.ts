/**
 * Jekyll's `site.static_files`, which a site's include loops over to show a
 * folder's pictures (a home's gallery: `where_exp: "file", "file.path
 * contains '/images/pics/'"`): the moved page's Liquid reads the files the
 * move published, by the same path, name and extension, and shows the
 * pictures Debian's Jekyll showed.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writtenTree } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("an include that loops over site.static_files shows the same pictures after the move", {
  skip: tools.skip,
}, async () => {
  const source = writtenTree("sitegen-jekyll-static-files-", {
    "_config.yml": "title: Harbour\nurl: https://harbour.example\n",
    "_includes/gallery.html": [
      `{% assign pictures = site.static_files | where_exp: "file", "file.path contains '/images/pics/'" | where_exp: "file", "file.extname == '.jpg' or file.extname == '.png'" %}`,
      '<div class="gallery">{% for picture in pictures %}<img src="{{ picture.path }}" alt="{{ picture.basename }}">{% endfor %}</div>',
      "",
    ].join("\n"),
    "harbour.md":
      "---\ntitle: The harbour\n---\n\nThe harbour in pictures, taken by its keepers.\n\n{% include gallery.html %}\n",
    "images/pics/north-pier.jpg": "JPEG of the north pier\n",
    "images/pics/lamp-room.png": "PNG of the lamp room\n",
    "images/pics/notes.txt": "Not a picture\n",
    "images/logo.png": "PNG of the logo, outside the folder\n",
  });
  const { out, site, report } = await importedAgainst(source, jekyllBuild(tools.path("jekyll")));
  const pictures = (html: string) =>
    [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1]).sort();
  const expected = ["/images/pics/lamp-room.png", "/images/pics/north-pier.jpg"];
  assert.deepEqual(pictures(readFileSync(join(out, "harbour.html"), "utf8")), expected);
  assert.deepEqual(pictures(readFileSync(join(site, "dist/harbour/index.html"), "utf8")), expected);
  type Page = { old: string; media: { old: number; kept: number } };
  const page = (report.proof.pages as Page[]).find((each) => each.old === "/harbour.html");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.media, { old: 2, kept: 2 });
});

/**
 * A Hugo site keeps a post's pictures in `assets/images/` and names them
 * from the site's root (`![The pier](/images/pier.jpg)`), as the themes
 * whose image hook takes a picture with `resources.Get` have their authors
 * do: Hugo publishes each at that path. Built by Debian's Hugo as the
 * reference, the move publishes the same file at the same address, and the
 * post keeps its picture; a stylesheet of assets/ that no text names stays
 * the old theme's.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writtenTree } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo"]);

test("a picture of Hugo's assets/ that a post names from the root is published where Hugo published it", {
  skip: tools.skip,
}, async () => {
  const source = writtenTree("sitegen-hugo-assets-", {
    "hugo.toml": 'baseURL = "https://harbour.example/"\ntitle = "Harbour log"\n',
    "layouts/_default/single.html": "<main>{{ .Content }}</main>\n",
    "layouts/_default/list.html": "<main>{{ .Content }}</main>\n",
    // The image hook of such themes: the picture is taken from assets/, and Hugo writes it at its path there.
    "layouts/_default/_markup/render-image.html":
      '{{ with resources.Get .Destination }}<img src="{{ .RelPermalink }}" alt="{{ $.Text }}">{{ end }}',
    "assets/images/pier.jpg": "JPEG-bytes-of-the-pier\n",
    "assets/css/theme.css": "main { margin: 0 auto; }\n",
    "content/posts/low-water.md":
      "---\ntitle: Low water\ndate: 2024-04-09\n---\n\nAt low water the old pier stands on its legs.\n\n![The pier at low water](/images/pier.jpg)\n",
  });
  const { out, site, report } = await importedAgainst(source, hugoBuild(tools.path("hugo")));
  assert.equal(readFileSync(join(out, "images/pier.jpg"), "utf8"), "JPEG-bytes-of-the-pier\n");
  assert.equal(readFileSync(join(site, "dist/images/pier.jpg"), "utf8"), "JPEG-bytes-of-the-pier\n");
  assert.ok(!existsSync(join(site, "dist/css/theme.css")), "a file of assets/ no text names is not moved");
  type Page = { old: string; media: { old: number; kept: number }; missing: { media: string[] } };
  const page = (report.proof.pages as Page[]).find((each) => each.old === "/posts/low-water/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.media, { old: 1, kept: 1 }, JSON.stringify(page.missing));
  type Warning = { kind: string; message: string };
  const broken = (report.build.warnings as Warning[]).filter((each) => each.kind === "broken-image");
  assert.deepEqual(broken, []);
});

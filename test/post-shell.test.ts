/**
 * A post's page is made from its own file and the manifest's shell alone: it
 * renders to the same bytes from the whole manifest, from the shell, and from
 * the shell of a site with other posts and another build time in the same
 * year. Render lanes and the build cache rely on it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadContent } from "../src/content/load.ts";
import { excerptOf } from "../src/render/markdown/excerpt.ts";
import { readPostBody } from "../src/execute/lane.ts";
import { buildManifest, type Manifest } from "../src/manifest/manifest.ts";
import { postShell } from "../src/manifest/post-shell.ts";
import { renderJob } from "../src/render/render-job.ts";
import { loadTemplates } from "../src/render/page/templates.ts";
import { ROOT } from "./helpers/dist.ts";

test("a post page renders the same from the whole manifest and from any shell of the same site and year", async () => {
  const content = await loadContent(join(ROOT, "content"), { cwd: ROOT, excerptOf });
  const { templates, assets } = await loadTemplates(join(ROOT, "templates"), ROOT);
  const whole = buildManifest(content, { generated: new Date("2026-03-01T10:00:00Z") });
  const fewer = buildManifest(
    { ...content, posts: content.posts.slice(0, 3) },
    { generated: new Date("2026-11-30T23:59:59Z") },
  );
  const render = (manifest: Manifest, route: Manifest["posts"][number]) =>
    [...renderJob({ kind: "page", route }, { manifest, templates, assets, bodyOf: readPostBody }).files].map(
      ({ body }) => String(body),
    );
  for (const route of whole.posts.slice(0, 3)) {
    const expected = render(whole, route);
    assert.deepEqual(render(postShell(whole), route), expected, route.path);
    assert.deepEqual(render(postShell(fewer), route), expected, route.path);
  }
});

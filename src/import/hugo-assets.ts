/**
 * Pictures a Hugo site keeps in `assets/` and its texts name from the site's
 * root (`![A lighthouse](/images/lighthouse.jpg)`, `{{< image
 * src="/images/lighthouse.jpg" >}}`): the theme's image hook or shortcode
 * takes them with `resources.Get`, and Hugo publishes each at that path,
 * `/images/lighthouse.jpg`. Nothing else of `assets/` is published unless a
 * template asks for it (stylesheets, scripts), so only the files a text names
 * are moved, as files at the same path; one of `static/` at that path is
 * Hugo's own and stays.
 */
import { join } from "node:path";
import type { ImportedSite } from "./model.ts";
import { walkSource } from "./walk.ts";

/** A path from the root as a text writes it: in a link's or image's parentheses, a quoted attribute, or alone. */
const ROOTED = /(?:^|[\s("'=])\/([^\s"'()<>?#]+\.[A-Za-z0-9]+)/g;

/** The files of the site's assets folder that its posts and pages name from its root, added to `site.files` at their path. */
export function namedAssets(site: ImportedSite, root: string, assetDir: string): void {
  const assets = new Map(walkSource(root, join(root, assetDir)).files.map((file) => [file.path, file.real]));
  if (assets.size === 0) return;
  const taken = new Set(site.files.map((file) => file.name));
  const { basePath } = site.site;
  for (const document of [...site.posts, ...site.pages])
    for (const match of document.body.matchAll(ROOTED)) {
      let name = match[1];
      // Written with the site's base path, as a text of a site served under one may be.
      if (basePath !== "" && `/${name}`.startsWith(`${basePath}/`)) name = name.slice(basePath.length);
      const real = assets.get(name);
      if (real === undefined || taken.has(name)) continue;
      taken.add(name);
      site.files.push({ name, path: real, oldUrl: `${basePath}/${name}` });
    }
}

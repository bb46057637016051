/**
 * An Astro site's content collections, as Astro 5 (and 4) read them, without
 * running its code: each collection of src/content/ (or the folder a
 * `glob({ base })` loader in src/content.config.ts names), its entries'
 * `pubDate`, `updatedDate` and `heroImage` as sitegen's `date`, `updated` and
 * `image`; each entry's address from the page route that lists the
 * collection (`src/pages/blog/[...slug].astro` calling
 * `getCollection("blog")` puts it at `/blog/<id>/`, Astro's documented
 * file-based routing); Markdown pages in src/pages/ at their paths; `.astro`
 * pages (the theme's) left out with their addresses; public/ published as it
 * is. In `.mdx`, the `import` and `export` lines and each component used are
 * named at their line; the text around them is moved, and each component as
 * what the site's own Astro made of it, where it runs (astro-output.ts). The
 * routes are read in astro-routes.ts, each entry's fields and pictures in
 * astro-entries.ts.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { readDocument, text } from "./read.ts";
import { astroId, withSlashes } from "./permalinks.ts";
import { ASTRO_CONFIGS, readAstroConfig, readCollections } from "./astro-config.ts";

export { ASTRO_CONFIGS };
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { folderInside, walkSource, type Refusal } from "./walk.ts";
import { pushAll } from "../collector.ts";
import {
  astroFields,
  astroPicture,
  heroFile,
  imagesBeside,
  localeOf,
  mdxCommentNotes,
  mdxLeft,
  pairNamed,
  translationOf,
} from "./astro-entries.ts";
import { ENTRY, pageRoutes } from "./astro-routes.ts";
import { readableDate } from "./astro-dates.ts";

export function isAstroSite(root: string): boolean {
  return (
    ASTRO_CONFIGS.some((name) => existsSync(join(root, name))) &&
    (existsSync(join(root, "src/content")) || existsSync(join(root, "src/pages")))
  );
}

export function readAstro(root: string, shown: (path: string) => string, refused: Refusal[]): ImportedSite {
  const site: ImportedSite = {
    generator: "astro",
    site: { name: undefined, basePath: "", languages: [] },
    posts: [],
    pages: [],
    files: [],
    left: [],
  };
  const config = readAstroConfig(root, shown, site.left);
  const { origin, basePath, fileFormat } = config;
  site.site = {
    ...site.site,
    origin,
    basePath,
    languages: (config.starlight ?? config.i18n)?.locales.map((locale) => locale.lang) ?? [],
  };
  if (config.starlight) site.starlight = true;
  if (config.file)
    site.left.push({
      file: shown(config.file),
      why: "Astro's configuration: sitegen runs no code; its site, base and Starlight's locales were read",
    });
  const address = (path: string) =>
    `${basePath}${fileFormat && path !== "/" ? `${path.replace(/\/$/, "")}.html` : path}`;

  const routes = pageRoutes(root, refused);
  // Each entry in a locale's folder, by its id below that folder and the text it names as its own in another language.
  const localized = new Map<ImportedDocument, { id: string; names?: string }>();
  for (const route of routes.left)
    site.left.push({
      file: shown(join(root, route.file)),
      why: route.why,
      oldUrls: route.url ? [address(route.url)] : [],
    });
  for (const collection of readCollections(root, shown, site.left)) {
    const where = folderInside(root, collection.dir);
    if (where.outside) {
      refused.push({
        path: collection.dir,
        why: `the collection ${collection.name}'s folder is outside the source site (${where.outside}): not read`,
      });
      continue;
    }
    const walk = walkSource(root, collection.dir);
    pushAll(refused, walk.refused);
    // A route that lists the collection through a helper of its own names it nowhere: the dynamic route in a folder named for it (`posts/` for `post`) is taken.
    const named = routes.dynamicFolders.find((folder) =>
      [collection.name, `${collection.name}s`, collection.name.replace(/s$/, "")].includes(
        folder.split("/").pop()!,
      ),
    );
    const prefix = routes.collections.get(collection.name) ?? named;
    if (!routes.collections.has(collection.name) && named !== undefined)
      site.left.push({
        file: shown(collection.dir),
        why: `no page route calls getCollection("${collection.name}"): its entries' addresses were taken from the route in src/pages${named}/`,
      });
    for (const { path, real } of walk.files) {
      const file = shown(join(collection.dir, path));
      if (!ENTRY.test(path) || (collection.pattern && !collection.pattern.test(path))) continue;
      if (basename(path).startsWith("_")) continue;
      const read = readDocument(real, file);
      if ("problem" in read) {
        // An entry no reader can read would not arrive, and may be a post: it stops the import.
        site.left.push({ file, why: read.problem, post: true });
        continue;
      }
      if (read.data.draft === true) {
        site.left.push({ file, why: "a draft (`draft: true`)" });
        continue;
      }
      pushAll(site.left, mdxLeft(file, read.mdx));
      pushAll((site.notes ??= []), mdxCommentNotes(file, read.mdxComments));
      const id = astroId(path, text(read.data.slug));
      const data = readableDate(
        astroFields(read.data, collection.date),
        file,
        real,
        (site.notes ??= []),
        collection.date,
      );
      const stem = id.split("/").pop() || collection.name;
      // Its picture (`heroImage`, or its `src`, or a theme's `coverImage.src`), and an `index` entry's files beside it.
      const hero = astroPicture(read.data).src;
      const heroBundle =
        hero && !/^(\/|https?:)/.test(hero)
          ? heroFile(root, join(collection.dir, dirname(path)), hero)
          : undefined;
      const folder = /(^|\/)index\.(md|mdx|markdown)$/i.test(path) ? dirname(path) : undefined;
      const beside =
        folder !== undefined
          ? walk.files
              .filter(
                (file) =>
                  !ENTRY.test(file.path) &&
                  (folder === "." ? !file.path.includes("/") : file.path.startsWith(`${folder}/`)),
              )
              .map((file) => ({
                name: folder === "." ? file.path : file.path.slice(folder.length + 1),
                path: file.real,
              }))
          : [];
      // The pictures its text shows from beside it (`![pic](./hello.png)`), which Astro's image pipeline published: copied with it.
      const pictures = imagesBeside(root, join(collection.dir, dirname(path)), read.body);
      const known = new Set([...beside, ...(heroBundle ? [heroBundle] : [])].map((each) => each.path));
      const bundle = [
        ...beside,
        ...(heroBundle && !beside.some((file) => file.path === heroBundle.path) ? [heroBundle] : []),
        ...pictures.files.filter((each) => !known.has(each.path)),
      ];
      if (heroBundle) data.image = `./${heroBundle.name}`;
      // Starlight's docs are pages at their ids (`/guides/start/`), a translation in its locale's folder.
      // Astro's own i18n: an entry in a locale's folder (`blog/en/x.md`, whatever its `slug:` makes its id, or a collection's `base: "./src/content/blog/en"`) is in its language.
      const locale = collection.docs ? localeOf(id, config.starlight?.locales) : undefined;
      const folders = relative(root, resolve(root, collection.dir, dirname(path))).split(sep);
      const inFolder = !collection.docs
        ? folders
            .map((folder) => config.i18n?.locales.find((each) => each.dir === folder))
            .find((each) => each !== undefined)
        : undefined;
      const route = collection.docs ? "" : prefix;
      const oldUrls =
        route !== undefined ? [address(withSlashes(`${route}/${id}/`.replace(/\/{2,}/g, "/")))] : [];
      const kind = !collection.docs && data.date !== undefined ? "post" : "page";
      const below = (written: string) =>
        written
          .split("/")
          .filter((part) => part !== inFolder?.dir)
          .join("/");
      const translated = inFolder
        ? { lang: inFolder.lang, translationKey: `i18n:${below(path.replace(ENTRY, ""))}` }
        : {};
      const document: ImportedDocument = {
        file,
        real,
        body: pictures.body,
        bodyLine: read.bodyLine,
        data,
        kind,
        stem,
        oldUrls,
        ...(route === undefined
          ? {
              oldUrlUnknown: `no page of src/pages/ lists the collection ${collection.name}: the old site published no page of it, so it has no old address to keep`,
            }
          : {}),
        bundle,
        ...(locale ? { lang: locale.lang, translationKey: `docs:${locale.rest}` } : translated),
        ...(collection.docs && id === "" ? { role: "home" as const } : {}),
      };
      site[document.kind === "post" ? "posts" : "pages"].push(document);
      if (inFolder) localized.set(document, { id: below(id), names: translationOf(read.data) });
    }
  }
  pairNamed(localized);
  for (const page of routes.markdown) {
    const file = shown(join(root, "src/pages", page.file));
    const read = readDocument(page.real, file);
    if ("problem" in read) site.left.push({ file, why: read.problem });
    else {
      pushAll(site.left, mdxLeft(file, read.mdx));
      pushAll((site.notes ??= []), mdxCommentNotes(file, read.mdxComments));
    }
    if (!("problem" in read))
      site.pages.push({
        file,
        real: page.real,
        body: read.body,
        bodyLine: read.bodyLine,
        data: astroFields(read.data),
        kind: "page",
        stem: basename(page.file).replace(ENTRY, ""),
        oldUrls: [address(page.url)],
        bundle: [],
        ...(page.url === "/" ? { role: "home" as const } : {}),
      });
  }
  const publicFiles = walkSource(root, join(root, "public"));
  pushAll(refused, publicFiles.refused);
  pushAll(
    site.files,
    publicFiles.files.map((file) => ({
      name: file.path,
      path: file.real,
      oldUrl: `${basePath}/${file.path}`,
    })),
  );
  return site;
}

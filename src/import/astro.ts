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
 * named at their line; the text around them is moved.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, posix, relative, resolve, sep } from "node:path";
import type { MdxPart } from "../content/mdx.ts";
import { readDocument, text } from "./read.ts";
import { astroId, withSlashes } from "./permalinks.ts";
import { ASTRO_CONFIGS, readAstroConfig, readCollections } from "./astro-config.ts";

export { ASTRO_CONFIGS };
import type { ImportedDocument, ImportedSite, LeftOut } from "./model.ts";
import { folderInside, walkSource, type Refusal } from "./walk.ts";
import { pushAll } from "../collector.ts";

const ENTRY = /\.(md|mdx|markdown)$/i;

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
      const id = astroId(path, text(read.data.slug));
      const data = astroFields(read.data);
      const stem = id.split("/").pop() || collection.name;
      // Its picture (`heroImage`, or a theme's `coverImage.src`), and an `index` entry's files beside it.
      const cover = read.data.coverImage;
      const hero =
        text(read.data.heroImage) ??
        (typeof cover === "object" && cover !== null
          ? text((cover as Record<string, unknown>).src)
          : undefined);
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
    else pushAll(site.left, mdxLeft(file, read.mdx));
    if (!("problem" in read))
      site.pages.push({
        file,
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

/**
 * Entries that name the text they translate (`translationId: x`, the id of
 * that text, its `slug:` where it has one) share its key; the others are
 * paired by their path below their locale's folder (`en/x.md`, `pt/x.md`).
 */
function pairNamed(named: Map<ImportedDocument, { id: string; names?: string }>): void {
  const byId = new Map([...named].map(([document, { id }]) => [id, document]));
  for (const [document, { names }] of named) {
    const other = names !== undefined ? byId.get(names) : undefined;
    if (other && other !== document && other.translationKey) document.translationKey = other.translationKey;
  }
}

/**
 * What an entry in a locale's folder says it translates, where its
 * frontmatter names it (`translationId: first-post`, the id of the text in
 * the default language): its key. Else its path below the locale's folder
 * is (`en/x.md` and `pt/x.md` are one text), as a theme's helper pairs them.
 */
function translationOf(data: Record<string, unknown>): string | undefined {
  for (const field of ["translationKey", "translationId", "translation_key", "translation"]) {
    const value = text(data[field]);
    if (value !== undefined && value.trim() !== "") return value.trim().replace(/^\/+|\/+$/g, "");
  }
  return undefined;
}

/** Astro's names for a post's facts as sitegen's: `pubDate` (`pubDatetime`) is `date`, `updatedDate` (`modDatetime`) is `updated`, `heroImage` is `image`. */
function astroFields(written: Record<string, unknown>): Record<string, unknown> {
  // AstroPaper, among the most used themes, names them `pubDatetime` and `modDatetime`.
  const { pubDate, publishDate, pubDatetime, updatedDate, modDatetime, heroImage, ...rest } = written;
  const data: Record<string, unknown> = { ...rest };
  const date = rest.date ?? pubDate ?? publishDate ?? pubDatetime;
  if (date !== undefined) data.date = astroDate(date);
  const updated = updatedDate ?? modDatetime;
  if (updated !== undefined && updated !== null && rest.updated === undefined)
    data.updated = astroDate(updated);
  if (typeof heroImage === "string" && /^(\/|https?:)/.test(heroImage)) data.image = heroImage;
  return data;
}

/** A date as Astro's schema coerces it (`z.coerce.date()`, JavaScript's Date: `Jul 08 2022` too), as the day it names. */
function astroDate(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "string" || /^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const time = Date.parse(`${value} UTC`) || Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}

/** Which of Starlight's locales an entry is in (by the first folder of its id), and its id below it. */
function localeOf(
  id: string,
  locales: { dir: string; lang: string }[] | undefined,
): { lang: string; rest: string } | undefined {
  if (!locales || locales.length < 2) return undefined;
  const [first, ...rest] = id.split("/");
  const own = locales.find((locale) => locale.dir !== "" && locale.dir === first);
  if (own) return { lang: own.lang, rest: rest.join("/") };
  const root = locales.find((locale) => locale.dir === "") ?? locales[0];
  return { lang: root.lang, rest: root.dir === "" ? id : rest.join("/") };
}

/**
 * The pictures a text shows by a path relative to its file, that are there:
 * each copied with it, under its own name; one from outside its folder
 * (`../../assets/x.png`) is named by its file name, and the text says so.
 */
function imagesBeside(
  root: string,
  folder: string,
  body: string,
): { body: string; files: { name: string; path: string }[] } {
  const files = new Map<string, { name: string; path: string }>();
  const text = body.replace(
    /(!\[[^\]\n]*\]\()(<[^>\n]+>|[^\s()<>]+)(?=[\s)])/g,
    (all, head: string, written: string) => {
      const url = written.replace(/^<|>$/g, "");
      if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url)) return all;
      let path = url.replace(/[?#].*$/, "");
      try {
        path = decodeURI(path);
      } catch {
        // as written
      }
      const where = folderInside(root, resolve(folder, path));
      if (!where.real) return all;
      const inside = posix.normalize(url.replace(/^\.\//, ""));
      const name = inside.startsWith("../") ? basename(where.real) : inside;
      files.set(name, { name, path: where.real });
      return name === inside
        ? all
        : `${head}${written.startsWith("<") ? `<./${name}>` : `./${encodeURI(name)}`}`;
    },
  );
  return { body: text, files: [...files.values()] };
}

/** A hero image beside the entry (`../../assets/x.jpg`, Astro's `image()`), copied beside the post. */
function heroFile(root: string, folder: string, hero: string): { name: string; path: string } | undefined {
  const path = resolve(folder, hero);
  const where = folderInside(root, path);
  return where.real ? { name: basename(path), path: where.real } : undefined;
}

/** An MDX file's code and components, each at its line (src/content/mdx.ts): the code is left out of the moved text, the components stay. */
function mdxLeft(file: string, parts: MdxPart[] = []): LeftOut[] {
  return parts.map((part) => ({
    file,
    line: part.line,
    why:
      part.kind === "code"
        ? `MDX code \`${part.text}\`: sitegen runs none, so it was left out`
        : `the MDX component <${part.text}>: not converted, left in the text as written`,
  }));
}

interface Routes {
  /** The folder of the route that lists each collection's entries, by collection. */
  collections: Map<string, string>;
  /** The folders of the dynamic routes (`[...slug].astro`), for a collection none names. */
  dynamicFolders: string[];
  markdown: { file: string; real: string; url: string }[];
  left: { file: string; why: string; url?: string }[];
}

/** src/pages/ as Astro routes it: a file's path is its address; `[...slug]` and `[slug]` routes list a collection. */
function pageRoutes(root: string, refused: Refusal[]): Routes {
  const routes: Routes = { collections: new Map(), dynamicFolders: [], markdown: [], left: [] };
  const walk = walkSource(root, join(root, "src/pages"));
  pushAll(refused, walk.refused);
  for (const { path, real } of walk.files) {
    const parts = path.replace(/\.[^./]+$/, "").split("/");
    const dynamic = parts.findIndex((part) => /^\[.+\]$/.test(part));
    const folder = `/${parts.slice(0, dynamic === -1 ? -1 : dynamic).join("/")}`;
    if (dynamic !== -1) {
      if (/^\[\.\.\.(slug|id)\]$|^\[(slug|id)\]$/.test(parts[dynamic]) && dynamic === parts.length - 1)
        routes.dynamicFolders.push(folder === "/" ? "" : folder);
      const source = readFileSync(real, "utf8");
      for (const call of source.matchAll(/getCollection\(\s*["'`]([^"'`]+)["'`]/g))
        if (!routes.collections.has(call[1])) routes.collections.set(call[1], folder);
      routes.left.push({
        file: `src/pages/${path}`,
        why: "an Astro page route (code): its pages are the collection's entries, moved as posts or pages",
      });
      continue;
    }
    const last = parts.at(-1)!;
    const url = withSlashes(`${folder}/${last === "index" ? "" : last}/`.replace(/\/{2,}/g, "/"));
    if (ENTRY.test(path)) routes.markdown.push({ file: path, real, url });
    else if (/\.astro$/.test(path))
      routes.left.push({
        file: `src/pages/${path}`,
        why: "an Astro page (a component): sitegen runs none; its words go into a Markdown page by hand",
        url,
      });
    else
      routes.left.push({
        file: `src/pages/${path}`,
        why: "an Astro endpoint (code): sitegen makes its own feeds and indexes",
        url: `/${path.replace(/\.(js|ts)$/, "")}`,
      });
  }
  return routes;
}

/**
 * A Hugo site as Hugo 0.111 reads it: its configuration in every form
 * (src/import/hugo-config.ts); its languages (a translation by file name,
 * `x.fr.md`, or by a language's own content folder), each document's address
 * under its language's prefix and the baseURL's path; sections and nested
 * sections, whose `_index.md` list pages give their text to the section's
 * page (the home's to the home page, the blog section's to the blog page);
 * leaf bundles (`index.md` with its files) and the files of branch folders;
 * `draft`, `publishDate`, `expiryDate`, `headless`; and static/ published as
 * it is. The main sections (`params.mainSections`, else the section with the
 * most pages, as Hugo chooses) are the blog: their pages become posts, every
 * other page a page at its own path. How a content folder's files are read
 * is hugo-content.ts's.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { isRecord, terms, text } from "./read.ts";
import { hugoConfig, languagesOf, sectionPatterns, type Language } from "./hugo-config.ts";
import { namedAssets } from "./hugo-assets.ts";
import { hugoAlias, hugoUrl } from "./permalinks.ts";
import type { ImportedDocument, ImportedFile, ImportedSite } from "./model.ts";
import { folderInside, walkSource, type Refusal } from "./walk.ts";
import { sectionLists } from "./hugo-sections.ts";
import {
  ancestors,
  folderOf,
  fromFilename,
  LIST_PAGE,
  mainSectionsOf,
  readContent,
  stripLang,
  titleCase,
  unreadContentFolders,
} from "./hugo-content.ts";
import { pushAll } from "../collector.ts";

export function readHugo(
  root: string,
  shown: (path: string) => string,
  refused: Refusal[],
  now: Date,
): ImportedSite {
  const { config, left } = hugoConfig(root, shown);
  const params = isRecord(config.params) ? config.params : {};
  const permalinks = sectionPatterns(config.permalinks);
  const frontmatter = isRecord(config.frontmatter) ? config.frontmatter : {};
  const dateHandlers = terms(frontmatter.date).map((handler) => handler.toLowerCase());
  // `uglyURLs` (for every section, or by section): Hugo writes a page as `/x.html` where it would write `/x/`, a section's list too.
  const uglyURLs = config.uglyurls;
  const ugly = (section: string, url: string) =>
    url === "/" ||
    /\.html?$/i.test(url) ||
    !(uglyURLs === true || (isRecord(uglyURLs) && uglyURLs[section] === true))
      ? url
      : `${url.replace(/\/$/, "")}.html`;
  const baseUrl = text(config.baseurl);
  const origin = baseUrl && /^https?:\/\/[^/?#]+/i.exec(baseUrl)?.[0];
  const basePath = baseUrl
    ? (/^https?:\/\/[^/?#]+(\/[^?#]*)?/i.exec(baseUrl)?.[1] ?? "").replace(/\/+$/, "")
    : "";
  const languages = languagesOf(config);
  const defaultLang = languages[0].name;
  const inSubdir = config.defaultcontentlanguageinsubdir === true;
  const prefix = (lang: string) => `${basePath}${lang !== defaultLang || inSubdir ? `/${lang}` : ""}`;
  const site: ImportedSite = {
    generator: "hugo",
    site: {
      name: text(config.title),
      description: text(params.description),
      origin,
      basePath,
      languages: languages.map((language) => language.code ?? language.name),
      prefixes: Object.fromEntries(
        languages.flatMap((language) =>
          language.code && language.code !== language.name ? [[language.name, language.code]] : [],
        ),
      ),
    },
    posts: [],
    pages: [],
    files: [],
    left,
  };
  for (const folder of ["layouts", "themes", "archetypes", "assets", "data", "i18n", "resources"]) {
    if (existsSync(join(root, folder)))
      site.left.push({
        file: shown(join(root, folder)),
        why: `Hugo's ${folder}/: sitegen's templates are in templates/, and it reads no data files`,
      });
  }
  const statics = walkSource(root, join(root, text(config.staticdir) ?? "static"));
  pushAll(refused, statics.refused);
  pushAll(
    site.files,
    statics.files.map((file) => ({ name: file.path, path: file.real, oldUrl: `${basePath}/${file.path}` })),
  );

  const documents: (ImportedDocument & { dir: string; section: string; list: boolean })[] = [];
  const byDir = new Map<string, Language[]>();
  for (const language of languages)
    byDir.set(language.contentDir, [...(byDir.get(language.contentDir) ?? []), language]);
  pushAll(site.left, unreadContentFolders(root, [...byDir.keys()], shown));
  for (const [contentDir, users] of byDir) {
    const where = folderInside(root, join(root, contentDir));
    if (where.outside) {
      refused.push({
        path: join(root, contentDir),
        why: `the content folder \`${contentDir}\` is outside the source site (${where.outside}): not read`,
      });
      continue;
    }
    // A configuration naming a folder that is not there would import nothing, and say nothing of why.
    if (!where.real) {
      refused.push({
        path: join(root, contentDir),
        why: `the content folder \`${contentDir}\` the configuration names (\`contentDir\`) does not exist: no post or page to import`,
        hint: "name the folder the site's Markdown is in as `contentDir`, or move it to `content/`, Hugo's default",
      });
      continue;
    }
    const walk = walkSource(root, join(root, contentDir));
    pushAll(refused, walk.refused);
    const dirLang = (users.find((language) => language.name === defaultLang) ?? users[0]).name;
    const known = new Set(languages.map((language) => language.name));
    const read = readContent(walk.files, {
      root: join(root, contentDir),
      shown,
      dirLang,
      known,
      translationBase: contentDir,
    });
    pushAll(site.left, read.left);
    // A file of a branch (a folder with an _index file) is published under the branch's address, which Hugo lowercases; the rest of its path as it is.
    const branches = new Set(
      walk.files
        .filter((file) => LIST_PAGE.test(stripLang(basename(file.path), known).name))
        .map((file) => folderOf(file.path)),
    );
    for (const file of read.files) {
      const branch = ancestors(file.name).find((folder) => branches.has(folder)) ?? "";
      const rest = branch === "" ? file.name : file.name.slice(branch.length + 1);
      site.files.push({
        ...file,
        oldUrl: `${prefix(dirLang)}/${branch === "" ? "" : `${branch.toLowerCase()}/`}${rest}`,
      });
    }
    pushAll(documents, read.documents);
  }

  // A bundle's files belong to each of its translations: Hugo publishes them beside every language's page.
  const shared = new Map<string, ImportedFile[]>();
  for (const document of documents)
    if (document.translationKey)
      shared.set(document.translationKey, [
        ...(shared.get(document.translationKey) ?? []),
        ...document.bundle,
      ]);
  for (const document of documents) {
    const files = shared.get(document.translationKey ?? "") ?? [];
    document.bundle = [...new Map([...document.bundle, ...files].map((file) => [file.name, file])).values()];
  }
  const mainSections = mainSectionsOf(
    params,
    documents.filter((document) => !document.list && document.lang === defaultLang),
  );
  // Hugo lists a section's pages at its address in every language, with or without an _index file: the blog page stands for those of the blog.
  site.blogAddresses = mainSections
    .flatMap((section) =>
      languages.map((language) => `${prefix(language.name)}${ugly(section, `/${section.toLowerCase()}/`)}`),
    )
    .filter(
      (address) =>
        !documents.some(
          (document) =>
            document.list &&
            `${prefix(document.lang!)}${ugly(document.section, `/${document.dir.toLowerCase()}/`)}` ===
              address,
        ),
    );
  for (const document of documents) {
    const data = document.data;
    if (data.draft === true) {
      site.left.push({ file: document.file, why: "a draft (`draft: true`): Hugo does not publish it" });
      continue;
    }
    if (
      data.headless === true ||
      [data._build, data.build].some(
        (build) => isRecord(build) && (build.render === "never" || build.render === false),
      )
    ) {
      site.left.push({ file: document.file, why: "headless: Hugo does not write it as a page" });
      continue;
    }
    const expiry = text(data.expiryDate ?? data.expirydate ?? data.unpublishdate);
    if (expiry && Date.parse(expiry) <= now.getTime()) {
      site.left.push({
        file: document.file,
        why: `expired on ${expiry} (\`expiryDate\`): Hugo no longer publishes it`,
      });
      continue;
    }
    const publish = text(data.publishDate ?? data.publishdate ?? data.pubdate);
    const lang = document.lang!;
    if (document.list) {
      const url = document.dir === "" ? "/" : ugly(document.section, `/${document.dir.toLowerCase()}/`);
      const role = document.dir === "" ? "home" : mainSections.includes(document.dir) ? "blog" : undefined;
      // A site of several languages also answers its default language's prefix, Hugo's redirect to its home.
      const alsoAt =
        role === "home" && languages.length > 1 && !inSubdir && lang === defaultLang
          ? [`${basePath}/${defaultLang}/`]
          : [];
      // A list page without a title has its section's name (the home, the site's), as Hugo titles it.
      const title =
        text(data.title) ??
        (document.dir === "" ? site.site.name : titleCase(document.dir.split("/").at(-1)!));
      site.pages.push({
        ...document,
        data: title ? { ...data, title } : data,
        kind: "page",
        oldUrls: [`${prefix(lang)}${url}`, ...alsoAt],
        ...(role ? { role } : {}),
      });
      continue;
    }
    const named = fromFilename(data, document.stem, dateHandlers);
    const url = hugoUrl(
      {
        dir: document.dir,
        filename: document.stem,
        title: text(data.title) ?? "",
        date: named.date ?? text(data.date),
        slug: named.slug ?? text(data.slug),
        url: text(data.url),
      },
      permalinks,
    );
    const oldUrl = text(data.url) ? `${basePath}${url}` : `${prefix(lang)}${ugly(document.section, url)}`;
    const aliases = terms(data.aliases, /,/).map((alias) => {
      const placed = hugoAlias(alias, url);
      return alias.startsWith("/") ? `${basePath}${placed}` : `${prefix(lang)}${placed}`;
    });
    const { aliases: _aliases, ...rest } = data;
    const post = mainSections.includes(document.section);
    const own = named.date
      ? { ...rest, date: named.date, ...(named.slug ? { slug: named.slug } : {}) }
      : rest;
    const dated =
      post && publish && text(own.date) && Date.parse(publish) > Date.parse(text(own.date)!)
        ? { ...own, date: publish }
        : own;
    const bundle = document.bundle.map((file) => ({
      ...file,
      oldUrl: `${oldUrl.replace(/\/?$/, "/")}${file.name}`,
    }));
    site[post ? "posts" : "pages"].push({
      ...document,
      data: dated,
      kind: post ? "post" : "page",
      oldUrls: [oldUrl, ...aliases],
      bundle,
    });
  }
  // A section without an _index file that is not the blog: Hugo listed its pages at its address, and so does a page of the new site.
  pushAll(
    site.pages,
    sectionLists(documents, site.pages, {
      mainSections,
      listAt: (lang, section) => `${prefix(lang)}${ugly(section, `/${section.toLowerCase()}/`)}`,
      title: titleCase,
      folderOf: (section, lang) =>
        `${shown(join(root, languages.find((each) => each.name === lang)?.contentDir ?? "content", section))}/`,
    }),
  );
  // A document's language as site.yaml names the site's (each language's languageCode): a blog in one language, `defaultContentLanguage = "cn"` with `languageCode = "en-us"`, is in the one language it lists, not a translation into another.
  const codes = new Map(languages.map((language) => [language.name, language.code ?? language.name]));
  for (const document of [...site.posts, ...site.pages])
    if (document.lang !== undefined) document.lang = codes.get(document.lang) ?? document.lang;
  namedAssets(site, root, text(config.assetdir) ?? "assets");
  return site;
}

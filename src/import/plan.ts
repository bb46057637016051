/**
 * A source site as the files of a sitegen site. Posts go to content/blog/
 * under their own file names (a bundle as a folder with its files); pages
 * keep their addresses (content/pages/docs/history.md is /docs/history/, a
 * folder's page its index.md), the home's and the blog's text going to the
 * site's own; every old address that is not the new one becomes an alias
 * (the no-slash form of an address kept, too, as the old hosts answered
 * it); every link to an old address follows the move (links.ts); site-wide
 * files keep their paths in content/static/, less those the build makes
 * itself. Pure: the files are planned here and written by index.ts. Its
 * stages: where each text goes (place.ts), its links and template tags
 * (links.ts, convert.ts), and the file it is written as (written.ts); the
 * addresses it moves them through are plan-addresses.ts's, each text's body
 * plan-body.ts's.
 */
import { readFileSync } from "node:fs";
import { readFileName } from "../content/file-name.ts";
import { STATIC_DIR } from "../content/site-files.ts";
import { readableHeadingIds } from "./anchors.ts";
import { hasOwnText } from "./home-text.ts";
import { oldForms } from "./links.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { isDefault, placePages, placePosts, safeDecode, stripBase } from "./place.ts";
import { addressesOf } from "./plan-addresses.ts";
import type { ImportPlan, PlanOptions } from "./plan-model.ts";
import { movedBody } from "./plan-body.ts";
import { aliasesOf, frontmatter, imageOf, markdownFile } from "./written.ts";

/** A page of the starter that a moved site's own takes the place of, by its path. */
const STARTER_PAGES = new Map([
  ["", "content/pages/index.md"],
  ["about", "content/pages/about.md"],
  ["blog", "content/pages/blog.md"],
]);

export function planImport(site: ImportedSite, options: PlanOptions): ImportPlan {
  const plan: ImportPlan = {
    files: [],
    converted: new Map(),
    notConverted: [],
    aliases: 0,
    links: 0,
    unknownUrls: [],
    kept: new Map(),
    skipped: [],
    moved: [],
    unresolved: [],
    lost: [],
  };
  const shown = options.shown ?? ((path: string) => path);
  const defaultLang = site.site.languages[0];
  // A post with no date at all (Hugo's pages of the main section, an Eleventy post dated by its file) is a page at its own address.
  // A name dated as Jekyll reads one (`2017-4-20-tips`, a month of one digit) dates its post, as sitegen reads names (src/content/file-name.ts).
  const undated = site.posts.filter(
    (post) =>
      ["date", "publishDate", "pubDate"].every((field) => post.data[field] === undefined) &&
      readFileName(post.stem).date === undefined,
  );
  const posts = placePosts(
    site.posts.filter((post) => !undated.includes(post)),
    defaultLang,
    plan.skipped,
  );
  const lists = site.blogAddresses ?? [];
  const blog = site.pages.find((page) => page.role === "blog" && isDefault(page, defaultLang));
  const sitePages = [...site.pages, ...undated.map((post) => ({ ...post, kind: "page" as const }))];
  const withBlog =
    lists.length === 0
      ? sitePages
      : blog
        ? sitePages.map((page) => (page === blog ? { ...page, oldUrls: [...page.oldUrls, ...lists] } : page))
        : [
            ...sitePages,
            {
              file: "(the lists of posts)",
              data: { title: "Blog", description: "Every post, newest first." },
              body: "",
              bodyLine: 1,
              kind: "page" as const,
              stem: "blog",
              oldUrls: lists,
              bundle: [],
              role: "blog" as const,
            },
          ];
  const pages = placePages(withBlog, site.site.basePath, defaultLang, plan.skipped);
  // Heading ids written as sitegen reads them, before anything reads the texts.
  const placed = [...posts, ...pages].map((each) => ({
    ...each,
    document: { ...each.document, body: readableHeadingIds(each.document.body) },
  }));

  const { byOld, current, answers, staticFiles, moves, conversions } = addressesOf(
    site,
    placed,
    posts,
    options,
  );
  // Texts the source knows as translations of one another (Hugo's) keep that as their `translationKey`.
  const languagesOf = new Map<string, Set<string>>();
  for (const { document } of placed)
    if (document.translationKey)
      languagesOf.set(
        document.translationKey,
        (languagesOf.get(document.translationKey) ?? new Set()).add(document.lang ?? defaultLang ?? ""),
      );
  const translationKey = (document: ImportedDocument) =>
    document.translationKey && (languagesOf.get(document.translationKey)?.size ?? 0) > 1
      ? document.translationKey
      : undefined;
  // An address answers with one page: a page's own before another's alias (Hugo writes the page over the alias's redirect), the first alias before a later one.
  const claimed = new Map<string, string>();
  for (const { document, path } of placed)
    for (const form of oldForms(path)) claimed.set(form, document.file);
  for (const { document, path, target } of placed) {
    if (document.oldUrls.length === 0 && document.oldUrlUnknown)
      plan.unknownUrls.push({ file: document.file, why: document.oldUrlUnknown });
    const aliases = aliasesOf(document, path).filter((alias) => {
      const owner = oldForms(alias)
        .map((form) => claimed.get(form))
        .find((file) => file !== undefined && file !== document.file);
      if (owner)
        plan.skipped.push({
          file: document.file,
          why: `its old address ${alias} is ${owner.startsWith("(") ? "another's" : `the address of ${owner}`}, which answers there: not kept as an alias`,
        });
      else for (const form of oldForms(alias)) claimed.set(form, document.file);
      return owner === undefined;
    });
    plan.aliases += aliases.length;
    plan.moved.push({
      file: document.file,
      from: document.oldUrls,
      to: path,
      // A home of no text of its own lists the posts: its page is not compared with the old one.
      ...(document.role === "home" && !hasOwnText(document.body) ? { list: true as const } : {}),
    });
    const key = translationKey(document);
    const data = frontmatter(
      key ? { ...document, data: { ...document.data, translationKey: key } } : document,
      {
        aliases,
        defaultLang,
        date: options.date,
        image: document.kind === "post" ? imageOf(document, path) : undefined,
        siteName: site.site.name,
      },
    );
    plan.files.push({
      path: target,
      body: markdownFile(data, movedBody(document, path, site, { conversions, moves }, plan)),
      from: document.file,
      ...(STARTER_PAGES.has(pagePathOf(target)) ? { replaces: STARTER_PAGES.get(pagePathOf(target)) } : {}),
    });
    // A page's own files are published where it is, as the site's files.
    const folder =
      document.kind === "page"
        ? `content/${STATIC_DIR}${path}`.replace(/\/$/, "")
        : target.slice(0, target.lastIndexOf("/"));
    for (const file of document.bundle)
      plan.files.push({
        path: `${folder}/${file.name}`,
        body: readFileSync(file.path),
        from: shown(file.path),
      });
    // A moved page's files answer where they were too: a page has no aliases for its files.
    const was =
      document.kind === "page" && document.oldUrls[0] !== undefined
        ? safeDecode(document.oldUrls[0]).replace(/\/?$/, "/")
        : undefined;
    if (was && was !== path)
      for (const file of document.bundle)
        plan.files.push({
          path: `content/${STATIC_DIR}${was}${file.name}`,
          body: readFileSync(file.path),
          from: shown(file.path),
        });
  }
  // A Jekyll site's own configuration, includes and data, where the build reads them for its posts' Liquid.
  for (const file of site.liquid ?? [])
    plan.files.push({ path: `content/${file.name}`, body: readFileSync(file.path), from: shown(file.path) });
  for (const { file, name, refused } of staticFiles) {
    if (refused)
      plan.skipped.push({
        file: shown(file.path),
        why: `${refused}: not copied`,
        oldUrls: file.oldUrl ? [file.oldUrl] : [],
      });
    else
      plan.files.push({
        path: `content/${STATIC_DIR}/${name}`,
        body: readFileSync(file.path),
        from: shown(file.path),
      });
  }
  // A post of the source that no file of the new site holds did not arrive: the import stops at it unless the loss is accepted.
  const arrived = new Set(placed.map(({ document }) => document.file));
  const sourcePosts = new Set(site.posts.map((post) => post.file));
  for (const each of plan.skipped)
    if (sourcePosts.has(each.file) && !arrived.has(each.file)) each.post = true;
  for (const each of [...site.left, ...plan.skipped]) {
    for (const url of each.oldUrls ?? []) {
      const path = stripBase(safeDecode(url), site.site.basePath);
      if (!answers(path) && !current.has(path) && !byOld.has(safeDecode(url)))
        plan.lost.push({ url, file: each.file, why: each.why });
    }
  }
  return plan;
}

/** A page's path from its file: `content/pages/docs/index.md` is `docs`. */
function pagePathOf(target: string): string {
  return target
    .replace(/^content\/pages\//, "")
    .replace(/(^|\/)index\.md$/, "")
    .replace(/\.md$/, "");
}

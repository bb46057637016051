/**
 * `sitegen import <source> <dir>`: a Jekyll, Hugo, Eleventy or Astro site
 * moved into a sitegen site, as Hugo's `hugo import jekyll` moves one. A new
 * folder gets the starter first (`sitegen init`), and the moved files take
 * the place of its sample pages; an existing site gets files added and never
 * overwritten. Every old address of a page, post or file keeps answering
 * (an alias, or the same path), and every link to one follows the move.
 * Nothing is written when the source cannot be read whole: a link out of it,
 * to nothing or in a loop is an error naming the entry.
 */
import { existsSync, realpathSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseDocument } from "yaml";
import { displayFrom } from "../content/entries.ts";
import { canonicalTag } from "../content/languages.ts";
import { SitegenError, SitegenErrors } from "../errors.ts";
import { createSite, occupied } from "../init/init.ts";
import { packageFolder } from "../init/package-folder.ts";
import { headingIdsOf } from "./anchors.ts";
import { ASTRO_CONFIGS, isAstroSite, readAstro } from "./astro.ts";
import { takeAstroOutput } from "./astro-output.ts";
import { buildAstro } from "./astro-build.ts";
import { heroesFirst } from "./starlight-hero.ts";
import { readEleventy } from "./eleventy.ts";
import { isEleventySite } from "./eleventy-config.ts";
import { takeGeneratorOutput } from "./generator-output.ts";
import { isHugoSite } from "./hugo-config.ts";
import { readHugo } from "./hugo.ts";
import { JEKYLL_CONFIGS, readJekyll } from "./jekyll.ts";
import { mathDialectOf } from "./math-dialect.ts";
import { imageCaptionsOf } from "./image-captions.ts";
import type { SiteConfig } from "../content/types.ts";
import type { Generator, ImportedSite, LeftOut } from "./model.ts";
import { planImport } from "./plan.ts";
import type { ImportPlan } from "./plan-model.ts";
import type { Refusal } from "./walk.ts";
import type { BuiltPage } from "./published/folder.ts";
import { findPublished, unansweredOldPages, writeRedirects, type AddressOrigins } from "./published/index.ts";
import type { OldPage } from "./published/old-pages.ts";

export interface ImportResult extends ImportPlan {
  generator: Generator;
  /** Whether the folder was new, and got the starter first. */
  created: boolean;
  written: string[];
  /** Planned files that were there already, and were left as they were. */
  existing: string[];
  left: ImportedSite["left"];
  /** Documents moved with a decision the report names (an undated post dated by its file). */
  notes: LeftOut[];
  site: ImportedSite["site"];
  /** How many posts and pages the source had, as read. */
  counts: { posts: number; pages: number; files: number };
  /** How each document's old address was found: from the generator, the built folder, or computed. */
  addresses: AddressOrigins;
  /** The old site's pages that no file of the new one makes (its lists, tags, archives), each with its counterpart where it has one. */
  oldPages: OldPage[];
  /** The old site's built pages, where `--old-site` named its folder. */
  built?: Map<string, BuiltPage>;
}

/**
 * The generator a site is for, by its configuration first: a site moved from
 * Jekyll to Eleventy often keeps its `_posts/` folder, which alone says
 * Jekyll only where no other generator's configuration is there.
 */
export function detectGenerator(source: string): Generator | undefined {
  if (JEKYLL_CONFIGS.some((name) => existsSync(join(source, name)))) return "jekyll";
  if (isHugoSite(source)) return "hugo";
  if (isEleventySite(source)) return "eleventy";
  if (isAstroSite(source)) return "astro";
  if (existsSync(join(source, "_posts"))) return "jekyll";
  return undefined;
}

export interface ImportOptions {
  source: string;
  dir: string;
  cwd: string;
  date: string;
  now: Date;
  acceptLoss?: boolean;
  /** The old site's built folder (`--old-site`): where its pages were, and what they showed. */
  oldSite?: string;
  /** The environment the old generator is asked in. */
  env?: NodeJS.ProcessEnv;
}

export async function importSite(options: ImportOptions): Promise<ImportResult> {
  const source = resolve(options.cwd, options.source);
  const dir = resolve(options.cwd, options.dir);
  const display = displayFrom(options.cwd);
  const generator = existsSync(source) ? detectGenerator(source) : undefined;
  if (!generator) {
    throw new SitegenError("E_USAGE", `${options.source} is not a Jekyll, Hugo, Eleventy or Astro site`, {
      hint: `name the folder that holds _config.yml (Jekyll), hugo.toml, config.toml or config/_default/ (Hugo), eleventy.config.js (Eleventy), or ${ASTRO_CONFIGS[0]} with src/content/ (Astro)`,
    });
  }
  const root = realpathSync(source);
  const refused: Refusal[] = [];
  const site = readSource(generator, root, display, refused, options.now, options.env ?? {});
  if (refused.length > 0) {
    throw new SitegenErrors(
      refused.map(
        (refusal) =>
          new SitegenError("E_CONTENT", refusal.why, {
            location: { file: display(refusal.path) },
            hint:
              refusal.hint ??
              "sitegen import reads nothing outside the source site: copy the files in, or remove the link; nothing was written",
          }),
      ),
    );
  }
  const created = (await occupied(dir)).length === 0;
  if (!created && !existsSync(join(dir, "content/site.yaml"))) {
    throw new SitegenError(
      "E_USAGE",
      `${options.dir} holds files but no sitegen site (no content/site.yaml)`,
      { hint: "name a new folder, or a sitegen site to add the posts to" },
    );
  }
  const oldSite = options.oldSite === undefined ? undefined : resolve(options.cwd, options.oldSite);
  if (oldSite && !existsSync(oldSite))
    throw new SitegenError("E_USAGE", `--old-site ${options.oldSite}: no such folder`, {
      hint: "name the folder the old generator built the site into: _site/ (Jekyll, Eleventy), public/ (Hugo), dist/ (Astro)",
    });
  // Built once by the site's own Astro, where it runs: where each text went, and what its MDX components gave.
  const astro = generator === "astro" ? buildAstro(site, root, options.env ?? {}) : undefined;
  const published = findPublished(site, {
    generator,
    root,
    cwd: options.cwd,
    oldSite,
    env: options.env ?? {},
    astro,
  });
  // The template calls of an Eleventy site's texts, a Hugo site's shortcodes, a Jekyll site's plugin tags and an Astro site's MDX components, as the generator ran them (call-output.ts).
  takeGeneratorOutput(generator, site, root, options.env ?? {}, display);
  if (astro) takeAstroOutput(site, astro, root, display);
  // After it, which pairs the moved text's lines with the file's: what Starlight's theme drew from a page's frontmatter (another theme's `hero` may mean something else).
  if (site.starlight) heroesFirst(site, root);
  // Planned before anything is written: a new folder's templates are the starter's.
  const templates = created ? join(packageFolder(), "starter/templates") : join(dir, "templates");
  const headingIds = headingIdsOf(generator, root);
  const plan = planImport(site, {
    date: options.date,
    headingIds,
    taken: (name) => takenBy(templates, name),
    published: (path) => path.startsWith("/assets/") && existsSync(join(templates, decodeURIComponent(path))),
    shown: display,
  });
  const lostPosts = [...site.left, ...plan.skipped].filter((each) => each.post);
  if (lostPosts.length > 0 && !options.acceptLoss) {
    throw new SitegenErrors(
      lostPosts.map(
        (each) =>
          new SitegenError("E_CONTENT", `a post of the source that would not arrive: ${each.why}`, {
            location: { file: each.file, ...(each.line ? { line: each.line } : {}) },
            hint: "mend it in the source and import again, or give --accept-loss to move the rest without it; nothing was written",
          }),
      ),
    );
  }
  const starter = new Set(created ? await createSite(dir, { date: options.date }) : []);
  if (created)
    await describeSite(
      join(dir, "content/site.yaml"),
      { ...site.site, languages: languagesOf(site) },
      {
        math: mathDialectOf(generator, root),
        heading_ids: headingIds,
        image_captions: imageCaptionsOf(generator, root),
      },
    );
  const starterPages = [...starter]
    .filter((path) => /^content\/pages\/[^/]+\.md$/.test(path))
    .map((path) => `/${path.slice("content/pages/".length, -".md".length)}/`.replace(/^\/index\/$/, "/"));
  const oldPages = unansweredOldPages(
    published,
    site,
    plan.moved,
    await paginateOf(join(dir, "content/site.yaml")),
    starterPages,
  );
  if (created) await writeRedirects(join(dir, "content/site.yaml"), oldPages);
  // An old address of what was left out that now leads to its counterpart is no loss.
  const redirected = new Set(
    created ? oldPages.filter((page) => page.to !== undefined).map((page) => page.url) : [],
  );
  plan.lost = plan.lost.filter((each) => !redirected.has(each.url));
  // The starter's sample posts are no part of a moved blog.
  if (created && site.posts.length > 0)
    for (const sample of [...starter].filter((path) => path.startsWith("content/blog/")))
      await rm(join(dir, sample));
  const written: string[] = [];
  const existing: string[] = [];
  for (const file of plan.files) {
    const path = join(dir, file.path);
    // The starter's sample pages give way to the site's own; nothing else is ever overwritten.
    const replace = starter.has(file.path);
    if (file.replaces && file.replaces !== file.path && starter.has(file.replaces))
      await rm(join(dir, file.replaces), { force: true });
    if (existsSync(path) && !replace) {
      existing.push(file.path);
      continue;
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.body, { flag: replace ? "w" : "wx" });
    written.push(file.path);
  }
  const counts = { posts: site.posts.length, pages: site.pages.length, files: site.files.length };
  return {
    ...plan,
    generator,
    created,
    written,
    existing,
    left: site.left,
    notes: site.notes ?? [],
    site: site.site,
    counts,
    addresses: published.origins,
    oldPages,
    built: published.built,
  };
}

function readSource(
  generator: Generator,
  root: string,
  display: (path: string) => string,
  refused: Refusal[],
  now: Date,
  env: NodeJS.ProcessEnv,
): ImportedSite {
  if (generator === "jekyll") return readJekyll(root, display, refused);
  if (generator === "hugo") return readHugo(root, display, refused, now);
  if (generator === "eleventy") return readEleventy(root, display, refused, env);
  return readAstro(root, display, refused);
}

/** What of the target site a site-wide file would take the place of: a file of its templates' root/ or assets/. */
function takenBy(templates: string, name: string): string | undefined {
  if (existsSync(join(templates, "root", name))) return `the site's own templates/root/${name}`;
  if (name.startsWith("assets/") && existsSync(join(templates, name)))
    return `the site's own templates/${name}`;
  return undefined;
}

/** The site's languages, and every other one a page or post names in its `lang`, in the order they first appear. */
function languagesOf(site: ImportedSite): string[] {
  const named = [...site.pages, ...site.posts]
    .flatMap((document) => [
      document.lang,
      typeof document.data.lang === "string" ? document.data.lang : undefined,
    ])
    .filter((lang): lang is string => lang !== undefined);
  const languages = [...site.site.languages, ...named]
    .map((language) => canonicalTag(language))
    .filter((tag): tag is string => tag !== undefined);
  // A tag that narrows one already there (`en-US` on a site in `en`) is that one.
  return [...new Set(languages)].filter(
    (tag, index, all) => !all.slice(0, index).some((earlier) => tag.startsWith(`${earlier}-`)),
  );
}

/** The new site's site.yaml with what the source's configuration says: name, summary, origin, languages, how its Markdown was read; comments kept. */
async function describeSite(
  file: string,
  facts: ImportedSite["site"],
  markdown: NonNullable<SiteConfig["markdown"]>,
): Promise<void> {
  const document = parseDocument(await readFile(file, "utf8"));
  if (facts.name) document.set("name", facts.name);
  if (facts.description) document.set("summary", facts.description.trim());
  if (facts.origin && /^https?:\/\/[^/?#]+$/.test(facts.origin)) document.set("base_url", facts.origin);
  const languages = [
    ...new Set(
      facts.languages
        .map((language) => canonicalTag(language))
        .filter((tag): tag is string => tag !== undefined),
    ),
  ];
  if (languages.length > 0) document.set("languages", document.createNode(languages, { flow: true }));
  // Math's delimiters, the heading ids the posts' links name, captions: as the old generator read the Markdown.
  for (const [name, value] of Object.entries(markdown))
    if (value !== undefined) document.setIn(["markdown", name], value);
  await writeFile(file, document.toString());
}

/** How many posts a page of the new site's blog lists, where its site.yaml says. */
async function paginateOf(file: string): Promise<number | undefined> {
  if (!existsSync(file)) return undefined;
  const value = (parseDocument(await readFile(file, "utf8")).toJS() as { paginate?: unknown } | null)
    ?.paginate;
  return typeof value === "number" ? value : undefined;
}

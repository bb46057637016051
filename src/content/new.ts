/**
 * `sitegen new`: plans one new content file with frontmatter that passes the
 * same validation as the build, then writes it without ever overwriting.
 * Planning is pure (the existing files are passed in); only `createNew` touches disk.
 */
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { SitegenError } from "../errors.ts";
import { parseYaml } from "./frontmatter.ts";
import { FIXED_PAGES, parsePage, parsePost } from "./load.ts";
import { slugify } from "./slug.ts";
import type { Lang } from "./types.ts";

export const LANGS: readonly Lang[] = ["en", "vi"];

export type NewRequest =
  | { kind: "post"; title: string; lang: Lang; date: string }
  | { kind: "page"; name: string; lang?: Lang; date: string };

export interface PlannedFile {
  /** Path inside the content folder, `/`-separated: `blog/<slug>.md`. */
  path: string;
  text: string;
}

export interface PlanOptions {
  /** The content folder as the user named it, for messages. */
  contentDir: string;
  /** Paths inside the content folder that exist already (`blog/x.md`, `pages/about.md`). */
  existing: ReadonlySet<string>;
}

/** A description that passes the schema and is easy to find before publishing. */
export const DESCRIPTION_PLACEHOLDER = "TODO: one or two sentences on what this is about; they appear in the blog index, in search results and in llms.txt.";

const PAGE_TITLES: Record<(typeof FIXED_PAGES)[number], string> = {
  index: "Home",
  about: "About",
  blog: "Blog",
  brand: "Brand",
  contact: "Contact",
  developers: "Developers",
  privacy: "Privacy",
};

export function planNew(request: NewRequest, options: PlanOptions): PlannedFile {
  return request.kind === "post" ? planPost(request, options) : planPage(request, options);
}

function planPost(request: Extract<NewRequest, { kind: "post" }>, options: PlanOptions): PlannedFile {
  const title = request.title.replace(/\s+/g, " ").trim();
  if (title === "") throw new SitegenError("E_USAGE", "the title is empty", { hint: 'sitegen new post "Idempotency keys in practice"' });
  const slug = slugify(title);
  if (slug === "") {
    throw new SitegenError("E_USAGE", `the title ${JSON.stringify(title)} has no letters or digits to make a URL slug from`, {
      hint: "slugs are ASCII; Vietnamese letters are transliterated, other scripts are dropped, so add a few Latin words to the title",
    });
  }
  const path = `blog/${slug}.md`;
  refuseExisting(path, options, `the title ${JSON.stringify(title)} gives the slug \`${slug}\`; sitegen new never overwrites: edit that file, or choose another title`);
  const text = [
    "---",
    // A JSON string is a valid YAML double-quoted scalar: every title survives as written.
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(DESCRIPTION_PLACEHOLDER)}`,
    `date: ${request.date}`,
    "tags: []",
    `lang: ${request.lang}`,
    "status: draft",
    "---",
    "",
    "Write the post here, in Markdown. Link to other pages from the site root, e.g. [the blog](/blog/).",
    "A draft is left out of the build; set `status: published` when it is ready.",
    "",
  ].join("\n");
  // What we write must load exactly as the build would load it.
  parsePost(slug, text, display(options.contentDir, path));
  return { path, text };
}

function planPage(request: Extract<NewRequest, { kind: "page" }>, options: PlanOptions): PlannedFile {
  const name = request.name.trim().toLowerCase().replace(/\.md$/, "");
  if (!(FIXED_PAGES as readonly string[]).includes(name)) {
    throw new SitegenError("E_USAGE", `\`${name}\` is not one of the fixed pages`, {
      hint:
        `the page set is closed (${FIXED_PAGES.join(", ")}): each page has its place in the navigation, the sitemap, llms.txt and the OpenAPI description. ` +
        `To publish something new, write a post: sitegen new post ${JSON.stringify(name.replace(/[-_]+/g, " "))}`,
    });
  }
  const path = `pages/${name}.md`;
  refuseExisting(path, options, "every fixed page exists once; sitegen new never overwrites: edit that file instead");
  const text = [
    "---",
    `title: ${JSON.stringify(PAGE_TITLES[name as keyof typeof PAGE_TITLES])}`,
    `description: ${JSON.stringify(DESCRIPTION_PLACEHOLDER)}`,
    `updated: ${request.date}`,
    ...(request.lang ? [`lang: ${request.lang}`] : []),
    "---",
    "",
    "Write the page here, in Markdown.",
    "",
  ].join("\n");
  parsePage(name, text, display(options.contentDir, path));
  return { path, text };
}

function refuseExisting(path: string, options: PlanOptions, hint: string): void {
  if (options.existing.has(path)) {
    throw new SitegenError("E_CONTENT", "the file already exists", { location: { file: display(options.contentDir, path) }, hint });
  }
}

function display(contentDir: string, path: string): string {
  return join(contentDir, path);
}

/**
 * The date a new file carries: from SOURCE_DATE_EPOCH (in UTC, as reproducible
 * builds read it) when set, else today on the writer's own calendar.
 */
export function calendarDate(time: Date, options: { utc: boolean }): string {
  const [year, month, day] = options.utc ? [time.getUTCFullYear(), time.getUTCMonth() + 1, time.getUTCDate()] : [time.getFullYear(), time.getMonth() + 1, time.getDate()];
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The site's language from site.yaml, the default for a new post; English when it cannot be read. */
export async function siteLanguage(contentDir: string): Promise<Lang> {
  const file = join(contentDir, "site.yaml");
  try {
    const language = (parseYaml(await readFile(file, "utf8"), file).data as { language?: unknown } | null)?.language;
    return LANGS.includes(language as Lang) ? (language as Lang) : "en";
  } catch {
    return "en";
  }
}

/** Plans the file and writes it; the `wx` flag refuses a file that appeared meanwhile. Returns the path written. */
export async function createNew(request: NewRequest, options: { contentDir: string; cwd: string }): Promise<string> {
  const root = resolve(options.cwd, options.contentDir);
  const site = join(root, "site.yaml");
  if (!(await stat(site).then((s) => s.isFile(), () => false))) {
    throw new SitegenError("E_USAGE", `${options.contentDir} is not a content folder: it has no site.yaml`, { hint: "run sitegen new from the site's root, or name the folder with --content <dir>" });
  }
  const existing = new Set<string>();
  for (const folder of ["blog", "pages"]) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    for (const name of names) existing.add(`${folder}/${name}`);
  }
  const planned = planNew(request, { contentDir: options.contentDir, existing });
  const file = display(options.contentDir, planned.path);
  try {
    await mkdir(dirname(join(root, planned.path)), { recursive: true });
    await writeFile(join(root, planned.path), planned.text, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") refuseExisting(planned.path, { contentDir: options.contentDir, existing: new Set([planned.path]) }, "it was created meanwhile; sitegen new never overwrites");
    throw new SitegenError("E_IO", `cannot write ${file}`, { location: { file }, hint: "check that the content folder exists and is writable", cause: error });
  }
  return file;
}

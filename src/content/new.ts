/**
 * `sitegen new`: plans one new content file with frontmatter that passes the
 * same validation as the build, then writes it without ever overwriting.
 * Planning is pure (the existing files are passed in); only `createNew` touches disk.
 */
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { SitegenError } from "../errors.ts";
import type { ExcerptOf } from "./excerpt.ts";
import { siteLanguageOf } from "./languages.ts";
import { parsePage, parsePost } from "./load.ts";
import { parseSite } from "./site.ts";
import { slugify, slugProblem } from "./slug.ts";
import { listSources } from "./tree.ts";
import type { Lang } from "./types.ts";

export type NewRequest =
  | { kind: "post"; title: string; lang?: string; date: string }
  | { kind: "page"; name: string; lang?: string; date: string };

export interface PlannedFile {
  /** Path inside the content folder, `/`-separated: `blog/<slug>.md`. */
  path: string;
  text: string;
  /** The language the file is in: its `lang`, or the site's default. */
  lang: Lang;
}

export interface PlanOptions {
  /** The content folder as the user named it, for messages. */
  contentDir: string;
  /** Paths inside the content folder that exist already (`blog/x.md`, `pages/about.md`). */
  existing: ReadonlySet<string>;
  /** The site's languages, the default first (site.yaml). */
  languages: readonly Lang[];
  /** The site's name: the home page's title. */
  siteName: string;
  /** The body's summary, which the file is parsed with as the build parses it (src/content/excerpt.ts says why it is given). */
  excerptOf: ExcerptOf;
}

/** A description that passes the schema and is easy to find before publishing. */
export const DESCRIPTION_PLACEHOLDER =
  "TODO: one or two sentences on what this is about; they appear in the blog index, in search results and in llms.txt.";

export function planNew(request: NewRequest, options: PlanOptions): PlannedFile {
  return request.kind === "post" ? planPost(request, options) : planPage(request, options);
}

function planPost(request: Extract<NewRequest, { kind: "post" }>, options: PlanOptions): PlannedFile {
  const title = request.title.replace(/\s+/g, " ").trim();
  if (title === "")
    throw new SitegenError("E_USAGE", "the title is empty", {
      hint: 'sitegen new post "Idempotency keys in practice"',
    });
  const lang = languageOf(request.lang, options);
  const slug = slugify(title, lang);
  if (slug === "") {
    throw new SitegenError(
      "E_USAGE",
      `the title ${JSON.stringify(title)} has no letters or digits to make a URL slug from`,
      {
        hint: "slugs are ASCII: Latin letters lose their accents, other scripts are dropped, so add a few Latin words to the title",
      },
    );
  }
  const path = `blog/${slug}.md`;
  refuseExisting(
    path,
    options,
    `the title ${JSON.stringify(title)} gives the slug \`${slug}\`; sitegen new never overwrites: edit that file, or choose another title`,
  );
  const text = [
    "---",
    // A JSON string is a valid YAML double-quoted scalar: every title survives as written.
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(DESCRIPTION_PLACEHOLDER)}`,
    `date: ${request.date}`,
    "tags: []",
    `lang: ${lang}`,
    "status: draft",
    "---",
    "",
    "Write the post here, in Markdown. Link to other pages from the site root, e.g. [the blog](/blog/).",
    "A draft is shown, marked, by `sitegen serve --watch` and `sitegen build --drafts`, and left out of every other build; set `status: published` when it is ready.",
    "",
  ].join("\n");
  // What we write must load exactly as the build would load it.
  const shown = display(options.contentDir, path);
  parsePost(slug, text, shown, shown, { excerptOf: options.excerptOf });
  return { path, text, lang };
}

/**
 * Any page: `name` is its file name and URL (`services` is /services/), or a
 * title to make them from (`"About us"` is about-us.md, titled "About us").
 */
function planPage(request: Extract<NewRequest, { kind: "page" }>, options: PlanOptions): PlannedFile {
  // A path makes a page in a folder: `docs/history` is pages/docs/history.md, /docs/history/.
  const parts = request.name
    .trim()
    .replace(/\.(?:md|markdown)$/i, "")
    .split("/")
    .filter((part) => part.trim() !== "");
  const written = parts.at(-1)?.trim() ?? "";
  const asName = written.toLowerCase();
  const segment = (part: string) =>
    slugProblem(part.trim().toLowerCase()) === undefined
      ? part.trim().toLowerCase()
      : slugify(part, request.lang ?? options.languages[0]);
  const segments = parts.map(segment);
  if (segments.length === 0 || segments.includes("")) {
    throw new SitegenError(
      "E_USAGE",
      `${JSON.stringify(request.name)} has no letters or digits to make a page's URL from`,
      {
        hint: "name the page with Latin letters, digits and hyphens: `sitegen new page services` creates /services/, `sitegen new page docs/history` /docs/history/",
      },
    );
  }
  const name = segments.join("/");
  const last = segments.at(-1)!;
  const path = `pages/${name}.md`;
  refuseExisting(path, options, "a page exists once; sitegen new never overwrites: edit that file instead");
  const lang = languageOf(request.lang, options);
  const title =
    name === "index"
      ? options.siteName
      : last === asName
        ? sentenceCase(last.replace(/-+/g, " ").trim())
        : written;
  const text = [
    "---",
    `title: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(DESCRIPTION_PLACEHOLDER)}`,
    `updated: ${request.date}`,
    ...(request.lang ? [`lang: ${lang}`] : []),
    "---",
    "",
    "Write the page here, in Markdown.",
    "",
  ].join("\n");
  const shown = display(options.contentDir, path);
  parsePage(name, text, shown, shown, { excerptOf: options.excerptOf });
  return { path, text, lang };
}

/** `--lang` as the site names it (`en-GB` → `en` on a site in `en`), or the site's default. */
function languageOf(requested: string | undefined, options: PlanOptions): Lang {
  if (requested === undefined) return options.languages[0];
  const lang = siteLanguageOf(requested, options.languages);
  if (lang === undefined) {
    throw new SitegenError(
      "E_USAGE",
      `--lang ${requested} is not one of the site's languages (${options.languages.join(", ")})`,
      {
        hint: "use one of them, or add the language to `languages` in site.yaml",
      },
    );
  }
  return lang;
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function refuseExisting(
  path: string,
  options: Pick<PlanOptions, "contentDir" | "existing">,
  hint: string,
): void {
  if (options.existing.has(path)) {
    throw new SitegenError("E_CONTENT", "the file already exists", {
      location: { file: display(options.contentDir, path) },
      hint,
    });
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
  const [year, month, day] = options.utc
    ? [time.getUTCFullYear(), time.getUTCMonth() + 1, time.getUTCDate()]
    : [time.getFullYear(), time.getMonth() + 1, time.getDate()];
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The site's languages and name, from its site.yaml: what a new file is planned with. */
async function siteFacts(
  siteFile: string,
  shown: string,
): Promise<Pick<PlanOptions, "languages" | "siteName">> {
  const site = parseSite(await readFile(siteFile, "utf8"), shown);
  return { languages: site.languages, siteName: site.name };
}

/** Plans the file and writes it; the `wx` flag refuses a file that appeared meanwhile. Returns the path written and the file's language. */
export async function createNew(
  request: NewRequest,
  options: { contentDir: string; cwd: string; excerptOf: ExcerptOf },
): Promise<{ file: string; lang: Lang }> {
  const root = resolve(options.cwd, options.contentDir);
  const site = join(root, "site.yaml");
  if (
    !(await stat(site).then(
      (s) => s.isFile(),
      () => false,
    ))
  ) {
    throw new SitegenError("E_USAGE", `${options.contentDir} is not a content folder: it has no site.yaml`, {
      hint: "run sitegen new from the site's root, or name the folder with --content <dir>",
    });
  }
  // A post filed in a folder (blog/2025/x.md) or a .markdown file takes its name as much as blog/x.md does.
  const existing = new Set<string>();
  for (const folder of ["blog", "pages"]) {
    const { entries } = listSources(join(root, folder), {
      root,
      cwd: options.cwd,
      layout: folder === "blog" ? "posts" : "pages",
      optional: true,
    });
    for (const entry of entries) existing.add(`${folder}/${entry.name}.md`);
  }
  const facts = await siteFacts(site, display(options.contentDir, "site.yaml"));
  const planned = planNew(request, {
    contentDir: options.contentDir,
    existing,
    ...facts,
    excerptOf: options.excerptOf,
  });
  const file = display(options.contentDir, planned.path);
  try {
    await mkdir(dirname(join(root, planned.path)), { recursive: true });
    await writeFile(join(root, planned.path), planned.text, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      refuseExisting(
        planned.path,
        { contentDir: options.contentDir, existing: new Set([planned.path]) },
        "it was created meanwhile; sitegen new never overwrites",
      );
    throw new SitegenError("E_IO", `cannot write ${file}`, {
      location: { file },
      hint: "check that the content folder exists and is writable",
      cause: error,
    });
  }
  return { file, lang: planned.lang };
}

/**
 * `sitegen init <dir>`: a new site that builds and passes `check` as it is.
 * It is sitegen's starter (starter/: a content tree with the pages the agent
 * surface needs and one post, the starter theme's templates, which the site
 * then owns and changes as it likes, netlify.toml, the edge function entry, a
 * .gitignore; for a site on Cloudflare, wrangler.jsonc and the worker's entry
 * instead of Netlify's two). A package.json makes sitegen a dependency of the
 * site, so `npx sitegen` in the site runs that one, and Netlify's bundler
 * finds the edge function's import in the site's node_modules.
 *
 * Planning is pure (the starter's files are passed in); `createSite` reads
 * them and writes, never into a folder that holds anything but what a new
 * repository starts with (HARMLESS), and never over a file.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { parseDocument } from "yaml";
import packageJson from "../../package.json" with { type: "json" };
import type { HostName } from "../content/types.ts";
import { SitegenError } from "../errors.ts";
import { gitignoreWith, HOST_STATE, hostFiles, NETLIFY_FILES, sitePackage, type InitFile } from "./host.ts";
import { packageFolder } from "./package-folder.ts";

export interface InitOptions {
  /** The new site's folder name: its package name and, in words, its site name. */
  name: string;
  /** The day the starter's pages and post are dated, YYYY-MM-DD. */
  date: string;
  /** The version range of sitegen the site depends on. */
  dependency: string;
  /** The CDN the site deploys to: Netlify's files, or Cloudflare's. */
  host: HostName;
}

/**
 * The new site's files from the starter's. npm leaves files named .gitignore
 * out of a package, so the starter's is `gitignore`.
 */
export function planInit(starter: InitFile[], options: InitOptions): InitFile[] {
  const files = starter
    .filter((file) => !NETLIFY_FILES.test(file.path))
    .map((file): InitFile => {
      if (file.path === "gitignore")
        return { path: ".gitignore", body: gitignoreWith(String(file.body), HOST_STATE[options.host], "") };
      if (file.path === "content/site.yaml")
        return { path: file.path, body: named(String(file.body), options.name, options.host) };
      if (/^content\/.*\.md$/.test(file.path))
        return {
          path: file.path,
          body: String(file.body).replace(/^(updated|date): \d{4}-\d{2}-\d{2}$/m, `$1: ${options.date}`),
        };
      return file;
    });
  return [
    ...files,
    ...hostFiles(options.host, starter, options.name),
    { path: "package.json", body: sitePackage(options) },
  ];
}

/** site.yaml with the site's name made from its folder's (`my-site` → "My site"), and its host unless Netlify; comments kept. */
function named(text: string, folder: string, host: HostName): string {
  const document = parseDocument(text);
  const words = folder.replace(/[-_]+/g, " ").trim();
  document.set("name", words ? words.charAt(0).toUpperCase() + words.slice(1) : "My site");
  if (host !== "netlify") document.set("host", host);
  return document.toString();
}

/**
 * What a folder may hold and still take a new site: what version control,
 * an editor or the system leaves there, and the readme and licence a new
 * repository starts with (GitHub's "Add a README", "Choose a license"). init
 * writes none of them, so none is overwritten; a `.gitignore` is kept too,
 * and gets the lines of the starter's it lacks (gitignoreWith).
 */
const HARMLESS =
  /^(?:\.git|\.gitattributes|\.gitignore|\.hg|\.svn|\.editorconfig|\.idea|\.vscode|\.DS_Store|Thumbs\.db|desktop\.ini|(?:README|LICEN[CS]E|COPYING)(?:\.[A-Za-z]+)?)$/i;

/** The entries of `dir` that keep a new site out of it: anything but HARMLESS. Empty when `dir` does not exist. */
export async function occupied(dir: string): Promise<string[]> {
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) =>
    error.code === "ENOENT" ? [] : Promise.reject(error),
  );
  return existing.filter((name) => !HARMLESS.test(name)).sort();
}

/**
 * Writes the new site into `dir`, which must be missing, empty, or hold only
 * what HARMLESS allows. Returns the paths written.
 */
export type { InitFile } from "./host.ts";

export async function createSite(
  dir: string,
  options: Omit<InitOptions, "name" | "dependency" | "host"> & { host?: HostName },
): Promise<string[]> {
  const blocking = await occupied(dir);
  if (blocking.length > 0) {
    const named =
      blocking.slice(0, 3).join(", ") + (blocking.length > 3 ? ` and ${blocking.length - 3} more` : "");
    throw new SitegenError("E_USAGE", `${dir} is not empty: it holds ${named}`, {
      hint: "name a new folder: sitegen init writes a whole site and never overwrites a file (a folder with only .git, .gitignore, a README or a licence is taken as empty)",
    });
  }
  const files = planInit(await readStarter(), {
    ...options,
    host: options.host ?? "netlify",
    name: basename(resolve(dir)),
    dependency: `^${packageJson.version}`,
  });
  for (const file of files) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    if (file.path === ".gitignore" && existsSync(path))
      await writeFile(path, gitignoreWith(await readFile(path, "utf8"), String(file.body)));
    else await writeFile(path, file.body, { flag: "wx" });
  }
  return files.map((file) => file.path);
}

/** The starter's files, from the installed sitegen. */
export function readStarter(): Promise<InitFile[]> {
  return readTree(join(packageFolder(), "starter"));
}

/** Every file under `dir`, by `/`-separated path, sorted. */
async function readTree(dir: string): Promise<InitFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(
    files.sort().map(async (path) => ({
      path: relative(dir, path).split(/[\\/]/).join("/"),
      body: await readFile(path),
    })),
  );
}

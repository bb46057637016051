/**
 * A host's files in a site: what `init --host` writes with the starter, and
 * what `sitegen host add` adds to a site that has none of them. Netlify's
 * are the starter's (netlify.toml, the edge function's entry); Cloudflare's
 * are made here (wrangler.jsonc, the worker's entry). Each host has a folder
 * of local state to keep out of git, and Cloudflare's local preview (`serve
 * --cloudflare`) needs Wrangler, a development dependency of the site.
 *
 * Planning is pure (the starter's files and the site's are passed in);
 * `addHost` reads and writes, and never over a file the site has.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { parse } from "yaml";
import packageJson from "../../package.json" with { type: "json" };
import { slugify } from "../content/slug.ts";
import type { HostName } from "../content/types.ts";
import { SitegenError } from "../errors.ts";
import { WORKER_ENTRY, wranglerConfig } from "../hosts/cloudflare/config.ts";

export interface InitFile {
  /** `/`-separated path inside the site. */
  path: string;
  body: string | Uint8Array;
}

/** The starter's files that are Netlify's. */
export const NETLIFY_FILES = /^(?:netlify\.toml|netlify\/)/;

/** The folder each host's local preview keeps its state in: not the site's, kept out of git. */
export const HOST_STATE: Record<HostName, string> = { netlify: ".netlify/", cloudflare: ".wrangler/" };

/** The files `host` needs in a site called `name` (its package name). */
export function hostFiles(host: HostName, starter: InitFile[], name: string): InitFile[] {
  if (host === "netlify") return starter.filter((file) => NETLIFY_FILES.test(file.path));
  return [
    {
      path: "wrangler.jsonc",
      body: wranglerConfig({ name: slugify(name) || "my-site", main: "worker.js", assets: "dist" }),
    },
    { path: "worker.js", body: WORKER_ENTRY },
  ];
}

/**
 * What a site on `host` installs for its local preview: Wrangler for
 * Cloudflare, at the range sitegen itself is tested with. (Netlify's
 * emulator and Deno are larger, and `serve --netlify` says how to add them.)
 */
export function hostDevDependencies(host: HostName): Record<string, string> {
  return host === "cloudflare" ? { wrangler: packageJson.devDependencies.wrangler } : {};
}

/**
 * package.json with `add` among its development dependencies, each that it
 * has under neither `dependencies` nor `devDependencies`, keeping its
 * indentation and everything else; undefined when it has them all.
 */
export function withDevDependencies(
  text: string,
  add: Record<string, string>,
): { text: string; added: string[] } | undefined {
  const manifest = JSON.parse(text) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const missing = Object.entries(add).filter(
    ([name]) => manifest.dependencies?.[name] === undefined && manifest.devDependencies?.[name] === undefined,
  );
  if (missing.length === 0) return undefined;
  // npm keeps the lists sorted by name.
  manifest.devDependencies = Object.fromEntries(
    [...Object.entries(manifest.devDependencies ?? {}), ...missing].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    ),
  );
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
  return {
    text: `${JSON.stringify(manifest, null, indent)}${text.endsWith("\n") ? "\n" : ""}`,
    added: missing.map(([name]) => name),
  };
}

/** The package.json of a new site on `host`: sitegen as its dependency, what the host's preview needs as development ones. */
export function sitePackage(options: { name: string; dependency: string; host: HostName }): string {
  const devDependencies = hostDevDependencies(options.host);
  const site = {
    name: slugify(options.name) || "my-site",
    private: true,
    type: "module",
    scripts: { build: "sitegen build", check: "sitegen check", start: "sitegen serve --watch" },
    dependencies: { [packageJson.name]: options.dependency },
    ...(Object.keys(devDependencies).length > 0 ? { devDependencies } : {}),
  };
  return `${JSON.stringify(site, null, 2)}\n`;
}

/** `.gitignore` as the site has it, with each line of `wanted` it lacks added at its end, after `note` (a comment saying whose they are). */
export function gitignoreWith(existing: string, wanted: string, note = "# sitegen"): string {
  // `node_modules` and `node_modules/` both keep the folder out.
  const entry = (line: string) => line.trim().replace(/\/$/, "");
  const has = new Set(existing.split(/\r?\n/).map(entry));
  const missing = wanted.split("\n").filter((line) => entry(line) !== "" && !has.has(entry(line)));
  if (missing.length === 0) return existing;
  return `${existing}${existing === "" || existing.endsWith("\n") ? "" : "\n"}${note ? `${note}\n` : ""}${missing.join("\n")}\n`;
}

/** What the site has of what adding a host touches. */
export interface SiteFiles {
  /** Whether the site has a file at this path. */
  has(path: string): boolean;
  packageJson?: string;
  gitignore?: string;
}

export interface HostPlan {
  /** Files to write: the host's the site lacks, and package.json and .gitignore where they change. */
  write: InitFile[];
  /** The host's files the site has already, left as they are. */
  kept: string[];
  /** Development dependencies added to package.json. */
  added: string[];
}

/** What `sitegen host add <host>` writes into a site called `name`. */
export function planHostAdd(host: HostName, starter: InitFile[], site: SiteFiles, name: string): HostPlan {
  const files = hostFiles(host, starter, name);
  const write = files.filter((file) => !site.has(file.path));
  const kept = files.filter((file) => site.has(file.path)).map((file) => file.path);
  const devDependencies = hostDevDependencies(host);
  let added: string[] = [];
  if (site.packageJson === undefined) {
    write.push({
      path: "package.json",
      body: sitePackage({ name, dependency: `^${packageJson.version}`, host }),
    });
    added = Object.keys(devDependencies);
  } else {
    const changed = withDevDependencies(site.packageJson, devDependencies);
    if (changed !== undefined) {
      write.push({ path: "package.json", body: changed.text });
      added = changed.added;
    }
  }
  const gitignore = gitignoreWith(site.gitignore ?? "", HOST_STATE[host]);
  if (gitignore !== (site.gitignore ?? "")) write.push({ path: ".gitignore", body: gitignore });
  return { write, kept, added };
}

/** Adds `host`'s files to the site in `dir`, which must hold one (content/site.yaml). */
export async function addHost(dir: string, host: HostName, starter: InitFile[]): Promise<HostPlan> {
  if (!existsSync(join(dir, "content/site.yaml"))) {
    throw new SitegenError("E_USAGE", `${dir} holds no sitegen site (no content/site.yaml)`, {
      hint: "run `sitegen host add` in the site's folder, the one that holds content/ and templates/",
    });
  }
  const read = (path: string) =>
    readFile(join(dir, path), "utf8").catch((error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" ? undefined : Promise.reject(error),
    );
  const site: SiteFiles = {
    has: (path) => existsSync(join(dir, path)),
    packageJson: await read("package.json"),
    gitignore: await read(".gitignore"),
  };
  if (site.packageJson !== undefined) {
    try {
      JSON.parse(site.packageJson);
    } catch (error) {
      throw new SitegenError("E_CONTENT", `package.json is not JSON: ${(error as Error).message}`, {
        location: { file: join(dir, "package.json") },
        hint: "fix it, then run `sitegen host add` again; nothing was written",
      });
    }
  }
  const plan = planHostAdd(host, starter, site, basename(resolve(dir)));
  for (const file of plan.write) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    // The host's own files are new (`wx` refuses one that appeared meanwhile); package.json and .gitignore are the site's, changed by adding only.
    await writeFile(path, file.body, {
      flag: file.path === "package.json" || file.path === ".gitignore" ? "w" : "wx",
    });
  }
  return plan;
}

/** The host the site in `dir` builds for when `--host` does not say: site.yaml's `host`, Netlify by default. */
export async function siteHost(dir: string): Promise<{ host: string; written: boolean }> {
  const site = parse(await readFile(join(dir, "content/site.yaml"), "utf8")) as { host?: unknown } | null;
  return typeof site?.host === "string"
    ? { host: site.host, written: true }
    : { host: "netlify", written: false };
}

/** The development dependencies `host`'s preview needs that the site in `dir` has not installed. */
export function notInstalled(dir: string, host: HostName): string[] {
  return Object.keys(hostDevDependencies(host)).filter(
    (name) => !existsSync(join(dir, "node_modules", name, "package.json")),
  );
}

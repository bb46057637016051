/**
 * `sitegen import <source> <dir>`: a Jekyll, Hugo or Eleventy site moved into
 * a sitegen site, as Hugo's `hugo import jekyll` moves one. A new folder gets
 * the starter first (`sitegen init`), and the moved files take the place of
 * its sample pages; an existing site gets files added and never overwritten.
 * Every post's old address becomes one of its aliases, so every inbound link
 * keeps working.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseDocument } from "yaml";
import { displayFrom } from "../content/tree.ts";
import { canonicalTag } from "../content/languages.ts";
import { SitegenError } from "../errors.ts";
import { createSite } from "../init/init.ts";
import { ELEVENTY_CONFIGS, readEleventy } from "./eleventy.ts";
import { HUGO_CONFIGS, readHugo } from "./hugo.ts";
import { readJekyll } from "./jekyll.ts";
import type { Generator, ImportedSite } from "./model.ts";
import { planImport, type ImportPlan } from "./plan.ts";

export interface ImportResult extends ImportPlan {
  generator: Generator;
  /** Whether the folder was new, and got the starter first. */
  created: boolean;
  written: string[];
  /** Planned files that were there already, and were left as they were. */
  existing: string[];
  left: ImportedSite["left"];
  site: ImportedSite["site"];
}

const SAMPLE_POST = "content/blog/hello-world.md";

export function detectGenerator(source: string): Generator | undefined {
  if (existsSync(join(source, "_config.yml")) || existsSync(join(source, "_config.yaml")) || existsSync(join(source, "_posts"))) return "jekyll";
  if (HUGO_CONFIGS.some((name) => existsSync(join(source, name)))) return "hugo";
  if (ELEVENTY_CONFIGS.some((name) => existsSync(join(source, name)))) return "eleventy";
  return undefined;
}

export async function importSite(options: { source: string; dir: string; cwd: string; date: string }): Promise<ImportResult> {
  const source = resolve(options.cwd, options.source);
  const dir = resolve(options.cwd, options.dir);
  const display = displayFrom(options.cwd);
  const generator = existsSync(source) ? detectGenerator(source) : undefined;
  if (!generator) {
    throw new SitegenError("E_USAGE", `${options.source} is not a Jekyll, Hugo or Eleventy site`, { hint: "name the folder that holds _config.yml (Jekyll), hugo.toml or config.toml (Hugo), or eleventy.config.js (Eleventy)" });
  }
  const site = generator === "jekyll" ? readJekyll(source, display) : generator === "hugo" ? readHugo(source, display) : readEleventy(source, display);
  const created = isNew(dir);
  if (!created && !existsSync(join(dir, "content/site.yaml"))) {
    throw new SitegenError("E_USAGE", `${options.dir} holds files but no sitegen site (no content/site.yaml)`, { hint: "name a new folder, or a sitegen site to add the posts to" });
  }
  const starter = new Set(created ? await createSite(dir, { date: options.date }) : []);
  if (created) await describeSite(join(dir, "content/site.yaml"), site.site);
  const plan = planImport(site, { date: options.date });
  // The starter's sample post is no part of a moved blog.
  if (created && site.posts.length > 0 && starter.has(SAMPLE_POST)) await rm(join(dir, SAMPLE_POST));
  const written: string[] = [];
  const existing: string[] = [];
  for (const file of plan.files) {
    const path = join(dir, file.path);
    // The starter's sample pages give way to the site's own; nothing else is ever overwritten.
    const replace = starter.has(file.path);
    if (existsSync(path) && !replace) {
      existing.push(file.path);
      continue;
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.body, { flag: replace ? "w" : "wx" });
    written.push(file.path);
  }
  return { ...plan, generator, created, written, existing, left: site.left, site: site.site };
}

function isNew(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/** The new site's site.yaml with what the source's configuration says: name, summary, origin, language; comments kept. */
async function describeSite(file: string, facts: ImportedSite["site"]): Promise<void> {
  const document = parseDocument(await readFile(file, "utf8"));
  if (facts.name) document.set("name", facts.name);
  if (facts.description) document.set("summary", facts.description.trim());
  const origin = facts.baseUrl && /^https?:\/\/[^/?#]+/.exec(facts.baseUrl)?.[0];
  if (origin) document.set("base_url", origin);
  const language = facts.language && canonicalTag(facts.language);
  if (language) document.set("languages", document.createNode([language], { flow: true }));
  await writeFile(file, document.toString());
}

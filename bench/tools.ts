/** The tools the builds are compared across: sitegen, Eleventy, Hugo (with and without highlighting) and the bare script, each found or installed. */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ContentTree } from "./builds.ts";
import { aptInstall } from "./measure.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { outputsOf } from "./outputs.ts";
import { WarmBuilds } from "./warm.ts";

export type ToolId = "sitegen" | "sitegen-warm" | "eleventy" | "hugo" | "hugo-default" | "bare";

export interface Tool {
  id: ToolId;
  label: string;
  /** What it produces, for the report. */
  does: string;
  version: string;
  available: boolean;
  reason?: string;
  /** It renders the fixed pages too (the bare script renders posts only). */
  fixedPages: boolean;
  command(content: string, out: string): { command: string; args: string[]; cwd?: string };
  /** Before each run, not timed. */
  prepare?(tree: ContentTree, out: string): void;
  /** What the first run's output must show besides every post's page. */
  verify?(tree: ContentTree, out: string): string[];
  /** Measured only on trees of at most this many posts. */
  upTo?: number;
}

export function packageVersion(name: string): string {
  try {
    return (
      JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  } catch {
    return "not installed";
  }
}

export function hugoVersion(): string | undefined {
  const probe = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return undefined;
  return /v?(\d+\.\d+\.\d+[^\s]*)/.exec(probe.stdout)?.[1] ?? probe.stdout.trim();
}

export function findTools(options: BenchOptions, log: (line: string) => void): Tool[] {
  const sitegenBin = join(ROOT, "bin/sitegen.js");
  const eleventyBin = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
  const ownVersion = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string })
    .version;
  const tools: Tool[] = [];
  if (!options.skip.has("sitegen")) {
    tools.push({
      id: "sitegen",
      label: "sitegen",
      does: "the whole job: HTML and `.md` sibling of every page, blog index, sitemap, OpenAPI, llms files, CDN rules, negotiation table; cold: its build cache in a new, empty folder, as a first CI build without a cache restored (it fills the folder)",
      version: ownVersion,
      available: existsSync(sitegenBin),
      reason: existsSync(sitegenBin) ? undefined : "bin/sitegen.js is missing",
      fixedPages: true,
      command: (content, out) => ({
        command: process.execPath,
        args: [sitegenBin, "build", "--content", content, "--out", out, "--cache", `${out}-cache`, "--quiet"],
      }),
    });
  }
  if (!options.skip.has("sitegen") && !options.skip.has("warm")) {
    const warm = new WarmBuilds({
      root: ROOT,
      work: join(outputsOf(options), "warm"),
      timeoutMs: 15 * 60_000,
    });
    tools.push({
      id: "sitegen-warm",
      label: "sitegen, warm (default)",
      does: `the same job as a CI build after a one-post commit with the build cache restored, as sitegen builds by default (no flag: \`.sitegen-cache/\` in the working folder); measured up to ${options.warmUpTo.toLocaleString("en-US")} posts (bench/warm.ts)`,
      version: ownVersion,
      available: existsSync(sitegenBin),
      reason: existsSync(sitegenBin) ? undefined : "bin/sitegen.js is missing",
      fixedPages: true,
      command: (content, out) => warm.command(content, out),
      prepare: (tree, out) => warm.prepare(tree, out),
      verify: (tree, out) => warm.verify(tree, out),
      upTo: options.warmUpTo,
    });
  }
  if (!options.skip.has("eleventy")) {
    tools.push({
      id: "eleventy",
      label: "Eleventy",
      does: "HTML of every page with a minimal Liquid layout, blog index (bench/eleventy/)",
      version: packageVersion("@11ty/eleventy"),
      available: existsSync(eleventyBin),
      reason: existsSync(eleventyBin) ? undefined : "@11ty/eleventy is not installed (npm install)",
      fixedPages: true,
      command: (content, out) => ({
        command: process.execPath,
        args: [
          eleventyBin,
          `--config=${join(ROOT, "bench/eleventy/eleventy.config.js")}`,
          `--input=${content}`,
          `--output=${out}`,
          "--quiet",
        ],
      }),
    });
  }
  if (!options.skip.has("hugo") || !options.skip.has("hugo-default")) {
    let version = hugoVersion();
    let reason: string | undefined;
    if (!version && options.install) {
      reason = aptInstall("hugo", log);
      version = hugoVersion();
    }
    if (!version) reason ??= "the hugo command is not installed";
    // Hugo writes a lock file and a resources folder into its site folder: give it a copy.
    const site = join(options.work, "hugo-site");
    if (version) cpSync(join(ROOT, "bench/hugo"), site, { recursive: true });
    const hugo = (configs: string) => (content: string, out: string) => ({
      command: "hugo",
      args: [
        "--quiet",
        "--source",
        site,
        "--config",
        configs,
        "--contentDir",
        content,
        "--destination",
        out,
        "--cacheDir",
        join(options.work, "hugo-cache"),
      ],
    });
    if (!options.skip.has("hugo")) {
      tools.push({
        id: "hugo",
        label: "Hugo, no highlighting",
        does: "HTML of every page with a minimal layout, blog index, sitemap; code fences not highlighted, for reference (bench/hugo/, hugo.toml + nohighlight.toml)",
        version: version ?? "unavailable",
        available: Boolean(version),
        reason,
        fixedPages: true,
        command: hugo("hugo.toml,nohighlight.toml"),
      });
    }
    if (!options.skip.has("hugo-default")) {
      tools.push({
        id: "hugo-default",
        label: "Hugo, default (highlighting)",
        does: "the same with Hugo's default Chroma highlighting of code fences, which sitegen does too (bench/hugo/hugo.toml)",
        version: version ?? "unavailable",
        available: Boolean(version),
        reason,
        fixedPages: true,
        command: hugo("hugo.toml"),
      });
    }
  }
  if (!options.skip.has("bare")) {
    const bare = join(ROOT, "bench/bare.mjs");
    tools.push({
      id: "bare",
      label: "bare script (the floor)",
      does: "each post's HTML (markdown-it, fenced code highlighted with highlight.js, no template) and Markdown, a sitemap and a JSON index, in one thread with nothing else: the least a generator can do with the same libraries (bench/bare.mjs)",
      version: `node ${process.version}, markdown-it ${packageVersion("markdown-it")}, highlight.js ${packageVersion("highlight.js")}, yaml ${packageVersion("yaml")}`,
      available: existsSync(bare),
      reason: existsSync(bare) ? undefined : "bench/bare.mjs is missing",
      fixedPages: false,
      command: (content, out) => ({ command: process.execPath, args: [bare, content, out] }),
    });
  }
  return tools;
}

/**
 * sitegen's warm build as a tool of the build comparison: what a CI build
 * after a one-post commit pays with the build cache restored, sitegen's
 * default (no flag: the cache is `.sitegen-cache/` in the working folder).
 *
 * For each content tree, once and before any clock starts: a build of the
 * tree fills a cache folder (the seed), and a copy of the tree is made with
 * one post's first sentence rewritten (fresh modification times, as a
 * checkout has). Before each measured run, the run's working folder gets a
 * copy of the seed as its `.sitegen-cache/`, so every run is the same
 * one-post-changed build, not a rebuild of what the previous run cached.
 * The first run's output must show the edit, so that a build that skipped
 * the change cannot pass for a fast one.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { savePostEdit } from "./edit.ts";
import type { ContentTree } from "./builds.ts";

/** The folder sitegen keeps its cache in when `--cache` does not say (src/write/cache-folder.ts). */
const DEFAULT_CACHE = ".sitegen-cache";

interface WarmTree {
  /** The copy with one post changed, which the warm runs build. */
  content: string;
  /** The filled cache folder, copied into each run's working folder. */
  seed: string;
  slug: string;
  marker: string;
}

export class WarmBuilds {
  private readonly trees = new Map<string, WarmTree>();

  constructor(private readonly options: { root: string; work: string; timeoutMs: number }) {}

  /** Before a run (not timed): the tree's seed and copy, once; then a fresh working folder with the seed's cache. */
  prepare(tree: ContentTree, out: string): void {
    const warm = this.treeOf(tree);
    const cwd = this.cwdOf(out);
    rmSync(cwd, { recursive: true, force: true });
    mkdirSync(cwd, { recursive: true });
    cpSync(warm.seed, join(cwd, DEFAULT_CACHE), { recursive: true });
  }

  command(content: string, out: string): { command: string; args: string[]; cwd: string } {
    const warm = this.trees.get(content);
    if (!warm) throw new Error(`no warm state for ${content}: prepare() first`);
    const args = [
      join(this.options.root, "bin/sitegen.js"),
      "build",
      "--content",
      warm.content,
      "--templates",
      join(this.options.root, "templates"),
      "--out",
      out,
      "--quiet",
    ];
    return { command: process.execPath, args, cwd: this.cwdOf(out) };
  }

  /** The warm build showed the edited post changed. */
  verify(tree: ContentTree, out: string): string[] {
    const warm = this.trees.get(tree.dir);
    const page = join(out, "blog", warm?.slug ?? "", "index.html");
    if (!warm || !existsSync(page) || !readFileSync(page, "utf8").includes(warm.marker))
      return [`the warm build's /blog/${warm?.slug}/ does not show the edit`];
    return [];
  }

  private cwdOf(out: string): string {
    return `${out}-cwd`;
  }

  private treeOf(tree: ContentTree): WarmTree {
    const known = this.trees.get(tree.dir);
    if (known) return known;
    const dir = join(this.options.work, `warm-${this.trees.size + 1}`);
    rmSync(dir, { recursive: true, force: true });
    const seedCwd = join(dir, "seed");
    mkdirSync(seedCwd, { recursive: true });
    const filled = spawnSync(
      process.execPath,
      [
        join(this.options.root, "bin/sitegen.js"),
        "build",
        "--content",
        tree.dir,
        "--templates",
        join(this.options.root, "templates"),
        "--out",
        join(dir, "seed-out"),
        "--quiet",
      ],
      { cwd: seedCwd, encoding: "utf8", timeout: this.options.timeoutMs },
    );
    if (filled.status !== 0)
      throw new Error(
        `the build that fills the cache exited ${filled.status}: ${`${filled.stdout}\n${filled.stderr}`.trim().split("\n").slice(-3).join(" | ")}`,
      );
    const content = join(dir, "content");
    cpSync(tree.dir, content, { recursive: true });
    const slug = tree.slugs[Math.floor(tree.slugs.length / 2)];
    const marker = `benchwarm${tree.posts}`;
    savePostEdit(join(content, "blog", `${slug}.md`), marker, { title: false });
    const warm = { content, seed: join(seedCwd, DEFAULT_CACHE), slug, marker };
    this.trees.set(tree.dir, warm);
    return warm;
  }
}

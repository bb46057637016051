/**
 * The two servers of the watch bench, each on a copy of the content:
 * `sitegen serve --watch` and `hugo server`, with what each is asked after
 * an edit (sitegen: the page as HTML and as Markdown, and the blog index when
 * the title changed; Hugo: the page).
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { freePort, startServer, type ServerProcess } from "./server-process.ts";
import { stats } from "./stats.ts";
import type { ServerWatch, WatchBenchOptions } from "./watch.ts";
import { BROWSER, showsChange, type Check } from "./watch-timing.ts";

export interface Watched {
  name: string;
  command: string;
  server: ServerProcess;
  startMs: number;
  contentDir: string;
  layout: string;
  /** What to ask for after an edit of `slug`. */
  checks(slug: string, marker: string, title: boolean): Check[];
  result: ServerWatch;
}

export async function startSitegen(options: WatchBenchOptions, pollMs: number): Promise<Watched> {
  const dir = join(options.work, "sitegen");
  const contentDir = join(dir, "content");
  const templatesDir = join(dir, "templates");
  cpSync(options.content, contentDir, { recursive: true });
  cpSync(join(options.root, "templates"), templatesDir, { recursive: true });
  const args = [
    join(options.root, "bin/sitegen.js"),
    "serve",
    "--watch",
    "--port",
    "0",
    "--host",
    "127.0.0.1",
    "--content",
    contentDir,
    "--templates",
    templatesDir,
    "--dir",
    join(dir, "dist"),
  ];
  const started = performance.now();
  const server = await startServer({
    command: process.execPath,
    args,
    cwd: options.root,
    env: { ...process.env, NO_COLOR: "1" },
    timeoutMs: options.timeoutMs,
  });
  const startMs = performance.now() - started;
  const name = "sitegen serve --watch";
  return {
    name,
    command:
      "node bin/sitegen.js serve --watch --port 0 --content <copy> --templates <copy> --dir <new folder>",
    server,
    startMs,
    contentDir,
    layout: join(templatesDir, "layout.html"),
    checks: (slug, marker, title) => [
      showsChange("HTML", `${server.origin}/blog/${slug}/`, BROWSER, marker),
      showsChange("Markdown", `${server.origin}/blog/${slug}/`, "text/markdown", marker),
      ...(title
        ? [showsChange("blog index", `${server.origin}/blog-index.json`, "application/json", marker)]
        : []),
    ],
    result: { name, command: "", startMs, postEdits: [], postEditMs: stats([]), problems: [] },
  };
}

export async function startHugo(
  options: WatchBenchOptions,
  hugo: NonNullable<WatchBenchOptions["hugo"]>,
): Promise<Watched> {
  const dir = join(options.work, "hugo");
  const contentDir = join(dir, "content");
  const site = join(dir, "site");
  cpSync(options.content, contentDir, { recursive: true });
  cpSync(hugo.site, site, { recursive: true });
  // `hugo server` takes no port 0: a free one, on loopback.
  const port = await freePort();
  const args = [
    "server",
    "--watch",
    "--bind",
    "127.0.0.1",
    "--port",
    String(port),
    "--source",
    site,
    "--config",
    hugo.configs,
    "--contentDir",
    contentDir,
    "--cacheDir",
    hugo.cacheDir,
  ];
  const started = performance.now();
  const server = await startServer({
    command: "hugo",
    args,
    cwd: dir,
    timeoutMs: options.timeoutMs,
    ready: new RegExp(`http://(?:localhost|127\\.0\\.0\\.1):(${port})/`),
  });
  const startMs = performance.now() - started;
  const name = "hugo server";
  return {
    name,
    command: `hugo server --watch --bind 127.0.0.1 --port <free port> --config ${hugo.configs} --contentDir <copy>`,
    server,
    startMs,
    contentDir,
    layout: join(site, "layouts/_default/baseof.html"),
    checks: (slug, marker) => [showsChange("HTML", `${server.origin}/blog/${slug}/`, BROWSER, marker)],
    result: { name, command: "", startMs, postEdits: [], postEditMs: stats([]), problems: [] },
  };
}

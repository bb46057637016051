/**
 * Rebuild while writing: how long an author waits, in `sitegen serve --watch`
 * on a large blog, from saving a post to the preview server answering with the
 * change, compared with `hugo server` for the same edit.
 *
 * Each server works on its own copy of the content (the synthetic tree itself
 * is never edited) and both run at once, idle between edits; the edits
 * alternate between them. An edit rewrites the first sentence of one post (every
 * other edit its title too) and saves it as editors do, a temporary file
 * renamed over the post. The clock starts at the save; the bench then asks the
 * server every `pollMs` until it answers with the change:
 *
 * - sitegen: the post's page as HTML, the same URL with `Accept:
 *   text/markdown`, and, when the title changed, `/blog-index.json` listing the
 *   new title. The time of an edit is when the last of these showed it.
 * - Hugo: the post's page (Hugo has no Markdown representation or JSON index here).
 *
 * One template edit per server (an element added to the layout every page
 * uses) measures a full rebuild the same way, on one post's page.
 *
 * Between edits the bench waits for the server's output to go quiet and for
 * an idle machine, so that an edit never overlaps the previous rebuild.
 * Every wait is bounded, servers listen on loopback only and are stopped
 * whatever happens.
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { editTemplate, savePostEdit, saveAtomically } from "./edit.ts";
import { freePort, pollUntil, startServer, type ServerProcess } from "./server-process.ts";
import { stats, type Stats } from "./stats.ts";

export interface WatchBenchOptions {
  /** Repository root: bin/sitegen.js and templates/. */
  root: string;
  /** The synthetic content tree to copy. */
  content: string;
  posts: number;
  slugs: string[];
  /** The real site (`content/`), not a synthetic blog. */
  real?: true;
  /** A folder that does not exist yet, for the copies and the watch build. */
  work: string;
  edits: number;
  /** Longest wait for one edit to show, and for a server to start. */
  timeoutMs: number;
  pollMs?: number;
  /** `hugo server` beside sitegen; undefined to measure sitegen alone. */
  hugo?: { site: string; configs: string; cacheDir: string };
  /** Before each edit: flush writes and wait for a quiet machine. */
  settle(): Promise<void>;
  log(line: string): void;
}

export interface EditTiming {
  edit: number;
  slug: string;
  /** The title changed too. */
  title: boolean;
  /** ms from the save to the first answer showing the change, per thing checked. */
  seenMs: Record<string, number>;
  /** The last of `seenMs`: when everything showed the change. */
  totalMs: number;
  ok: boolean;
  problem?: string;
}

export interface ServerWatch {
  name: string;
  command: string;
  /** From start to serving the first build. */
  startMs: number;
  postEdits: EditTiming[];
  /** Over the edits that showed. */
  postEditMs: Stats;
  templateEdit?: EditTiming;
  problems: string[];
}

export interface WatchResult {
  posts: number;
  real?: true;
  pollMs: number;
  servers: ServerWatch[];
}

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

interface Watched {
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

interface Check {
  name: string;
  /** True once the answer shows the change. */
  check(): Promise<boolean>;
}

/**
 * Asks for `url` as a browser reloading a page does: with the ETag of its
 * last answer in `If-None-Match`, so a 304 (the server says nothing changed)
 * is not the change, and polling a large file costs the server little. True
 * when the answer is 200 and its body contains `marker`.
 */
function showsChange(name: string, url: string, accept: string, marker: string): Check {
  let etag: string | null = null;
  return {
    name,
    async check() {
      const response = await fetch(url, { headers: etag ? { accept, "if-none-match": etag } : { accept } });
      if (response.status === 304) return false;
      etag = response.headers.get("etag");
      return response.status === 200 && (await response.text()).includes(marker);
    },
  };
}

/** Waits until the server has printed nothing for `quietMs` (at most `maxMs`): its rebuild is over. */
async function quietOutput(server: ServerProcess, quietMs: number, maxMs: number): Promise<void> {
  const deadline = performance.now() + maxMs;
  let last = server.output();
  let since = performance.now();
  while (performance.now() < deadline && performance.now() - since < quietMs) {
    await new Promise((done) => setTimeout(done, 50));
    const now = server.output();
    if (now !== last) {
      last = now;
      since = performance.now();
    }
  }
}

/** Saves an edit and times each check until it passes; bounded by `timeoutMs`. */
async function timeEdit(
  save: () => void,
  checks: Check[],
  timeoutMs: number,
  pollMs: number,
): Promise<Pick<EditTiming, "seenMs" | "totalMs" | "ok" | "problem">> {
  const seenMs: Record<string, number> = {};
  // Each check asks once before the save: the answer it will revalidate, which must not show the change yet.
  const early = (
    await Promise.all(checks.map(async (entry) => ((await entry.check()) ? entry.name : undefined)))
  ).filter(Boolean);
  if (early.length > 0)
    return {
      seenMs,
      totalMs: NaN,
      ok: false,
      problem: `${early.join(", ")} showed the change before the save`,
    };
  const saved = performance.now();
  save();
  const deadline = saved + timeoutMs;
  const pending = new Set(checks);
  // Every check asked each time round, so that each is timed on its own.
  await pollUntil(
    async () => {
      await Promise.all(
        [...pending].map(async (entry) => {
          if (await entry.check().catch(() => false)) {
            seenMs[entry.name] = performance.now() - saved;
            pending.delete(entry);
          }
        }),
      );
      return pending.size === 0;
    },
    deadline,
    pollMs,
  );
  const ok = pending.size === 0;
  return {
    seenMs,
    totalMs: ok ? Math.max(...Object.values(seenMs)) : NaN,
    ok,
    problem: ok
      ? undefined
      : `${[...pending].map((entry) => entry.name).join(", ")} did not show the change within ${Math.round(timeoutMs / 1000)} s`,
  };
}

async function startSitegen(options: WatchBenchOptions, pollMs: number): Promise<Watched> {
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

async function startHugo(
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

export async function benchWatch(options: WatchBenchOptions): Promise<WatchResult> {
  const pollMs = options.pollMs ?? 10;
  const running: Watched[] = [];
  const failedToStart: ServerWatch[] = [];
  try {
    options.log(`rebuild while writing: sitegen serve --watch at ${options.posts} posts`);
    running.push(await startSitegen(options, pollMs));
    if (options.hugo) {
      options.log(`rebuild while writing: hugo server at ${options.posts} posts`);
      // Without Hugo, sitegen's figures still stand.
      try {
        running.push(await startHugo(options, options.hugo));
      } catch (error) {
        failedToStart.push({
          name: "hugo server",
          command: "hugo server",
          startMs: NaN,
          postEdits: [],
          postEditMs: stats([]),
          problems: [`did not start: ${(error as Error).message.split("\n")[0]}`],
        });
      }
    }
    for (const watched of running) {
      watched.result.command = watched.command;
      // The first build is served; is a post there as expected?
      const slug = options.slugs[0];
      const response = await fetch(`${watched.server.origin}/blog/${slug}/`, {
        headers: { accept: BROWSER },
      });
      await response.arrayBuffer();
      if (response.status !== 200)
        watched.result.problems.push(`/blog/${slug}/ answered ${response.status} before any edit`);
    }

    for (let edit = 1; edit <= options.edits; edit++) {
      // Posts spread over the blog; every other edit changes the title too.
      const slug = options.slugs[Math.floor(((edit - 0.5) * options.slugs.length) / options.edits)];
      const title = edit % 2 === 0;
      const marker = `benchedit${edit}n${options.posts}`;
      for (const watched of running) {
        await quietOutput(watched.server, 300, options.timeoutMs);
        await options.settle();
        const file = join(watched.contentDir, "blog", `${slug}.md`);
        const timing = await timeEdit(
          () => savePostEdit(file, marker, { title }),
          watched.checks(slug, marker, title),
          options.timeoutMs,
          pollMs,
        );
        watched.result.postEdits.push({ edit, slug, title, ...timing });
        if (timing.problem) watched.result.problems.push(`edit ${edit} (${slug}): ${timing.problem}`);
        options.log(
          `${watched.name}, edit ${edit}${title ? " (with title)" : ""}: ${
            timing.ok
              ? `${Math.round(timing.totalMs)} ms (${Object.entries(timing.seenMs)
                  .map(([k, v]) => `${k} ${Math.round(v)} ms`)
                  .join(", ")})`
              : timing.problem
          }`,
        );
      }
    }

    const marker = `benchtemplate${options.posts}`;
    const slug = options.slugs[options.slugs.length - 1];
    for (const watched of running) {
      await quietOutput(watched.server, 300, options.timeoutMs);
      await options.settle();
      const layout = readFileSync(watched.layout, "utf8");
      const timing = await timeEdit(
        () => saveAtomically(watched.layout, editTemplate(layout, marker)),
        [showsChange("HTML", `${watched.server.origin}/blog/${slug}/`, BROWSER, `data-edit="${marker}"`)],
        options.timeoutMs,
        pollMs,
      );
      watched.result.templateEdit = { edit: 0, slug, title: false, ...timing };
      if (timing.problem) watched.result.problems.push(`template edit: ${timing.problem}`);
      options.log(
        `${watched.name}, template edit: ${timing.ok ? `${Math.round(timing.totalMs)} ms` : timing.problem}`,
      );
    }
  } finally {
    await Promise.all(running.map((watched) => watched.server.stop()));
  }
  for (const watched of running)
    watched.result.postEditMs = stats(watched.result.postEdits.filter((e) => e.ok).map((e) => e.totalMs));
  return {
    posts: options.posts,
    ...(options.real ? { real: true as const } : {}),
    pollMs,
    servers: [...running.map((watched) => watched.result), ...failedToStart],
  };
}

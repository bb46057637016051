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
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { editTemplate, savePostEdit, saveAtomically } from "./edit.ts";
import { stats, type Stats } from "./stats.ts";
import { startHugo, startSitegen, type Watched } from "./watch-servers.ts";
import { BROWSER, quietOutput, showsChange, timeEdit } from "./watch-timing.ts";

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

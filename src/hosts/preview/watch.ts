/**
 * `sitegen serve --watch`: builds, serves, and rebuilds when the content or the
 * templates change. Each rebuild goes through the same staged write and swap as
 * `sitegen build`, so a reader never sees a half-written folder, and a failed
 * rebuild leaves the last good build in place and being served. Open pages
 * reload through a Server-Sent Events channel that only watch builds link to.
 */
import { stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { build } from "../../build.ts";
import { stage } from "../../pipeline.ts";
import type { Listing } from "../../content/tree.ts";
import type { HostName } from "../../content/types.ts";
import { errorsOf, SitegenError } from "../../errors.ts";
import { describeFailure, FailedRun, findingsOfThrown } from "../../findings.ts";
import { NEGOTIATION_PATH } from "../../negotiation/table.ts";
import { newRenderMemo } from "../../render/render-context.ts";
import type { Written } from "../../write/output.ts";
import { PatchWriter, WatchMemory, type WrittenTexts } from "../../write/patch.ts";
import { watchFolders } from "./file-events.ts";
import { Rebuilds } from "./rebuilds.ts";
import { ReloadChannel, RELOAD_SCRIPT, RELOAD_SCRIPT_HASH } from "./reload.ts";
import { startPreview, type PreviewServer } from "./server.ts";
import { ToldFindings } from "./watch-findings.ts";

// The tests and the Cloudflare host read the reload script and its path where a watch session is started.
export { RELOAD_PATH, RELOAD_SCRIPT, RELOAD_SCRIPT_HASH } from "./reload.ts";

export interface WatchOptions {
  contentDir: string;
  templatesDir: string;
  /** The output folder, built into and served. */
  outDir: string;
  /** The folder the other paths are relative to. */
  cwd: string;
  host: string;
  port: number;
  baseUrl?: string;
  /** The time each build stands for (SOURCE_DATE_EPOCH, or now). */
  generated: () => Date;
  /** Render worker threads, as for `sitegen build`. */
  workers?: number;
  /** Show the drafts, marked (`sitegen serve --watch` does, unless `--no-drafts`). */
  drafts?: boolean;
  /**
   * Quiet time after the last change before rebuilding: an editor writes a
   * file in several steps (a temporary file, then a rename; or truncate, then
   * write), each within a millisecond or so of the last. Default 10 ms.
   */
  debounceMs?: number;
  log: (text: string) => void;
  logError: (text: string) => void;
  /** Called while a rebuild is swapped in, before the server reads the new negotiation data (see PreviewOptions.whileChanging). */
  whileSwapping?: () => Promise<void>;
  /** The CDN the builds are for, overriding site.yaml's `host`: `serve --watch --cloudflare` builds Cloudflare's rules. */
  cdn?: HostName;
  /**
   * A host of its own that answers the requests (Cloudflare's runtime),
   * started once a build exists to serve; the session's server stays in
   * front of it, with the reload channel, and holds requests while a
   * rebuild is swapped in until the host has taken it in.
   */
  upstream?: () => Promise<Upstream>;
}

/** A host behind the watch session's server (src/hosts/cloudflare/wrangler.ts). */
export interface Upstream {
  /** What it is, for the line that says where the site is served. */
  name: string;
  answer(request: Request): Promise<Response>;
  /** Called before the served folder changes; what it returns resolves once the host has taken the change in. */
  changing(): () => Promise<void>;
  /** Resolves if the host ends on its own. */
  ended?: Promise<SitegenError>;
  close(): Promise<void>;
}

export interface WatchSession {
  /** The server's URL; undefined until a build exists to serve. */
  readonly url: string | undefined;
  /** Resolves when no rebuild is waiting or running (for tests and a clean stop). */
  settled(): Promise<void>;
  /** Requests waiting, this moment, for a rebuild to be swapped in. */
  readonly waiting: number;
  /** Resolves if the host behind the server ends on its own (`upstream`). */
  readonly ended: Promise<SitegenError>;
  close(): Promise<void>;
}

export async function startWatch(options: WatchOptions): Promise<WatchSession> {
  const inCwd = (dir: string) => resolve(options.cwd, dir);
  for (const [flag, dir] of [
    ["--content", options.contentDir],
    ["--templates", options.templatesDir],
  ]) {
    if (
      !(await stat(inCwd(dir)).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      throw new SitegenError("E_USAGE", `cannot watch ${dir}: it is not a folder`, {
        hint: `name the folder with ${flag} <dir>`,
      });
  }
  const channel = new ReloadChannel();
  let preview: PreviewServer | undefined;
  let upstream: Upstream | undefined;
  let upstreamEnded!: (error: SitegenError) => void;
  const ended = new Promise<SitegenError>((done) => (upstreamEnded = done));
  const serve = async () => {
    upstream = await options.upstream?.();
    void upstream?.ended?.then(upstreamEnded);
    preview = await startPreview({
      dir: inCwd(options.outDir),
      host: options.host,
      port: options.port,
      intercept: channel.intercept,
      devScripts: [RELOAD_SCRIPT_HASH],
      upstream: upstream?.answer,
      log: options.log,
      whileChanging: options.whileSwapping,
    });
    options.log(
      `Serving ${options.outDir}/ ${upstream ? `through ${upstream.name} ` : ""}at ${preview.url} (watching ${options.contentDir}/ and ${options.templatesDir}/; Ctrl+C to stop)`,
    );
    options.log(
      `note: ${options.outDir}/ holds a watch build that reloads pages; run \`sitegen build\` before deploying it`,
    );
  };
  /** Makes `change` to the served folder while requests wait, until the host behind the server, if any, has taken it in. */
  const exclusively = (change: () => void | Promise<void>, changes = true) =>
    preview!.exclusively(async () => {
      const taken = changes ? upstream?.changing() : undefined;
      await change();
      await taken?.();
    });

  // The last good build: every file it wrote, and what the next rebuild may take from it.
  let served: Map<string, Written> | undefined;
  const memory = new WatchMemory();
  // What the last rebuild wrote from text, so the next need not hash the same text again.
  let texts: WrittenTexts = new Map();
  const memo = newRenderMemo();
  let templatesChanged = false;
  // A rebuild prints what the save changed of the findings, not every one again.
  const told = new ToldFindings();

  /**
   * One build; true when it succeeded. The first, and any after a change to
   * the templates or site.yaml, builds the whole site into a new folder and
   * swaps it in; any other patches the served folder: only the changed posts
   * are rendered, and only the files whose bytes changed are written.
   */
  const buildOnce = async (): Promise<boolean> => {
    const started = performance.now();
    const { contentDir, templatesDir, cwd, baseUrl } = options;
    const pipeline = {
      contentDir,
      templatesDir,
      cwd,
      baseUrl,
      host: options.cdn,
      generated: options.generated(),
      headExtra: RELOAD_SCRIPT,
      memo,
      drafts: options.drafts,
      postFiles: (list: () => Listing) => memory.postFiles(list),
    };
    try {
      let summary: string;
      if (!served || templatesChanged) {
        templatesChanged = false;
        // The swap and the server's reload of the negotiation data happen while requests wait: no reader sees new files with the old build's ETags.
        const swap = preview ? (commit: () => Promise<void>) => exclusively(commit) : undefined;
        const result = await build({
          ...pipeline,
          outDir: options.outDir,
          workers: options.workers,
          records: true,
          swap,
        });
        for (const line of told.succeeded(result.findings)) options.logError(line);
        [served, summary] = [result.written, `built ${result.pages} pages`];
        memory.save(result.records);
      } else {
        memory.begin();
        const patch = new PatchWriter(outDir, served, texts);
        const staged = await stage(pipeline, patch, memory);
        for (const line of told.succeeded(staged.findings)) options.logError(line);
        const { written, removed } = patch.changes;
        await (preview
          ? exclusively(() => patch.apply(), written.length + removed.length > 0)
          : patch.apply());
        [served, summary] = [
          patch.written,
          `rebuilt ${staged.manifest.routes.length} pages (${written.length} files changed${removed.length ? `, ${removed.length} removed` : ""})`,
        ];
        memory.save(staged.records);
        texts = patch.texts;
      }
      options.log(
        `✓ ${summary} in ${Math.round(performance.now() - started)} ms${channel.size ? `; reloading ${channel.size} open page(s)` : ""}`,
      );
      channel.reload();
      return true;
    } catch (error) {
      const report = describeFailure(error);
      const ours = error instanceof FailedRun || errorsOf(error) !== undefined;
      if (ours) for (const line of told.failed(findingsOfThrown(error))) options.logError(line);
      else options.logError(report);
      options.logError(
        `✗ build failed${preview ? `; still serving the last good build of ${options.outDir}/` : ""}`,
      );
      channel.fail(report);
      return false;
    }
  };

  const outDir = inCwd(options.outDir);
  // Hidden files, editor swap and backup files, and our own output are not sources.
  const ignored = (path: string) => {
    const absolute = resolve(path);
    return (
      /^\.|~$|\.sw[a-p]$|^4913$/.test(basename(absolute)) ||
      absolute === outDir ||
      absolute.startsWith(outDir + sep)
    );
  };
  const templatesDir = inCwd(options.templatesDir);
  const siteYaml = join(inCwd(options.contentDir), "site.yaml");
  const onChange = (path: string) => {
    const absolute = resolve(path);
    // Every page is made from the templates and site.yaml: a change to them rebuilds the whole site.
    if (absolute === siteYaml || absolute === templatesDir || absolute.startsWith(templatesDir + sep))
      templatesChanged = true;
    else memory.touched(absolute);
    rebuilds.changed(path);
  };
  const trees = [options.contentDir, options.templatesDir].map((dir) =>
    watchFolders(inCwd(dir), { ignored, onChange, onError: options.logError }),
  );
  const rebuilds = new Rebuilds({
    debounceMs: options.debounceMs ?? 10,
    log: options.log,
    display: (path) => relative(options.cwd, path),
    logError: (error) => options.logError(describeFailure(error)),
    async rebuild() {
      // Folders may have appeared or gone since the last build.
      await Promise.all(trees.map((tree) => tree.refresh()));
      if ((await buildOnce()) && !preview && !rebuilds.closed) await serve();
    },
  });
  await Promise.all(trees.map((tree) => tree.refresh()));

  const session: WatchSession = {
    get url() {
      return preview?.url;
    },
    settled: () => rebuilds.settled(),
    get waiting() {
      return preview?.waiting ?? 0;
    },
    ended,
    async close() {
      for (const tree of trees) tree.close();
      await rebuilds.close();
      channel.close();
      await preview?.close();
      await upstream?.close();
    },
  };

  try {
    // The first build goes through the same queue as rebuilds, so a change saved meanwhile never builds concurrently.
    await rebuilds.now();
    if (!preview) {
      if (
        await stat(join(outDir, NEGOTIATION_PATH)).then(
          () => true,
          () => false,
        )
      ) {
        options.logError(`serving the previous build of ${options.outDir}/ until the error is fixed`);
        await serve();
      } else {
        options.logError("the server starts after the first good build: fix the error and save");
      }
    }
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

/**
 * `sitegen serve --watch`: builds, serves, and rebuilds when the content or the
 * templates change. Each rebuild goes through the same staged write and swap as
 * `sitegen build`, so a reader never sees a half-written folder, and a failed
 * rebuild leaves the last good build in place and being served. Open pages
 * reload through a Server-Sent Events channel that only watch builds link to.
 */
import { createHash } from "node:crypto";
import { existsSync, statSync, watch, type FSWatcher } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, join, relative, resolve, sep } from "node:path";
import { build, stage } from "../../build.ts";
import type { Listing } from "../../content/tree.ts";
import type { HostName } from "../../content/types.ts";
import { errorsOf, SitegenError } from "../../errors.ts";
import { describeFailure, FailedRun, findingsOfThrown } from "../../findings.ts";
import { NEGOTIATION_PATH } from "../../negotiation/table.ts";
import { newRenderMemo } from "../../render/render-job.ts";
import type { Written } from "../../write/output.ts";
import { PatchWriter, WatchMemory, type WrittenTexts } from "../../write/patch.ts";
import { startPreview, type PreviewServer } from "./server.ts";
import { ToldFindings } from "./watch-findings.ts";

/** The event stream pages listen on; under /_sitegen/, which no content route can take. */
export const RELOAD_PATH = "/_sitegen/reload";

/**
 * Added to every page's <head> in watch builds only (`sitegen build` adds
 * nothing). EventSource reconnects by itself, and the `failed` event shows the
 * build error over the page until the next good build reloads it.
 */
export const RELOAD_SCRIPT = `<script type="module">
// sitegen serve --watch: reload after each rebuild, show a failed build's error.
const events = new EventSource(${JSON.stringify(RELOAD_PATH)});
events.addEventListener("reload", () => location.reload());
events.addEventListener("failed", (event) => {
  let box = document.getElementById("sitegen-build-error");
  if (!box) {
    box = document.createElement("pre");
    box.id = "sitegen-build-error";
    box.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;margin:0;padding:1em;z-index:2147483647;background:#fff4f4;color:#5c0000;border-top:4px solid #c00;font:13px/1.45 ui-monospace,monospace;white-space:pre-wrap";
    document.body.append(box);
  }
  box.textContent = JSON.parse(event.data);
});
</script>
`;

/**
 * The reload script's CSP hash source (CSP Level 3 §8.4: the digest of the
 * script element's text). Watch-mode's server allows this one inline script;
 * `sitegen build` output allows none.
 */
export const RELOAD_SCRIPT_HASH = `'sha256-${createHash("sha256").update(RELOAD_SCRIPT.slice(RELOAD_SCRIPT.indexOf(">") + 1, RELOAD_SCRIPT.lastIndexOf("</script>"))).digest("base64")}'`;

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
  for (const [flag, dir] of [["--content", options.contentDir], ["--templates", options.templatesDir]]) {
    if (!(await stat(inCwd(dir)).then((s) => s.isDirectory(), () => false))) throw new SitegenError("E_USAGE", `cannot watch ${dir}: it is not a folder`, { hint: `name the folder with ${flag} <dir>` });
  }
  const channel = new ReloadChannel();
  let preview: PreviewServer | undefined;
  let upstream: Upstream | undefined;
  let upstreamEnded!: (error: SitegenError) => void;
  const ended = new Promise<SitegenError>((done) => (upstreamEnded = done));
  const serve = async () => {
    upstream = await options.upstream?.();
    void upstream?.ended?.then(upstreamEnded);
    preview = await startPreview({ dir: inCwd(options.outDir), host: options.host, port: options.port, intercept: channel.intercept, devScripts: [RELOAD_SCRIPT_HASH], upstream: upstream?.answer, log: options.log, whileChanging: options.whileSwapping });
    options.log(`Serving ${options.outDir}/ ${upstream ? `through ${upstream.name} ` : ""}at ${preview.url} (watching ${options.contentDir}/ and ${options.templatesDir}/; Ctrl+C to stop)`);
    options.log(`note: ${options.outDir}/ holds a watch build that reloads pages; run \`sitegen build\` before deploying it`);
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
    const pipeline = { contentDir, templatesDir, cwd, baseUrl, host: options.cdn, generated: options.generated(), headExtra: RELOAD_SCRIPT, memo, drafts: options.drafts, postFiles: (list: () => Listing) => memory.postFiles(list) };
    try {
      let summary: string;
      if (!served || templatesChanged) {
        templatesChanged = false;
        // The swap and the server's reload of the negotiation data happen while requests wait: no reader sees new files with the old build's ETags.
        const swap = preview ? (commit: () => Promise<void>) => exclusively(commit) : undefined;
        const result = await build({ ...pipeline, outDir: options.outDir, workers: options.workers, records: true, swap });
        for (const line of told.succeeded(result.findings)) options.logError(line);
        [served, summary] = [result.written, `built ${result.pages} pages`];
        memory.save(result.records);
      } else {
        memory.begin();
        const patch = new PatchWriter(outDir, served, texts);
        const staged = await stage(pipeline, patch, memory);
        for (const line of told.succeeded(staged.findings)) options.logError(line);
        const { written, removed } = patch.changes;
        await (preview ? exclusively(() => patch.apply(), written.length + removed.length > 0) : patch.apply());
        [served, summary] = [patch.written, `rebuilt ${staged.manifest.routes.length} pages (${written.length} files changed${removed.length ? `, ${removed.length} removed` : ""})`];
        memory.save(staged.records);
        texts = patch.texts;
      }
      options.log(`✓ ${summary} in ${Math.round(performance.now() - started)} ms${channel.size ? `; reloading ${channel.size} open page(s)` : ""}`);
      channel.reload();
      return true;
    } catch (error) {
      const report = describeFailure(error);
      const ours = error instanceof FailedRun || errorsOf(error) !== undefined;
      if (ours) for (const line of told.failed(findingsOfThrown(error))) options.logError(line);
      else options.logError(report);
      options.logError(`✗ build failed${preview ? `; still serving the last good build of ${options.outDir}/` : ""}`);
      channel.fail(report);
      return false;
    }
  };

  const outDir = inCwd(options.outDir);
  // Hidden files, editor swap and backup files, and our own output are not sources.
  const ignored = (path: string) => {
    const absolute = resolve(path);
    return /^\.|~$|\.sw[a-p]$|^4913$/.test(basename(absolute)) || absolute === outDir || absolute.startsWith(outDir + sep);
  };
  const templatesDir = inCwd(options.templatesDir);
  const siteYaml = join(inCwd(options.contentDir), "site.yaml");
  const onChange = (path: string) => {
    const absolute = resolve(path);
    // Every page is made from the templates and site.yaml: a change to them rebuilds the whole site.
    if (absolute === siteYaml || absolute === templatesDir || absolute.startsWith(templatesDir + sep)) templatesChanged = true;
    else memory.touched(absolute);
    rebuilds.changed(path);
  };
  const trees = [options.contentDir, options.templatesDir].map((dir) => watchFolders(inCwd(dir), { ignored, onChange, onError: options.logError }));
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
      if (await stat(join(outDir, NEGOTIATION_PATH)).then(() => true, () => false)) {
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

/**
 * The Server-Sent Events channel watch builds' pages listen on: `reload`
 * after a good build; `failed`, with the error, after a bad one (and to a page
 * that connects while the last build is bad).
 */
class ReloadChannel {
  private readonly clients = new Set<ServerResponse>();
  private lastFailure: string | undefined;

  get size(): number {
    return this.clients.size;
  }

  readonly intercept = (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.url ?? "").split("?")[0] !== RELOAD_PATH) return false;
    response.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
    response.write("retry: 1000\n\n");
    if (this.lastFailure !== undefined) send(response, "failed", this.lastFailure);
    this.clients.add(response);
    response.on("close", () => this.clients.delete(response));
    return true;
  };

  reload(): void {
    this.lastFailure = undefined;
    this.broadcast("reload", "");
  }

  fail(report: string): void {
    this.lastFailure = report;
    this.broadcast("failed", report);
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(event: string, data: string): void {
    for (const client of this.clients) send(client, event, data);
  }
}

function send(response: ServerResponse, event: string, data: string): void {
  response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * Rebuilds one at a time: changes are gathered until the files have been
 * quiet for `debounceMs`, and a change during a rebuild queues one more.
 */
class Rebuilds {
  closed = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly pending = new Set<string>();

  constructor(private readonly options: { debounceMs: number; rebuild(): Promise<void>; log(text: string): void; logError(error: unknown): void; display(path: string): string }) {}

  changed(path: string): void {
    this.pending.add(path);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.now().catch((error: unknown) => this.options.logError(error));
    }, this.options.debounceMs);
  }

  /** Rebuilds now, or once more after the rebuild that is running. */
  now(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        this.announce();
        await this.options.rebuild();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async settled(): Promise<void> {
    while (!this.closed && (this.timer !== undefined || this.running)) await (this.running ?? new Promise((done) => setTimeout(done, this.options.debounceMs)));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** Names what changed; editors save through temporary files, so it names what is still there. */
  private announce(): void {
    const names = [...this.pending].sort();
    this.pending.clear();
    if (names.length === 0) return;
    const shown = names.filter((name) => existsSync(name));
    this.options.log(`changed ${this.options.display(shown[0] ?? names[0])}${names.length > 1 ? ` and ${names.length - 1} more` : ""}; rebuilding`);
  }
}

/**
 * Watches a folder and every folder below it, one non-recursive watcher each.
 * Node 20's recursive mode on Linux watches files, and loses a file that an
 * editor saves by writing a temporary file and renaming it over the old one;
 * a folder watcher sees that rename. `refresh()` follows folders that appear
 * or go; when every path seen to change since is a file, none did, and the
 * tree (ten thousand posts in one folder) is not listed again.
 */
function watchFolders(root: string, handlers: { ignored: (path: string) => boolean; onChange: (path: string) => void; onError: (text: string) => void }) {
  const watchers = new Map<string, FSWatcher>();
  const changed = new Set<string>();
  let listed = false;
  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, (_event, name) => {
        const path = name ? join(dir, String(name)) : dir;
        changed.add(path);
        if (!handlers.ignored(path)) handlers.onChange(path);
      });
      // A watched folder that is removed ends its watcher; the next refresh forgets it.
      watcher.on("error", () => watcher.close());
      watchers.set(dir, watcher);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") handlers.onError(`error: cannot watch ${dir}: ${(error as Error).message}`);
    }
  };
  return {
    async refresh(): Promise<void> {
      const folders = [...changed].some((path) => watchers.has(path) || (statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false));
      changed.clear();
      if (listed && !folders) return;
      listed = true;
      const dirs = new Set([root]);
      const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
      for (const entry of entries) {
        const path = join(entry.parentPath ?? entry.path, entry.name);
        if (entry.isDirectory() && !handlers.ignored(path) && !relative(root, path).split(sep).some((part) => part.startsWith("."))) dirs.add(path);
      }
      for (const [dir, watcher] of watchers) {
        if (!dirs.has(dir)) {
          watcher.close();
          watchers.delete(dir);
        }
      }
      for (const dir of [...dirs].sort()) add(dir);
    },
    close(): void {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * `sitegen serve --watch`: builds, serves, and rebuilds when the content or the
 * templates change. Each rebuild goes through the same staged write and swap as
 * `sitegen build`, so a reader never sees a half-written folder, and a failed
 * rebuild leaves the last good build in place and being served. Open pages
 * reload through a Server-Sent Events channel that only watch builds link to.
 */
import { createHash } from "node:crypto";
import { existsSync, watch, type FSWatcher } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, join, relative, resolve, sep } from "node:path";
import { build } from "../build.ts";
import { SitegenError, SitegenErrors } from "../errors.ts";
import { findingsOfThrown, formatFinding } from "../findings.ts";
import { NEGOTIATION_TABLE_FILE } from "../manifest.ts";
import { startPreview, type PreviewServer } from "./server.ts";

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
  host: string;
  port: number;
  baseUrl?: string;
  /** The time each build stands for (SOURCE_DATE_EPOCH, or now). */
  generated: () => Date;
  /** Render worker threads, as for `sitegen build`. */
  workers?: number;
  /** Quiet time after the last change before rebuilding: editors write a file in several steps. */
  debounceMs?: number;
  log: (text: string) => void;
  logError: (text: string) => void;
}

export interface WatchSession {
  /** The server's URL; undefined until a build exists to serve. */
  readonly url: string | undefined;
  /** Resolves when no rebuild is waiting or running (for tests and a clean stop). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startWatch(options: WatchOptions): Promise<WatchSession> {
  const debounceMs = options.debounceMs ?? 100;
  for (const [flag, dir] of [["--content", options.contentDir], ["--templates", options.templatesDir]]) {
    if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) throw new SitegenError("E_USAGE", `cannot watch ${dir}: it is not a folder`, { hint: `name the folder with ${flag} <dir>` });
  }

  const clients = new Set<ServerResponse>();
  let lastFailure: string | undefined;
  let preview: PreviewServer | undefined;
  let closed = false;

  const send = (response: ServerResponse, event: string, data: string) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const broadcast = (event: string, data = "") => {
    for (const client of clients) send(client, event, data);
  };

  const intercept = (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.url ?? "").split("?")[0] !== RELOAD_PATH) return false;
    response.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
    response.write("retry: 1000\n\n");
    if (lastFailure !== undefined) send(response, "failed", lastFailure);
    clients.add(response);
    response.on("close", () => clients.delete(response));
    return true;
  };

  const serve = async () => {
    preview = await startPreview({ dir: options.outDir, host: options.host, port: options.port, intercept, devScripts: [RELOAD_SCRIPT_HASH], log: options.log });
    options.log(`Serving ${options.outDir}/ at ${preview.url} (watching ${options.contentDir}/ and ${options.templatesDir}/; Ctrl+C to stop)`);
    options.log(`note: ${options.outDir}/ holds a watch build that reloads pages; run \`sitegen build\` before deploying it`);
  };

  /** One build; true when it succeeded. */
  const buildOnce = async (): Promise<boolean> => {
    try {
      const result = await build({
        contentDir: options.contentDir,
        templatesDir: options.templatesDir,
        outDir: options.outDir,
        baseUrl: options.baseUrl,
        generated: options.generated(),
        workers: options.workers,
        headExtra: RELOAD_SCRIPT,
      });
      for (const warning of result.warnings) options.logError(formatFinding(warning));
      lastFailure = undefined;
      if (preview) await preview.reload();
      options.log(`✓ built ${result.pages} pages in ${result.milliseconds} ms${clients.size ? `; reloading ${clients.size} open page(s)` : ""}`);
      broadcast("reload");
      return true;
    } catch (error) {
      const report = describeFailure(error);
      lastFailure = report;
      options.logError(report);
      options.logError(`✗ build failed${preview ? `; still serving the last good build of ${options.outDir}/` : ""}`);
      broadcast("failed", report);
      return false;
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const changed = new Set<string>();

  const rebuild = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        // Editors save through temporary files: name what is still there.
        const names = [...changed].sort();
        const shown = names.filter((name) => existsSync(name));
        changed.clear();
        if (names.length > 0) options.log(`changed ${(shown[0] ?? names[0])}${names.length > 1 ? ` and ${names.length - 1} more` : ""}; rebuilding`);
        // Folders may have appeared or gone since the last build.
        await Promise.all(trees.map((tree) => tree.refresh()));
        const ok = await buildOnce();
        if (ok && !preview && !closed) await serve();
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const outDir = resolve(options.outDir);
  // Hidden files, editor swap and backup files, and our own output are not sources.
  const ignored = (path: string) => {
    const absolute = resolve(path);
    return /^\.|~$|\.sw[a-p]$|^4913$/.test(basename(absolute)) || absolute === outDir || absolute.startsWith(outDir + sep);
  };
  const onChange = (path: string) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      rebuild().catch((error: unknown) => options.logError(describeFailure(error)));
    }, debounceMs);
  };
  const trees = [options.contentDir, options.templatesDir].map((dir) => watchFolders(dir, { ignored, onChange, onError: options.logError }));
  await Promise.all(trees.map((tree) => tree.refresh()));

  const session: WatchSession = {
    get url() {
      return preview?.url;
    },
    async settled() {
      while (!closed && (timer !== undefined || running)) await (running ?? new Promise((done) => setTimeout(done, debounceMs)));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const tree of trees) tree.close();
      await running?.catch(() => {});
      for (const client of clients) client.end();
      clients.clear();
      await preview?.close();
    },
  };

  try {
    // The first build goes through the same queue as rebuilds, so a change saved meanwhile never builds concurrently.
    await rebuild();
    if (!preview) {
      if (await stat(resolve(options.outDir, NEGOTIATION_TABLE_FILE)).then(() => true, () => false)) {
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

/** A failed build as the terminal shows it: each error with its file, line, caret and hint. */
function describeFailure(error: unknown): string {
  if (error instanceof SitegenErrors || error instanceof SitegenError) {
    const sources = error instanceof SitegenErrors ? error.errors : [error];
    const findings = findingsOfThrown(error);
    return sources.map((source, i) => formatFinding(findings[i], source)).join("\n");
  }
  // Not a content problem: show everything, it is a bug or the system refusing.
  return `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

/**
 * Watches a folder and every folder below it, one non-recursive watcher each.
 * Node 20's recursive mode on Linux watches files, and loses a file that an
 * editor saves by writing a temporary file and renaming it over the old one;
 * a folder watcher sees that rename. `refresh()` follows folders that appear or go.
 */
function watchFolders(root: string, handlers: { ignored: (path: string) => boolean; onChange: (path: string) => void; onError: (text: string) => void }) {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, (_event, name) => {
        const path = name ? join(dir, String(name)) : dir;
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

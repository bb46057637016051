/**
 * Which files of the content and the templates change, as the file system
 * tells it: what starts a rebuild of a watch session (watch.ts).
 */
import { statSync, watch, type FSWatcher } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/**
 * Watches a folder and every folder below it, one non-recursive watcher each.
 * Node 20's recursive mode on Linux watches files, and loses a file that an
 * editor saves by writing a temporary file and renaming it over the old one;
 * a folder watcher sees that rename. `refresh()` follows folders that appear
 * or go; when every path seen to change since is a file, none did, and the
 * tree (ten thousand posts in one folder) is not listed again.
 */
export function watchFolders(
  root: string,
  handlers: {
    ignored: (path: string) => boolean;
    onChange: (path: string) => void;
    onError: (text: string) => void;
  },
) {
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
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        handlers.onError(`error: cannot watch ${dir}: ${(error as Error).message}`);
    }
  };
  return {
    async refresh(): Promise<void> {
      const folders = [...changed].some(
        (path) => watchers.has(path) || (statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false),
      );
      changed.clear();
      if (listed && !folders) return;
      listed = true;
      const dirs = new Set([root]);
      const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
      for (const entry of entries) {
        const path = join(entry.parentPath ?? entry.path, entry.name);
        if (
          entry.isDirectory() &&
          !handlers.ignored(path) &&
          !relative(root, path)
            .split(sep)
            .some((part) => part.startsWith("."))
        )
          dirs.add(path);
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

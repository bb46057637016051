/** The options a watch session runs with in the tests: a project's own folders, the tests' fixed time, its output collected. */
import { join } from "node:path";
import type { WatchOptions } from "../../src/hosts/preview/watch.ts";
import { EPOCH } from "./dist.ts";

export function watchOptions(
  project: string,
  log: string[] = [],
  errors: string[] = [],
  debounceMs = 100,
): WatchOptions {
  return {
    contentDir: join(project, "content"),
    templatesDir: join(project, "templates"),
    outDir: join(project, "dist"),
    cwd: project,
    host: "127.0.0.1",
    port: 0,
    generated: () => new Date(Number(EPOCH) * 1000),
    debounceMs,
    log: (text) => log.push(text),
    logError: (text) => errors.push(text),
  };
}

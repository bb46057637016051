/** What a command may touch of the world: given by bin/sitegen.js, or by a test. */
import { SitegenError } from "../errors.ts";
import { visibleLines } from "../text/visible.ts";

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** The folder paths on the command line are relative to, and messages name files from. */
  cwd: string;
  /** Resolves when the user asks a long-running command (`serve`) to stop (Ctrl+C). */
  stopped(): Promise<void>;
}

export const EXIT = { ok: 0, content: 1, usage: 2 } as const;

export function usage(message: string, hint?: string): SitegenError {
  return new SitegenError("E_USAGE", message, { hint });
}

/**
 * Print helpers: a line to standard output or to standard error. What they
 * print may hold a name the content chose, so no control character but the
 * line feed reaches the terminal as it is (src/text/visible.ts); the
 * messages themselves show line breaks in a name as `\n`.
 */
export function printers(io: Io): { print(text: string): void; printError(text: string): void } {
  return {
    print: (text) => io.stdout.write(`${visibleLines(text)}\n`),
    printError: (text) => io.stderr.write(`${visibleLines(text)}\n`),
  };
}

/** SOURCE_DATE_EPOCH (reproducible-builds.org) fixes the build time; without it, now. */
export function buildTime(env: NodeJS.ProcessEnv): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === "") return new Date();
  if (!/^\d+$/.test(epoch))
    throw usage(`SOURCE_DATE_EPOCH must be a whole number of seconds, not ${JSON.stringify(epoch)}`);
  return new Date(Number(epoch) * 1000);
}

/** --base-url wins; on Netlify the deploy's URL variable; else content/site.yaml. */
export function baseUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const value = flag ?? (env.NETLIFY === "true" ? env.URL : undefined);
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^/?#\s]+\/?$/.test(value))
    throw usage(`the base URL must be an origin such as https://example.com, not ${JSON.stringify(value)}`);
  return value.replace(/\/$/, "");
}

/** What the deploy a build runs in asks of it: whether it is production's, and whether it shows drafts. */
export interface DeployContext {
  /** Why the build is a production deploy's, for messages; undefined for any other build. */
  production?: string;
  /** Whether the deploy is a preview that shows drafts. */
  drafts: boolean;
}

/**
 * The deploy a build runs in, from its environment. On Netlify (`NETLIFY=true`),
 * `CONTEXT` names it: `production`, or `deploy-preview` and `branch-deploy`,
 * which show drafts (docs.netlify.com, "Build environment variables").
 * Cloudflare's builds set `CF_PAGES=1` (Pages) or `WORKERS_CI=1` (Workers
 * Builds) and name the branch, but not whether it is the production one, so
 * every build there counts as production. Anywhere else, a build is neither.
 */
export function deployContext(env: NodeJS.ProcessEnv): DeployContext {
  if (env.NETLIFY === "true") {
    if (env.CONTEXT === "production")
      return { production: "Netlify's production context (CONTEXT=production)", drafts: false };
    return { drafts: env.CONTEXT === "deploy-preview" || env.CONTEXT === "branch-deploy" };
  }
  if (env.CF_PAGES === "1")
    return {
      production:
        "a build on Cloudflare Pages (CF_PAGES=1), whose variables do not say whether its branch is the production one",
      drafts: false,
    };
  if (env.WORKERS_CI === "1")
    return {
      production:
        "a build on Cloudflare's Workers Builds (WORKERS_CI=1), whose variables do not say whether its branch is the production one",
      drafts: false,
    };
  return { drafts: false };
}

/** `SITEGEN_WORKERS=N` sets the number of render worker threads (0: render in the build's own thread). */
export function workersFrom(env: NodeJS.ProcessEnv): number | undefined {
  const value = env.SITEGEN_WORKERS;
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value))
    throw usage(`SITEGEN_WORKERS must be a whole number of worker threads, not ${JSON.stringify(value)}`);
  return Number(value);
}

export function formatBytes(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

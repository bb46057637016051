/**
 * How an edit is timed in `serve --watch` and `hugo server`: each check asked
 * once before the save, then every `pollMs` until it shows the change, and
 * a server's output watched until its rebuild is over. Timing an edit is one
 * job; starting the servers (watch-servers.ts) and running the edits
 * (watch.ts) others.
 */
import { pollUntil, type ServerProcess } from "./server-process.ts";
import type { EditTiming } from "./watch.ts";

export const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

export interface Check {
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
export function showsChange(name: string, url: string, accept: string, marker: string): Check {
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
export async function quietOutput(server: ServerProcess, quietMs: number, maxMs: number): Promise<void> {
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

export async function timeEdit(
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

/**
 * Hosts a test file may need, each started the first time a test asks for it:
 * a run that selects only the tests reading files (`--test-name-pattern`, or
 * a skip) starts no emulator, and `stop` ends only what started, even when
 * another host failed to.
 */
import { startCloudflareRuntime, startNetlifyEmulator, startPreviewServer, WRANGLER } from "./dist.ts";

interface Stoppable {
  stop(): Promise<void> | void;
}
type Starters = Record<string, () => Promise<Stoppable> | undefined>;

export interface HostsOnDemand<S extends Starters> {
  /** The named host, started on the first call; undefined where its starter gives none (a runtime not installed). */
  get<Name extends keyof S>(name: Name): Promise<Awaited<ReturnType<S[Name]>>>;
  stop(): Promise<void>;
}

export function hostsOnDemand<S extends Starters>(starters: S): HostsOnDemand<S> {
  const started = new Map<keyof S, Promise<Stoppable | undefined>>();
  return {
    get(name) {
      let host = started.get(name);
      if (!host) started.set(name, (host = Promise.resolve(starters[name]())));
      return host as Promise<Awaited<ReturnType<S[typeof name]>>>;
    },
    async stop() {
      const settled = await Promise.allSettled(started.values());
      await Promise.all(
        settled.map((each) => (each.status === "fulfilled" ? each.value?.stop() : undefined)),
      );
    },
  };
}

/**
 * The preview server and Netlify's emulator on a Netlify build, and the preview server and Cloudflare's runtime on a
 * Cloudflare build of the same site (workerd only where wrangler is installed), each started at its first use.
 */
export function hostsOfBothBuilds(dist: string, distCloudflare: string) {
  return hostsOnDemand({
    preview: () => startPreviewServer(dist),
    netlify: () => startNetlifyEmulator(dist),
    previewCloudflare: () => startPreviewServer(distCloudflare),
    cloudflare: () => (WRANGLER.present ? startCloudflareRuntime(distCloudflare) : undefined),
  });
}

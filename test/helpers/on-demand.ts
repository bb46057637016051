/**
 * Hosts a test file may need, each started the first time a test asks for it:
 * a run that selects only the tests reading files (`--test-name-pattern`, or
 * a skip) starts no emulator, and `stop` ends only what started, even when
 * another host failed to.
 */
import type { Running } from "./dist.ts";

export interface HostsOnDemand<Name extends string> {
  /** The named host, started on the first call; undefined where its starter gives none (a runtime not installed). */
  get(name: Name): Promise<Running | undefined>;
  stop(): Promise<void>;
}

export function hostsOnDemand<Name extends string>(starters: Record<Name, () => Promise<Running> | undefined>): HostsOnDemand<Name> {
  const started = new Map<Name, Promise<Running | undefined>>();
  return {
    get(name) {
      let host = started.get(name);
      if (!host) started.set(name, (host = Promise.resolve(starters[name]())));
      return host;
    },
    async stop() {
      const settled = await Promise.allSettled(started.values());
      await Promise.all(settled.map((each) => (each.status === "fulfilled" ? each.value?.stop() : undefined)));
    },
  };
}

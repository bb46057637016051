/**
 * Hosts a test file may need, each started the first time a test asks for it:
 * a run that selects only the tests reading files (`--test-name-pattern`, or
 * a skip) starts no emulator, and `stop` ends only what started, even when
 * another host failed to.
 */
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
      await Promise.all(settled.map((each) => (each.status === "fulfilled" ? each.value?.stop() : undefined)));
    },
  };
}

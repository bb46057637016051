/**
 * One request the verifier sends and what came back. The checks only ever see
 * these records, so they are pure functions of what the site answered.
 */

/** A request: a path on the site and the `Accept` header to send (undefined: none at all). */
export interface Probe {
  readonly path: string;
  readonly accept?: string;
}

export interface Exchange {
  readonly probe: Probe;
  /** 0 when no response arrived; `error` then says why. */
  readonly status: number;
  /** Lowercased names; repeated headers joined with ", " as RFC 9110 §5.3 allows. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  readonly error?: string;
}

/** Every exchange of a run, looked up by the probe that produced it. */
export interface Observations {
  get(probe: Probe): Exchange | undefined;
  all(): readonly Exchange[];
}

export function probeKey(probe: Probe): string {
  return `${probe.path}\n${probe.accept ?? "\u0000"}`;
}

export function observations(exchanges: Iterable<Exchange>): Observations {
  const byKey = new Map<string, Exchange>();
  for (const exchange of exchanges) byKey.set(probeKey(exchange.probe), exchange);
  return {
    get: (probe) => byKey.get(probeKey(probe)),
    all: () => [...byKey.values()],
  };
}

/** How a probe is named in findings: `/about/ (Accept: text/markdown)`. */
export function describeProbe(probe: Probe): string {
  return probe.accept === undefined ? `${probe.path} (no Accept)` : `${probe.path} (Accept: ${probe.accept})`;
}

export function header(exchange: Exchange, name: string): string | undefined {
  return exchange.headers[name.toLowerCase()];
}

export function bodyText(exchange: Exchange): string {
  return new TextDecoder("utf-8").decode(exchange.body);
}

/** The body parsed as JSON, or undefined when it is not JSON. */
export function bodyJson(exchange: Exchange): unknown {
  try {
    return JSON.parse(bodyText(exchange));
  } catch {
    return undefined;
  }
}

/** A one-line account of what came back, for a finding's detail. */
export function describeResponse(exchange: Exchange): string {
  if (exchange.status === 0) return `no response (${exchange.error ?? "unknown error"})`;
  return `${exchange.status} ${header(exchange, "content-type") ?? "(no Content-Type)"}`;
}

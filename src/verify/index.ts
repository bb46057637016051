/**
 * `sitegen verify <base-url>`: audits a live deployment against the surface spec.
 * This file is the I/O edge (package version, environment, terminal, network);
 * everything it calls between the requests and the report is pure.
 */
import packageJson from "../../package.json" with { type: "json" };
import { SitegenError } from "../errors.ts";
import { ALL_CHECKS, runChecks } from "./checks/index.ts";
import { discoverSurface, normalizeBase, sitemapPartPaths } from "./discover.ts";
import { observations, probeKey, type Probe } from "./exchange.ts";
import { MEGABYTE, sendProbes } from "./http.ts";
import { discoveryProbes, planProbes, probe } from "./plan.ts";
import { buildReport, formatHuman, formatJson } from "./report.ts";

export interface VerifyOptions {
  readonly baseUrl: string;
  readonly json: boolean;
  /** Requests in flight at once (default 8). */
  readonly concurrency?: number;
  /** Deadline for each request, in milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** The most megabytes a response's body may have, as sent and decoded (default 50, a sitemap's limit). */
  readonly maxBodyMegabytes?: number;
  /** Colour the report; defaults to whether stdout is a terminal. NO_COLOR always turns it off. */
  readonly color?: boolean;
  /** The environment, for NO_COLOR. */
  readonly env?: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** Runs every check against `baseUrl`, writes the report, and returns the exit code: 0 all passed, 1 any failed. */
export async function runVerify(options: VerifyOptions): Promise<number> {
  const target = parseBase(options.baseUrl);
  const concurrency = positive(options.concurrency ?? 8, "concurrency");
  const timeoutMs = positive(options.timeoutMs ?? 10_000, "timeout");
  const maxBodyBytes = positive(options.maxBodyMegabytes ?? 50, "max-body") * MEGABYTE;
  const userAgent = userAgentHeader();
  const progress = progressLine(options.stderr);
  const send = (probes: readonly Probe[]) =>
    sendProbes(probes, {
      baseUrl: target,
      userAgent,
      timeoutMs,
      concurrency,
      maxBodyBytes,
      onProgress: progress.update,
    });

  const first = await send(discoveryProbes());
  // A sitemap index names its parts: they are read before the surface is known, as /sitemap.xml is.
  const parts = sitemapPartPaths({ targetBase: target, observed: observations(first) });
  const discovered = [...first, ...(await send(parts.map((path) => probe(path))))];
  const surface = discoverSurface({ targetBase: target, observed: observations(discovered) });
  const sent = new Set(discovered.map((exchange) => probeKey(exchange.probe)));
  const rest = await send(planProbes(surface).filter((probe) => !sent.has(probeKey(probe))));
  progress.clear();

  const observed = observations([...discovered, ...rest]);
  const results = runChecks(ALL_CHECKS, { surface, observed });
  const report = buildReport({
    target,
    siteBase: surface.siteBase,
    userAgent,
    requests: observed.all().length,
    results,
  });
  const noColor = (options.env?.NO_COLOR ?? "") !== "";
  const color = !noColor && (options.color ?? isTerminal(options.stdout));
  options.stdout.write(options.json ? formatJson(report) : formatHuman(report, { color }));
  return report.passed ? 0 : 1;
}

function parseBase(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (url.protocol === "http:" || url.protocol === "https:") return normalizeBase(baseUrl);
  } catch {
    // Reported below.
  }
  throw new SitegenError("E_USAGE", `verify: "${baseUrl}" is not an http or https URL`, {
    hint: "pass the site's origin, for example: sitegen verify https://example.com",
  });
}

function positive(value: number, name: string): number {
  if (Number.isInteger(value) && value > 0) return value;
  throw new SitegenError("E_USAGE", `verify: ${name} must be a positive integer, not ${value}`);
}

/**
 * §1.4 asks clients to identify themselves. The product token carries the
 * package version and, where package.json names one, the project's address.
 */
function userAgentHeader(): string {
  const manifest = packageJson as {
    version?: string;
    homepage?: string;
    repository?: string | { url?: string };
  };
  const repository = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  const address = manifest.homepage ?? repository?.replace(/^git\+/, "").replace(/\.git$/, "");
  const product = `sitegen-verify/${manifest.version ?? "0.0.0"}`;
  return address === undefined ? product : `${product} (+${address})`;
}

function isTerminal(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/** A request counter on stderr, only where stderr is a terminal that can redraw it. */
function progressLine(stderr: NodeJS.WritableStream): {
  update: (done: number, total: number) => void;
  clear: () => void;
} {
  if (!isTerminal(stderr)) return { update: () => {}, clear: () => {} };
  let shown = false;
  return {
    update: (done, total) => {
      shown = true;
      stderr.write(`\r\u001b[Kverify: ${done}/${total} requests`);
    },
    clear: () => {
      if (shown) stderr.write("\r\u001b[K");
    },
  };
}

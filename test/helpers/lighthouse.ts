/**
 * Lighthouse (the `lighthouse` npm package, its default mobile settings: a
 * mid-range phone's screen, simulated slow 4G and a 4× slower CPU) against
 * Chromium, on the pages the browser audits look at, each served by the
 * preview server: what test/lighthouse.test.ts asserts and what
 * `npm run bench:lighthouse` reports the performance score of.
 */
import { spawn, type ChildProcess } from "node:child_process";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { needTools } from "../../scripts/tools.mjs";
import { AUDITED } from "./audited.ts";
import { builtSite, startPreviewServer, stopChild, tempDir, type Running } from "./dist.ts";
import { STARTER_AUDITED, starterSite } from "./starter.ts";
import { endTree, scaled } from "./processes.ts";

export const CHROMIUM = needTools(["chromium"]);

/**
 * How long Lighthouse waits for the page to fall quiet after its first paint
 * and its load (1 s each by default, for pages whose scripts go on working):
 * these pages run no script, so a quarter of that sees them whole. Metrics
 * are simulated from the trace (throttlingMethod "simulate"), not timed.
 */
const QUIET_WINDOWS = {
  pauseAfterFcpMs: 250,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 250,
  cpuQuietThresholdMs: 250,
};
/** Lighthouse errors about recording the trace, not about the page: "Please run Lighthouse again". */
const RECORDING_ERRORS = new Set(["NO_NAVSTART", "NO_TRACING_STARTED", "NO_DCL"]);

/**
 * Lighthouse's desktop settings (its desktop-config: a desktop's screen and
 * user agent, a fast connection, no CPU slowdown), at the 1280 × 800 the
 * browser test looks at the pages with.
 */
const DESKTOP = {
  ...desktopConfig.settings,
  screenEmulation: { ...desktopConfig.settings!.screenEmulation!, width: 1280, height: 800 },
};

export type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
export interface LighthouseRun {
  lhr: Lhr;
  /** The report as HTML and as JSON. */
  reports: string[];
}

/** One audited page: its name in reports, its path, and which site serves it (the Halyard site, or a site `sitegen init` made). */
export interface AuditedPage {
  name: string;
  path: string;
  site: "site" | "starter";
}

export const AUDITED_PAGES: AuditedPage[] = [
  ...Object.entries(AUDITED).map(([name, path]) => ({ name, path, site: "site" as const })),
  ...Object.entries(STARTER_AUDITED).map(([name, path]) => ({ name, path, site: "starter" as const })),
];

/** Both sites built and served by the preview server. */
export async function startAuditedSites(): Promise<{
  servers: Record<AuditedPage["site"], Running>;
  stop(): Promise<void>;
}> {
  const [site, starter] = await Promise.all([
    startPreviewServer(builtSite()),
    startPreviewServer(starterSite().dist),
  ]);
  return {
    servers: { site, starter },
    stop: async () => void (await Promise.all([site.stop(), starter.stop()])),
  };
}

/**
 * Chromium with its DevTools port open, a profile of its own, and nothing
 * running in the background; with `dark`, as on a system set to the dark
 * scheme (`prefers-color-scheme: dark`), which Lighthouse has no setting for.
 */
export async function startChromium(
  options: { dark?: boolean } = {},
): Promise<{ port: number; stop(): Promise<void> }> {
  const flags = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ];
  if (options.dark) flags.push("--force-dark-mode");
  // As Lighthouse's own launcher (chrome-launcher) starts it: a tab Lighthouse opens is never throttled as a background tab.
  flags.push(
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--disable-background-timer-throttling",
    "--disable-extensions",
    "--mute-audio",
  );
  const child: ChildProcess = spawn(
    CHROMIUM.path("chromium"),
    [...flags, `--user-data-dir=${tempDir("sitegen-chromium-")}`, "--remote-debugging-port=0", "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => {
      endTree(child.pid!);
      fail(new Error(`Chromium printed no DevTools port:\n${output}`));
    }, scaled(30_000));
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once("exit", (code) => fail(new Error(`Chromium exited with ${code}:\n${output}`)));
  });
  return { port, stop: () => stopChild(child) };
}

/**
 * One Lighthouse run of `url` in the Chromium at `port`, of `categories` and
 * of `audits` besides.
 * The HTML 404 answers 404 by design (spec §7.1): Lighthouse is told to audit
 * it all the same, SEO's `http-status-code` audit, which exists to fail
 * exactly that status, is left out, and the console error Chromium logs for
 * the document's own status is not held against it. A run whose trace
 * Chromium recorded badly (Lighthouse's message asks for another run) is made
 * again, up to `retries` times; `note` hears of it.
 */
export async function runLighthouse(
  url: string,
  options: {
    port: number;
    categories: string[];
    audits?: string[];
    notFound: boolean;
    desktop?: boolean;
    retries?: number;
    note?: (text: string) => void;
  },
): Promise<LighthouseRun> {
  const notFound = options.notFound
    ? {
        settings: { skipAudits: ["http-status-code"], ignoreStatusCode: true },
        audits: [
          {
            path: "errors-in-console",
            options: { ignoredPatterns: ["the server responded with a status of 404"] },
          },
        ],
      }
    : undefined;
  const config =
    notFound || options.desktop
      ? {
          extends: "lighthouse:default",
          ...notFound,
          settings: { ...(options.desktop ? DESKTOP : {}), ...notFound?.settings },
        }
      : undefined;
  for (let attempt = 0; ; attempt++) {
    // No run takes Lighthouse's full-page screenshot: no audit reads it and no score depends on it
    // (it gives the HTML report pictures of the elements its audits name), and it cost 1.2 to
    // 1.6 s a page. The browser test saves each audited page whole, at both widths and in both schemes.
    // `bf-cache` has no weight in any score (a diagnostic no test reads), and its gatherer leaves the page and
    // comes back after the trace, a navigation more for every run: no run has it.
    const skipAudits = { skipAudits: [...(notFound?.settings.skipAudits ?? []), "bf-cache"] };
    const result = await lighthouse(
      url,
      {
        port: options.port,
        output: ["html", "json"],
        logLevel: "error",
        onlyCategories: options.categories,
        ...(options.audits ? { onlyAudits: options.audits } : {}),
        ...skipAudits,
        ...QUIET_WINDOWS,
        disableFullPageScreenshot: true,
      },
      config,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const error = result.lhr.runtimeError;
    if (error && RECORDING_ERRORS.has(error.code) && attempt < (options.retries ?? 3)) {
      options.note?.(`${url}: run again: ${error.code}`);
      continue;
    }
    if (error) throw new Error(`Lighthouse on ${url}: ${JSON.stringify(error)}`);
    return { lhr: result.lhr, reports: result.report as string[] };
  }
}

/** A category's score out of 100. */
export function score(lhr: Lhr, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

/** BENCHMARKS.md's section on the edge function, and the ratios the targets read, from bench/edge.ts's result. */
import { fmtInt, fmtMs, fmtRatio } from "./format.ts";
import type { EdgeResult, EdgeSiteResult } from "./edge.ts";

/** The real site's figure, and a synthetic blog's as a multiple of it. */
export function latencyRatio(result: EdgeResult, site: EdgeSiteResult): number {
  const real = result.sites.find((s) => s.posts === undefined);
  return (site.latency?.sequentialMs.median ?? NaN) / (real?.latency?.sequentialMs.median ?? NaN);
}

/** The same for the asset that the function does not see: the emulator's own growth. */
export function assetRatio(result: EdgeResult, site: EdgeSiteResult): number {
  const real = result.sites.find((s) => s.posts === undefined);
  const asset = (s: EdgeSiteResult | undefined): number =>
    s?.latency?.requests.find((r) => r.name === result.requests.find((q) => !q.edge)?.name)?.ms.median ?? NaN;
  return asset(site) / asset(real);
}

/** The report's section. */
export function edgeReport(result: EdgeResult): string[] {
  const lines = [
    `Each site is a Netlify project as a deploy sees it (netlify.toml, rules/, the compiled handler in lib/, the build as \`dist/\`), served by \`sitegen serve --netlify\`, which runs Netlify's own emulator (@netlify/dev): static files, \`_headers\`, \`_redirects\`, and the edge function in Deno under Netlify's edge bootstrap; Deno ${result.deno}.`,
    "",
    `**Module load.** The emulator starts a fresh Deno worker for every request, and the worker imports the function and everything it imports before answering, as Netlify pays on every cold start. bench/edge-import.mjs does the same with the project's own deno: ${result.loadRounds} fresh workers per site, the sites alternating, each timing \`await import()\` of rules/edge-functions/negotiate.js inside the worker (and, for reference, from \`new Worker()\` to the end of the import). **Bundle.** Netlify's deploy-time bundler, \`bundle()\` of @netlify/edge-bundler, run offline on the project with the declarations \`resolveConfig\` of @netlify/config reads from netlify.toml; the eszip is what a deploy uploads. It should not grow with the posts.`,
    "",
    "| site | import (median) | import (min–max) | fresh worker + import (median) | eszip bundle |",
    "|---|---|---|---|---|",
    ...result.sites.map(
      (s) =>
        `| ${s.name} | ${s.load ? fmtMs(s.load.importMs.median) : "–"} | ${s.load ? `${fmtMs(s.load.importMs.min)}–${fmtMs(s.load.importMs.max)}` : "–"} | ${s.load ? fmtMs(s.load.workerMs.median) : "–"} | ${s.bundleBytes !== undefined ? `${fmtInt(s.bundleBytes)} bytes` : "–"} |`,
    ),
    "",
    `**Latency per request.** The emulators of all sites run at once, on loopback. The mix: ${result.requests.map((r) => `${r.name} (\`${r.path}\`${r.accept.startsWith("text/html,") ? "" : ` with \`Accept: ${r.accept}\``})`).join("; ")}; every answer is checked by status and media type. The asset does not run the function (netlify.toml excludes assets from it): it is the emulator's own cost at that size, so that what the function adds can be told from what the emulator costs; it is left out of the "all" columns and of the ratio. After one warm-up pass, ${result.rounds} sequential passes with the sites alternating request by request, then in each round the function's requests ${result.inFlight} times over with ${result.inFlight} in flight, the sites taking turns; each round starts with another request and another site. The post is the one in the middle of each site's blog index. Each latency runs from sending the request to the end of the body; the figures are medians. Why this method: each request through the emulator pays what a cold edge function pays on Netlify (a new worker, the imports, the data it reads), so a cost that grows with the blog shows here as a ratio to the real site's.`,
    "",
    `| site | ${result.requests.map((r) => r.name).join(" | ")} | all through the function, sequential | all, ${result.inFlight} in flight | sequential, vs the real site | asset, vs the real site |`,
    `|---|${result.requests.map(() => "---|").join("")}---|---|---|---|`,
    ...result.sites.map((s) =>
      s.latency
        ? `| ${s.name} | ${s.latency.requests.map((r) => fmtMs(r.ms.median)).join(" | ")} | ${fmtMs(s.latency.sequentialMs.median)} | ${fmtMs(s.latency.inFlightMs.median)} | ${s.posts === undefined ? "" : `${fmtRatio(latencyRatio(result, s))}×`} | ${s.posts === undefined ? "" : `${fmtRatio(assetRatio(result, s))}×`} |`
        : `| ${s.name} | ${result.requests.map(() => "–").join(" | ")} | – | – | | |`,
    ),
    "",
  ];
  const problems = [
    ...result.problems.map((p) => `- ${p}`),
    ...result.sites.flatMap((s) => s.problems.map((p) => `- ${s.name}: ${p}`)),
  ];
  if (problems.length > 0) lines.push(...problems, "");
  return lines;
}

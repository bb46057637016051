/**
 * What bench/search.ts measured of a search on `/mcp`, as its JSON result
 * (`--json`, which `npm run bench` reads) and as the report's section.
 */

/** Median, 95th percentile and largest, in ms. */
export interface Spread {
  median: number;
  p95: number;
  max: number;
}

export interface SearchResult {
  posts: number;
  date: string;
  queries: number;
  /** Exact post titles among the queries, and how many of them came back first. */
  exact: number;
  firsts: number;
  denoCold: Spread;
  denoWarm: Spread;
  nodeCold: Spread;
  nodeWarm: Spread;
  workerd: Spread;
  ping: Spread;
  index: {
    shards: number;
    shardBytes: number;
    shardMedian: number;
    shardMax: number;
    chunks: number;
    chunkBytes: number;
    chunkMax: number;
    siteJson: number;
  };
}

/** Median, 95th percentile and largest of `values`, nearest rank. */
export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/** Under 10 ms of CPU a search on workerd (V8 under Node stands for it) and under 50 ms on Netlify's Deno, cold. */
const WORKERD_MS = 10;
const DENO_MS = 50;

export function searchReport(s: SearchResult): string[] {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = (name: string, times: Spread) =>
    `| ${name} | ${ms(times.median)} | ${ms(times.p95)} | ${ms(times.max)} |`;
  const met = s.nodeCold.p95 < WORKERD_MS && s.denoCold.p95 < DENO_MS;
  return [
    `The synthetic blog of the build benchmarks, built with \`agents.mcp\` and \`search\` on, by \`bench/search.ts\` on ${s.date.slice(0, 10)}. Each call is the request core answering a \`tools/call\` of \`search\` as a host hands it over (src/negotiation/respond.ts), every file it reads in memory, timed by the process's own CPU time (\`process.cpuUsage\`), which a busy machine's waits do not enter; the wall times through workerd are not. Cold is a new isolate's first call (each shard and document chunk read is parsed), warm an isolate that has answered before. workerd cannot time a worker from inside (it stops its clocks while a worker computes), so V8 under Node, the engine workerd runs, stands for it; through \`wrangler dev\` the wall time over loopback is given beside that of a \`ping\`, which reads nothing.`,
    "",
    `${s.queries} queries: ${s.exact} exact post titles (${s.firsts} of them found first) and ${s.queries - s.exact} of two or three words from the posts' titles.`,
    "",
    "| where | median | p95 | max |",
    "|---|---|---|---|",
    row("Deno (Netlify's edge), cold: a new isolate's first call, CPU", s.denoCold),
    row("Deno, warm, CPU", s.denoWarm),
    row("V8 under Node (workerd's engine), cold, CPU", s.nodeCold),
    row("V8 under Node, warm, CPU", s.nodeWarm),
    row(
      "workerd through `wrangler dev`, wall time over loopback, the store's reads and HTTP included",
      s.workerd,
    ),
    row("the same round trip for a `ping`, which reads nothing", s.ping),
    "",
    `Targets: under ${WORKERD_MS} ms of CPU a search on workerd (V8: ${ms(s.nodeCold.median)} median, ${ms(s.nodeCold.p95)} p95, cold) and under ${DENO_MS} ms on Netlify's Deno (${ms(s.denoCold.median)}, ${ms(s.denoCold.p95)}): ${met ? "**met**" : "**not met**"}.`,
    "",
    `Index: ${s.index.shards} shards, ${kb(s.index.shardBytes)} in all (median ${kb(s.index.shardMedian)}, largest ${kb(s.index.shardMax)}); ${s.index.chunks} document chunks, ${kb(s.index.chunkBytes)} (largest ${kb(s.index.chunkMax)}); \`site.json\` ${kb(s.index.siteJson)}.`,
    "",
  ];
}

/**
 * `npm run fuzz`: the HTTP fuzz over every host, the content fuzz and the
 * cache fuzz, longer than `npm test` runs them and with a seed from the
 * clock (or SITEGEN_FUZZ_SEED, to run a failure again). It prints what it
 * tried by kind (requests, inputs, edits and tamperings), the outcomes by
 * kind and the peak memory, and exits 1 on any failure.
 *
 *   npm run fuzz                      # defaults: 5,000 requests a host (Netlify's emulator 1,500), 150 inputs, 60 cache rounds
 *   npm run fuzz -- --requests 20000 --netlify-requests 3000 --inputs 400 --cache-rounds 200
 *   npm run fuzz -- --only cache
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { routeTable } from "../test/helpers/dist.ts";
import { sitegenIn, tempProject } from "../test/helpers/project.ts";
import { rng } from "../bench/random.ts";
import type { RawRequest } from "../test/helpers/raw-http.ts";
import { formatCacheReport, fuzzCache } from "./cache.ts";
import { formatContentReport, fuzzContent } from "./content.ts";
import { fuzzedHosts, withMcp } from "./hosts.ts";
import { fuzzHost } from "./http.ts";
import { fuzzRequest, type FuzzedSite } from "./http-requests.ts";
import { formatHostReport } from "./http-report.ts";
import { mcpKinds } from "./http-mcp-answers.ts";
import { countsLine } from "./counts.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "5000" },
    "netlify-requests": { type: "string", default: "1500" },
    inputs: { type: "string", default: "150" },
    "cache-rounds": { type: "string", default: "60" },
    "max-body": { type: "string", default: String(12 * 1024 * 1024) },
    "max-text": { type: "string", default: "300000" },
    only: { type: "string" },
  },
});
const seed = Number(process.env.SITEGEN_FUZZ_SEED ?? Date.now() % 2 ** 31);
const log = (text: string) => process.stderr.write(`${text}\n`);
console.log(`sitegen fuzz, seed ${seed} (SITEGEN_FUZZ_SEED=${seed} runs it again)`);
let failed = false;

/** What a request tries, by the kind of its target and how it is sent: a request's own seed gives it again. */
function requestKinds(request: RawRequest, site: FuzzedSite): string[] {
  const mcp = mcpKinds(request);
  if (mcp.length > 0) return mcp;
  const target = request.target;
  const where = site.known.includes(target)
    ? "a known path"
    : !target.startsWith("/")
      ? "no path (absolute, *, authority)"
      : target.length > 1000
        ? "a long path"
        : /\.\.|%2e|%5c|\\|^\/\/|canary|_sitegen|netlify\.toml|wrangler|_headers|_redirects|^\/dist\/|^\/\.(netlify|wrangler)/i.test(
              target,
            )
          ? "a way out of the build"
          : "an odd path";
  const method = ["GET", "HEAD", "POST"].includes(request.method) ? request.method : "another method";
  return [
    where,
    method,
    ...(request.body ? [request.headers?.["Transfer-Encoding"] ? "a chunked body" : "a body"] : []),
    ...(request.headers?.Accept === undefined ? ["no Accept"] : []),
  ];
}

/** The requests a host's run sends, by kind: the same seed gives the same requests, so they are made again here and counted. */
function triedRequests(site: FuzzedSite, requests: number, maxBodyBytes: number): string {
  const next = rng(seed);
  const tried: Record<string, number> = {};
  for (let index = 0; index < requests; index++)
    for (const kind of requestKinds(fuzzRequest(next, site, maxBodyBytes), site))
      tried[kind] = (tried[kind] ?? 0) + 1;
  return countsLine(tried);
}

if (values.only !== "content" && values.only !== "cache") {
  const project = tempProject();
  withMcp(project);
  const canary = `canary-${seed}-outside-the-build`;
  // Old addresses of every kind, a post with its own file at an old folder address, and a canary beside the build.
  writeFileSync(
    join(project, "content/blog/cpp.md"),
    `---\ntitle: "C++ tips"\ndescription: "Old addresses."\ndate: 2025-01-01\naliases: ["/c%2B%2B-tips/", "/a%2Cb/", "/q%3Fx/", "/caf%C3%A9/"]\n---\n\nText.\n`,
  );
  mkdirSync(join(project, "content/blog/with-a-picture"));
  writeFileSync(
    join(project, "content/blog/with-a-picture/index.md"),
    `---\ntitle: "With a picture"\ndescription: "A post with its own file."\ndate: 2025-01-02\naliases: ["/c%2B%2B/gallery/"]\n---\n\nText.\n`,
  );
  writeFileSync(
    join(project, "content/blog/with-a-picture/dot.png"),
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  for (const host of ["netlify", "cloudflare"]) {
    const built = await sitegenIn(project, [
      "build",
      "--quiet",
      "--host",
      host,
      "--out",
      host === "netlify" ? "dist" : "dist-cloudflare",
    ]);
    if (built.status !== 0) throw new Error(built.stderr);
  }
  writeFileSync(join(project, "canary.txt"), canary);
  const dist = join(project, "dist");
  const table = routeTable(dist);
  const site = {
    known: [
      ...Object.keys(table.pages),
      ...Object.keys(table.files),
      "/c%2B%2B-tips/",
      "/c++-tips/",
      "/assets/site.css",
      "/c++/gallery/dot.png",
    ],
    canary,
    form: { path: "/contact/", name: "enquiry" },
    mcp: true,
  };
  // Netlify's emulator holds about 8 MB for each request it serves: it is started afresh every 200.
  for (const host of fuzzedHosts({
    dist,
    distForCloudflare: join(project, "dist-cloudflare"),
    canary,
    restartNetlifyEvery: 200,
  })) {
    if (values.only && values.only !== host.name) continue;
    const requests = Number(host.name === "netlify" ? values["netlify-requests"] : values.requests);
    log(`${host.name}: ${requests} requests…`);
    const report = await fuzzHost(host, site, {
      seed,
      requests,
      maxBodyBytes: Number(values["max-body"]),
      log,
    });
    console.log(formatHostReport(report));
    console.log(`  tried: ${triedRequests(site, requests, Number(values["max-body"]))}`);
    failed ||= report.failures.length > 0 || (host.name === "preview" && report.restarts.length > 0);
  }
}

if ((!values.only || values.only === "cache") && Number(values["cache-rounds"]) > 0) {
  log(`cache: ${values["cache-rounds"]} warm builds…`);
  const report = await fuzzCache({ seed, rounds: Number(values["cache-rounds"]), log });
  console.log(formatCacheReport(report));
  failed ||= report.failures.length > 0;
}

if ((!values.only || values.only === "content") && Number(values.inputs) > 0) {
  log(`content: ${values.inputs} inputs…`);
  const report = await fuzzContent({
    seed,
    inputs: Number(values.inputs),
    maxTextCharacters: Number(values["max-text"]),
    importEvery: 5,
    log,
  });
  console.log(formatContentReport(report));
  failed ||= report.failures.length > 0;
}
process.exitCode = failed ? 1 : 0;

/**
 * `npm run fuzz`: the HTTP fuzz over every host and the content fuzz, longer
 * than `npm test` runs them and with a seed from the clock (or
 * SITEGEN_FUZZ_SEED, to run a failure again). It prints what it tried, the
 * outcomes by kind and the peak memory, and exits 1 on any failure.
 *
 *   npm run fuzz                      # defaults: 5,000 requests a host (Netlify's emulator 1,500), 150 inputs
 *   npm run fuzz -- --requests 20000 --netlify-requests 3000 --inputs 400
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { routeTable } from "../test/helpers/dist.ts";
import { sitegenIn, tempProject } from "../test/helpers/project.ts";
import { formatContentReport, fuzzContent } from "./content.ts";
import { fuzzedHosts } from "./hosts.ts";
import { formatHostReport, fuzzHost } from "./http.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "5000" },
    "netlify-requests": { type: "string", default: "1500" },
    inputs: { type: "string", default: "150" },
    "max-body": { type: "string", default: String(12 * 1024 * 1024) },
    "max-text": { type: "string", default: "300000" },
    only: { type: "string" },
  },
});
const seed = Number(process.env.SITEGEN_FUZZ_SEED ?? Date.now() % 2 ** 31);
const log = (text: string) => process.stderr.write(`${text}\n`);
console.log(`sitegen fuzz, seed ${seed} (SITEGEN_FUZZ_SEED=${seed} runs it again)`);
let failed = false;

if (values.only !== "content") {
  const project = tempProject();
  const canary = `canary-${seed}-outside-the-build`;
  // Old addresses of every kind, a post with its own file at an old folder address, and a canary beside the build.
  writeFileSync(join(project, "content/blog/cpp.md"), `---\ntitle: "C++ tips"\ndescription: "Old addresses."\ndate: 2025-01-01\naliases: ["/c%2B%2B-tips/", "/a%2Cb/", "/q%3Fx/", "/caf%C3%A9/"]\n---\n\nText.\n`);
  mkdirSync(join(project, "content/blog/with-a-picture"));
  writeFileSync(join(project, "content/blog/with-a-picture/index.md"), `---\ntitle: "With a picture"\ndescription: "A post with its own file."\ndate: 2025-01-02\naliases: ["/c%2B%2B/gallery/"]\n---\n\nText.\n`);
  writeFileSync(join(project, "content/blog/with-a-picture/dot.png"), Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
  for (const host of ["netlify", "cloudflare"]) {
    const built = await sitegenIn(project, ["build", "--quiet", "--host", host, "--out", host === "netlify" ? "dist" : "dist-cloudflare"]);
    if (built.status !== 0) throw new Error(built.stderr);
  }
  writeFileSync(join(project, "canary.txt"), canary);
  const dist = join(project, "dist");
  const table = routeTable(dist);
  const site = { known: [...Object.keys(table.pages), ...Object.keys(table.files), "/c%2B%2B-tips/", "/c++-tips/", "/assets/site.css", "/c++/gallery/dot.png"], canary, form: { path: "/contact/", name: "enquiry" } };
  // Netlify's emulator holds about 8 MB for each request it serves: it is started afresh every 200.
  for (const host of fuzzedHosts({ dist, distForCloudflare: join(project, "dist-cloudflare"), canary, restartNetlifyEvery: 200 })) {
    if (values.only && values.only !== host.name) continue;
    const requests = Number(host.name === "netlify" ? values["netlify-requests"] : values.requests);
    log(`${host.name}: ${requests} requests…`);
    const report = await fuzzHost(host, site, { seed, requests, maxBodyBytes: Number(values["max-body"]), log });
    console.log(formatHostReport(report));
    failed ||= report.failures.length > 0 || (host.name === "preview" && report.restarts.length > 0);
  }
}

if ((!values.only || values.only === "content") && Number(values.inputs) > 0) {
  log(`content: ${values.inputs} inputs…`);
  const report = await fuzzContent({ seed, inputs: Number(values.inputs), maxTextCharacters: Number(values["max-text"]), importEvery: 5, log });
  console.log(formatContentReport(report));
  failed ||= report.failures.length > 0;
}
process.exitCode = failed ? 1 : 0;

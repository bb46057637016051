/**
 * One build of a very large blog (50,000 posts by default): its wall time,
 * CPU and peak RSS, and the sitemap files it wrote. Past the sitemaps.org
 * limit of 50,000 URLs a file, `sitemap.xml` is a sitemap index and the URLs
 * are in `sitemap-<n>.xml`; the report lists each file with its URLs and
 * bytes. One run: a build of this size takes half a minute or more.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BUILD_TIMEOUT_MS, failed } from "./measured-runs.ts";
import { fmtInt, fmtMB, fmtSeconds } from "./format.ts";
import { measure, type MeasureMethod } from "./measure.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { contentTree, outputsOf, settle } from "./outputs.ts";

export interface SitemapFile {
  file: string;
  /** `<loc>` entries: URLs in a sitemap, sitemap files in an index. */
  entries: number;
  bytes: number;
  index: boolean;
}

export interface LargeResult {
  posts: number;
  generateMs: number;
  wallMs: number;
  cpuMs: number;
  peakRssBytes: number;
  sitemaps: SitemapFile[];
  problems: string[];
}

/** Synthetic posts may carry an `updated` day up to a year after their date: the build stands for a time after all of them. */
const BUILD_TIME = "1800000000";

export async function benchLarge(
  options: BenchOptions,
  method: MeasureMethod,
  log: (line: string) => void,
): Promise<LargeResult> {
  const posts = options.large;
  const { tree, generateMs } = await contentTree(options, posts);
  log(`${fmtInt(posts)} posts: content ready in ${fmtSeconds(generateMs)}`);
  const out = join(outputsOf(options), `sitegen-${posts}-large`);
  await settle(options, log);
  const run = await measure({
    command: process.execPath,
    args: [
      join(ROOT, "bin/sitegen.js"),
      "build",
      "--content",
      tree.dir,
      "--out",
      out,
      "--cache",
      `${out}-cache`,
      "--quiet",
    ],
    cwd: ROOT,
    env: { ...process.env, SOURCE_DATE_EPOCH: BUILD_TIME },
    method,
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  const failure = failed(run);
  const result: LargeResult = {
    posts,
    generateMs,
    wallMs: run.wallMs,
    cpuMs: run.cpuMs,
    peakRssBytes: run.peakRssBytes,
    sitemaps: [],
    problems: failure ? [`the ${fmtInt(posts)}-post build: ${failure}`] : [],
  };
  if (failure) return result;
  result.sitemaps = readdirSync(out)
    .filter((name) => /^sitemap(-\d+)?\.xml$/.test(name))
    .sort((a, b) => a.length - b.length || a.localeCompare(b))
    .map((name) => sitemapFile(join(out, name), name));
  log(
    `${fmtInt(posts)} posts: ${fmtSeconds(run.wallMs)} wall, ${fmtMB(run.peakRssBytes)} peak RSS, ${result.sitemaps.map((s) => `${s.file} ${fmtInt(s.entries)}`).join(", ")}`,
  );
  return result;
}

function sitemapFile(path: string, file: string): SitemapFile {
  const text = readFileSync(path, "utf8");
  return {
    file,
    entries: text.split("<loc>").length - 1,
    bytes: statSync(path).size,
    index: text.includes("<sitemapindex"),
  };
}

export function largeReport(result: LargeResult): string[] {
  const lines = [
    `\`sitegen build\` of ${fmtInt(result.posts)} synthetic posts (made in ${fmtSeconds(result.generateMs)}), one run, into a new folder: ${fmtSeconds(result.wallMs)} wall, ${fmtSeconds(result.cpuMs)} CPU, ${fmtMB(result.peakRssBytes)} peak RSS.`,
    "",
    "| file | what | entries | bytes |",
    "|---|---|---|---|",
    ...result.sitemaps.map(
      (s) =>
        `| \`${s.file}\` | ${s.index ? "sitemap index" : "sitemap"} | ${fmtInt(s.entries)} ${s.index ? "files" : "URLs"} | ${fmtInt(s.bytes)} |`,
    ),
    "",
  ];
  if (result.problems.length > 0) lines.push(...result.problems.map((p) => `- ${p}`), "");
  return lines;
}

/**
 * Summarises V8 `.cpuprofile` files (from `node --cpu-prof`): self time by
 * file or package, self time by function, and inclusive time of the functions
 * under src/, so the hot spots of a build can be read without a browser.
 * Profiles of several threads (main and workers) are added together; idle time
 * is left out, so percentages are shares of the CPU time actually sampled.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/sitegen.js build --content <dir> --out <dir> --quiet
 *   node --import tsx bench/profile.ts /tmp/prof/*.cpuprofile [--top 25]
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { pathToFileURL } from "node:url";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  name: string;
  ms: number;
  /** Share of the sampled (non-idle) time, 0–1. */
  share: number;
}

export interface ProfileSummary {
  threads: number;
  /** Sampled non-idle time over all threads, ms. */
  sampledMs: number;
  byFile: HotSpot[];
  byFunction: HotSpot[];
  /** Inclusive time of functions under src/: where the work is, by our own names. */
  inclusive: HotSpot[];
}

/**
 * The CLI and its workers run from esbuild's bundles in lib/
 * (scripts/compile.mjs). esbuild starts each module's code with a `// path`
 * line, so a line of a bundle names its module.
 */
const BUNDLE = /\/lib\/[\w-]+\.js$/;

function moduleLines(code: string): (line: number) => string | undefined {
  const starts: [line: number, module: string][] = [];
  code.split("\n").forEach((text, line) => {
    const marker = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(text);
    if (marker) starts.push([line, marker[1]]);
  });
  return (line) => {
    let found: string | undefined;
    for (const [start, module] of starts) {
      if (start > line) break;
      found = module;
    }
    return found;
  };
}

/** Maps frames of bundled code to the module they came from, reading each bundle once. */
function bundleResolver(): (url: string, line: number) => string | undefined {
  const maps = new Map<string, (line: number) => string | undefined>();
  return (url, line) => {
    if (!BUNDLE.test(url)) return undefined;
    if (!maps.has(url)) maps.set(url, moduleLines(readFileSync(url, "utf8")));
    return maps.get(url)!(line);
  };
}

/** `(native)`, `(garbage collector)`, a package under node_modules, Node's internals or a project file, bundled or not. */
function fileOf(frame: CallFrame, root: string, bundled: ReturnType<typeof bundleResolver>): string {
  const url = frame.url.replace(/^file:\/\//, "");
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  if (url.startsWith("node:")) return "node: internals";
  const path = bundled(url, frame.lineNumber) ?? url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return `node_modules/${pkg[1]}`;
  return path.startsWith("src/") ? path : relative(root, path);
}

function functionOf(frame: CallFrame, file: string): string {
  return `${frame.functionName || "(anonymous)"}${frame.url ? ` (${file})` : ""}`;
}

export function summarizeProfiles(
  profiles: CpuProfile[],
  options: { root: string; top?: number },
): ProfileSummary {
  const bundled = bundleResolver();
  const top = options.top ?? 15;
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let sampled = 0;
  const add = (map: Map<string, number>, key: string, ms: number): void =>
    void map.set(key, (map.get(key) ?? 0) + ms);
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const self = new Map<number, number>();
    profile.samples.forEach((id, index) =>
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
    );
    for (const [id, micros] of self) {
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === "(idle)") continue;
      const ms = micros / 1000;
      sampled += ms;
      const file = fileOf(frame, options.root, bundled);
      add(byFile, file, ms);
      add(byFunction, functionOf(frame, file), ms);
      // Each src/ function once per stack, however deep it recurses.
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const caller = byId.get(at)!.callFrame;
        const callerFile = caller.url ? fileOf(caller, options.root, bundled) : "";
        if (!callerFile.startsWith("src/")) continue;
        const key = functionOf(caller, callerFile);
        if (!seen.has(key)) {
          seen.add(key);
          add(inclusive, key, ms);
        }
      }
    }
  }
  const rank = (map: Map<string, number>): HotSpot[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, share: sampled > 0 ? ms / sampled : 0 }));
  return {
    threads: profiles.length,
    sampledMs: sampled,
    byFile: rank(byFile),
    byFunction: rank(byFunction),
    inclusive: rank(inclusive),
  };
}

export function formatSummary(summary: ProfileSummary): string {
  const table = (title: string, spots: HotSpot[]): string[] => [
    title,
    ...spots.map(
      (spot) =>
        `${spot.ms.toFixed(0).padStart(8)} ms ${(spot.share * 100).toFixed(1).padStart(5)} %  ${spot.name}`,
    ),
    "",
  ];
  return [
    `${summary.threads} thread${summary.threads === 1 ? "" : "s"}, ${summary.sampledMs.toFixed(0)} ms of CPU sampled (idle left out)`,
    "",
    ...table("self time by file or package", summary.byFile),
    ...table("self time by function", summary.byFunction),
    ...table("inclusive time of functions under src/", summary.inclusive),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const argv = process.argv.slice(2);
  const topIndex = argv.indexOf("--top");
  const top = topIndex >= 0 ? Number(argv[topIndex + 1]) : 25;
  const files = argv.filter((arg) => arg.endsWith(".cpuprofile"));
  if (files.length === 0) {
    console.error("usage: bench/profile.ts <file.cpuprofile>... [--top 25]");
    process.exitCode = 2;
  } else {
    const profiles = files.map((file) => JSON.parse(readFileSync(file, "utf8")) as CpuProfile);
    console.log(formatSummary(summarizeProfiles(profiles, { root: process.cwd(), top })));
  }
}

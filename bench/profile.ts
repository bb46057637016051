/**
 * Summarises V8 `.cpuprofile` files (from `node --cpu-prof`): self time by
 * function and by file, and inclusive time of the functions under src/, so the
 * hot spots of a build can be read without a browser.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/sitegen.js build --content <dir> --out <dir> --quiet
 *   node --import tsx bench/profile.ts /tmp/prof/*.cpuprofile [--top 25]
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";

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
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const cwd = process.cwd();
const label = (frame: CallFrame): string => {
  const file = frame.url ? relative(cwd, frame.url.replace(/^file:\/\//, "")) : "";
  return `${frame.functionName || "(anonymous)"} ${file ? `${file}:${frame.lineNumber + 1}` : ""}`.trim();
};
const fileOf = (frame: CallFrame): string => {
  const url = frame.url.replace(/^file:\/\//, "");
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  const path = relative(cwd, url);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return pkg ? `node_modules/${pkg[1]}` : path.startsWith("node:") ? "node: internals" : path;
};

export function summarize(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = (profile.endTime - profile.startTime) / 1000;

  const selfByFunction = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const ms = micros / 1000;
    selfByFunction.set(label(node.callFrame), (selfByFunction.get(label(node.callFrame)) ?? 0) + ms);
    selfByFile.set(fileOf(node.callFrame), (selfByFile.get(fileOf(node.callFrame)) ?? 0) + ms);
    // Inclusive time of src/ functions: count each function once per stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!/\/src\//.test(frame.url) || /node_modules/.test(frame.url)) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const table = (title: string, map: Map<string, number>): string[] => [
    `${title}`,
    ...[...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`),
    "",
  ];
  return [
    `profile: ${total.toFixed(0)} ms`,
    "",
    ...table("self time by file or package", selfByFile),
    ...table("self time by function", selfByFunction),
    ...table("inclusive time of functions under src/", inclusive),
  ].join("\n");
}

const argv = process.argv.slice(2);
const topIndex = argv.indexOf("--top");
const top = topIndex >= 0 ? Number(argv[topIndex + 1]) : 25;
const files = argv.filter((arg, index) => arg.endsWith(".cpuprofile") && index !== topIndex + 1);
if (files.length === 0) {
  console.error("usage: bench/profile.ts <file.cpuprofile>... [--top 25]");
  process.exitCode = 2;
}
for (const file of files) {
  console.log(`== ${file}`);
  console.log(summarize(JSON.parse(readFileSync(file, "utf8")) as Profile, top));
}

/**
 * The content fuzz: seeded random and adversarial content through the real
 * CLI's `build`, `check` and `import`: frontmatter in YAML, TOML and JSON
 * with control characters, escapes, huge keys and strings, deep nesting,
 * alias bombs and repeated keys; Markdown bodies with headings, links to
 * nowhere, HTML, unclosed fences, template tags and emphasis storms; a
 * site.yaml with hostile names; links out of the tree and binary files
 * named `.md`. Each input goes into its own copy of the starter site, whose
 * `dist/` already holds a build.
 *
 * What every run must end in: exit 0 with a build whose XML and JSON parse
 * and that holds nothing from outside the tree, or exit 1 with every error
 * naming its file (and line); never a stack trace, never exit 2; `dist/`
 * either the old build, byte for byte, or the new one; time and memory
 * within a bound proportional to the input (a bound on a hang or a blow-up,
 * not a measure of speed). Those rules are content-checks.ts's; the CLI
 * runs, measured, measured-cli.ts's.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseDocument } from "yaml";
import { rng } from "../bench/random.ts";
import { CLI, EPOCH } from "../test/helpers/dist.ts";
import { readTree } from "../test/helpers/site.ts";
import { input, type Input } from "./content-inputs.ts";
import { bounds, messageProblems, outputProblems, sameTree } from "./content-checks.ts";
import { runCli, type CommandRun } from "./measured-cli.ts";
import { countsLine } from "./counts.ts";

export interface ContentFuzzOptions {
  seed: number;
  inputs: number;
  /** The most characters a generated string, key or body may hold. */
  maxTextCharacters: number;
  /** Inputs run at once. */
  concurrency?: number;
  /** Every how many inputs one also goes through `sitegen import` as a Jekyll post. */
  importEvery?: number;
  log?: (text: string) => void;
}

export interface ContentReport {
  inputs: number;
  /** The inputs by kind: a post, a page, site.yaml, a tree (links, loops, binary and sparse files). */
  tried: Record<string, number>;
  /** Runs by command and outcome: `build: built`, `build: refused`, `check: passed`, `import: refused`… */
  outcomes: Record<string, number>;
  failures: string[];
  /** The most memory one command held, and the input it ran on. */
  peakRssBytes: number;
  peakInput: string;
  /** The largest input, in bytes. */
  largestInputBytes: number;
}

/** The starter site, built once: each input starts from a copy of it. */
function baseSite(work: string): string {
  const base = join(work, "base");
  const made = spawnSync(process.execPath, [CLI, "init", base, "--no-install"], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`sitegen init failed:\n${made.stderr}`);
  const built = spawnSync(process.execPath, [CLI, "build", "--quiet"], {
    cwd: base,
    encoding: "utf8",
    env: { ...process.env, SOURCE_DATE_EPOCH: EPOCH },
  });
  if (built.status !== 0) throw new Error(`the starter failed to build:\n${built.stderr}`);
  return base;
}

function place(site: string, made: Input): void {
  if (made.siteYaml) {
    const file = join(site, "content/site.yaml");
    if ("append" in made.siteYaml)
      writeFileSync(file, `${readFileSync(file, "utf8")}\n${made.siteYaml.append}`);
    else {
      const document = parseDocument(readFileSync(file, "utf8"));
      const [field, value] = made.siteYaml.set;
      document.set(field, ["languages", "when_to_use"].includes(field) ? [value] : value);
      writeFileSync(file, document.toString());
    }
  }
  for (const [path, bytes] of Object.entries(made.files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), bytes);
  }
  for (const [path, target] of made.links) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    rmSync(join(site, path), { recursive: true, force: true });
    symlinkSync(target, join(site, path));
  }
  for (const [path, bytes] of made.sparse) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), "");
    truncateSync(join(site, path), bytes);
  }
}

export async function fuzzContent(options: ContentFuzzOptions): Promise<ContentReport> {
  const work = join(tmpdir(), `sitegen-content-fuzz-${process.pid}-${options.seed}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const canary = join(work, "outside");
  const token = `canary-${options.seed}-outside-the-tree`;
  mkdirSync(canary);
  writeFileSync(
    join(canary, "secret.md"),
    `---\ntitle: ${token}\ndescription: ${token}\ndate: 2025-01-01\n---\n\n${token}\n`,
  );
  writeFileSync(join(canary, "secret.png"), token);
  writeFileSync(join(canary, "secret.txt"), token);
  const base = baseSite(work);
  const baseDist = readTree(join(base, "dist"));
  const next = rng(options.seed);
  const report: ContentReport = {
    inputs: 0,
    tried: {},
    outcomes: {},
    failures: [],
    peakRssBytes: 0,
    peakInput: "",
    largestInputBytes: 0,
  };
  const count = (key: string) => (report.outcomes[key] = (report.outcomes[key] ?? 0) + 1);
  const inputs = Array.from({ length: options.inputs }, (_, index) =>
    input(next, index, options.maxTextCharacters, canary),
  );
  let taken = 0;
  const measure = (made: Input, command: string, run: CommandRun) => {
    const bound = bounds(made.bytes);
    if (run.peakRssBytes > report.peakRssBytes)
      [report.peakRssBytes, report.peakInput] = [run.peakRssBytes, `${made.label} (${command})`];
    if (run.status === -1 || run.seconds > bound.seconds)
      report.failures.push(`${made.label}: ${command} ran past ${Math.round(bound.seconds)} s`);
    if (run.peakRssBytes > bound.rssBytes)
      report.failures.push(
        `${made.label}: ${command} held ${run.peakRssBytes} bytes, past ${bound.rssBytes}`,
      );
    if (![0, 1].includes(run.status))
      report.failures.push(`${made.label}: ${command} exited ${run.status}:\n${run.stderr.slice(0, 1500)}`);
    for (const problem of messageProblems(run))
      report.failures.push(`${made.label}: ${command}: ${problem}:\n${run.stderr.slice(0, 1500)}`);
  };
  const lane = async () => {
    while (taken < inputs.length) {
      const index = taken++;
      const made = inputs[index];
      report.inputs++;
      const kind = made.label.split(" #")[0];
      report.tried[kind] = (report.tried[kind] ?? 0) + 1;
      report.largestInputBytes = Math.max(report.largestInputBytes, made.bytes);
      const site = join(work, `input-${index}`);
      cpSync(base, site, { recursive: true });
      place(site, made);
      const timeout = Math.ceil(bounds(made.bytes).seconds * 1000 * 2);
      const build = await runCli(site, ["build"], timeout);
      measure(made, "build", build);
      count(`build: ${build.status === 0 ? "built" : "refused"}`);
      const dist = readTree(join(site, "dist"));
      if (build.status === 0) {
        for (const problem of outputProblems(join(site, "dist"), token))
          report.failures.push(`${made.label}: build: ${problem}`);
      } else if (!sameTree(dist, baseDist))
        report.failures.push(`${made.label}: a failed build changed dist/`);
      if (readdirSync(site).some((name) => name.startsWith("dist.sitegen-")))
        report.failures.push(`${made.label}: a build left a folder beside dist/`);
      const check = await runCli(site, ["check"], timeout);
      measure(made, "check", check);
      count(`check: ${check.status === 0 ? "passed" : "refused"}`);
      const post = Object.entries(made.files).find(
        ([path]) => path.startsWith("content/blog/") && path.endsWith(".md"),
      );
      if (options.importEvery && post && index % options.importEvery === 0) {
        const source = join(work, `jekyll-${index}`);
        mkdirSync(join(source, "_posts"), { recursive: true });
        writeFileSync(join(source, "_config.yml"), "title: Fuzzed\n");
        writeFileSync(join(source, "_posts/2025-01-01-fuzz.md"), post[1]);
        const imported = await runCli(work, ["import", source, join(work, `imported-${index}`)], timeout);
        measure(made, "import", imported);
        count(`import: ${imported.status === 0 ? "moved" : "refused"}`);
        rmSync(source, { recursive: true, force: true });
        rmSync(join(work, `imported-${index}`), { recursive: true, force: true });
      }
      rmSync(site, { recursive: true, force: true });
      options.log?.(
        `${made.label}: build ${build.status}, check ${check.status}, ${made.bytes} bytes${
          build.status === 0
            ? ""
            : `: ${
                build.stderr
                  .split("\n")
                  .find((line) => line.startsWith("error: "))
                  ?.slice(0, 160) ?? ""
              }`
        }`,
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, lane));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return report;
}

export function formatContentReport(report: ContentReport): string {
  const outcomes = countsLine(report.outcomes);
  const tried = countsLine(report.tried);
  return [
    `content: ${report.inputs} inputs (the largest ${report.largestInputBytes} bytes); tried ${tried}; ${outcomes}; peak memory ${(report.peakRssBytes / 1024 / 1024).toFixed(0)} MB (${report.peakInput}); ${report.failures.length} failure(s)`,
    ...report.failures.slice(0, 20).map((failure) => `  failure: ${failure}`),
  ].join("\n");
}

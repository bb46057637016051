/**
 * What every run of the content fuzz (content.ts) must end in: messages that
 * name their file and no stack trace, output that parses and holds nothing
 * from outside the tree, and time and memory within a bound that grows with
 * the input. Its own module because these are the fuzz's rules, read apart
 * from the machinery that runs the inputs.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readTree } from "../test/helpers/site.ts";
import type { CommandRun } from "./measured-cli.ts";

/** What a failed run's messages must be: every error naming a file, no stack trace. */
export function messageProblems(run: CommandRun): string[] {
  const problems: string[] = [];
  // `import` reports the build it ran, errors indented, on standard output.
  const said = `${run.stdout}\n${run.stderr}`;
  if (/\n\s+at .+:\d+:\d+\)?\n|\b(TypeError|RangeError|ReferenceError|SyntaxError|Error \[ERR_)/.test(said))
    problems.push("a stack trace");
  const errors = said.split("\n").filter((line) => /^\s*error: /.test(line));
  for (const line of errors) {
    if (!/^\s*error: [^:\s][^:]*(:\d+(:\d+)?)?: \S/.test(line))
      problems.push(`an error naming no file: ${line.slice(0, 200)}`);
  }
  if (run.status === 1 && errors.length === 0) problems.push("exit 1 with no error");
  return problems;
}

/** A build's files that are meant to parse, parsed; and no byte of the canary in any. */
export function outputProblems(dist: string, canary: string): string[] {
  const problems: string[] = [];
  for (const [file, bytes] of readTree(dist)) {
    if (bytes.includes(canary)) problems.push(`${file} holds a file from outside the content folder`);
    if (file.endsWith(".json")) {
      try {
        JSON.parse(bytes.toString("utf8"));
      } catch {
        problems.push(`${file} is not JSON`);
      }
    }
    if (file.endsWith(".xml") && existsSync("/usr/bin/xmllint")) {
      const lint = spawnSync("/usr/bin/xmllint", ["--noout", join(dist, file)], { encoding: "utf8" });
      if (lint.status !== 0) problems.push(`${file} is not well-formed XML: ${lint.stderr.slice(0, 300)}`);
    }
  }
  return problems;
}

export function sameTree(a: Map<string, Buffer>, b: Map<string, Buffer>): boolean {
  return a.size === b.size && [...a].every(([file, bytes]) => b.get(file)?.equals(bytes));
}

/** A run's bound: far more than the work takes, growing with the input; a run past it is a hang or a blow-up. */
export function bounds(inputBytes: number): { seconds: number; rssBytes: number } {
  return { seconds: 60 + inputBytes / 10_000, rssBytes: 600 * 1024 * 1024 + inputBytes * 60 };
}

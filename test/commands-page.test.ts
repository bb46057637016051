/**
 * The docs' Commands page is written from the CLI's own definitions
 * (src/cli/commands-page.ts, by `npm run docs`), so it cannot drift: every
 * option of every command the real CLI's `--help` lists is on a line of the
 * page, in that command's section, and the page is exactly what the
 * definitions and the hand-written notes make.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { commandsPage, readNotes, registerAll } from "../src/cli/commands-page.ts";
import type { Io } from "../src/cli/io.ts";
import { ROOT, sitegen } from "./helpers/dist.ts";

const PAGE = join(ROOT, "docs/content/pages/commands.md");
const NOTES = join(ROOT, "docs/commands-notes.md");
const page = readFileSync(PAGE, "utf8");
const io: Io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: {},
  cwd: ROOT,
  stopped: () => new Promise(() => {}),
};
const definitions = () => registerAll(new Command("sitegen"), io);

/** The commands `--help` lists, as `sitegen <name> --help` prints them. */
function commandsOf(args: string[]): string[] {
  const help = sitegen([...args, "--help"]);
  assert.equal(help.status, 0, help.stderr);
  const start = help.stdout.indexOf("\nCommands:\n");
  if (start === -1) return [];
  const section = help.stdout.slice(start + "\nCommands:\n".length).split("\n\n")[0];
  return [...section.matchAll(/^ {2}([a-z]\S*)/gm)]
    .map((match) => match[1])
    .filter((name) => name !== "help");
}

/** The options `sitegen <command> --help` lists, each by its flags as printed (`-q, --quiet`, `--port <port>`). */
function optionsOf(command: string): string[] {
  const help = sitegen([...command.split(" "), "--help"]);
  assert.equal(help.status, 0, `${command}: ${help.stderr}`);
  const start = help.stdout.indexOf("\nOptions:\n");
  if (start === -1) return [];
  const section = help.stdout.slice(start + "\nOptions:\n".length).split(/\n\S/)[0];
  return [...section.matchAll(/^ {2}(-\S.*?)(?: {2,}|$)/gm)]
    .map((match) => match[1].trim())
    .filter((flags) => flags !== "-h, --help");
}

/** The page's section for `command`: from its heading to the next. */
function sectionOf(command: string): string {
  const start = page.indexOf(`\n## sitegen ${command} {#`);
  assert.notEqual(start, -1, `the page has a section for \`sitegen ${command}\``);
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start, end === -1 ? undefined : end);
}

test("every option of every command the CLI's --help lists is on a line of that command's section of the page", () => {
  const commands = commandsOf([]).flatMap((name) => {
    const subcommands = commandsOf([name]);
    return subcommands.length > 0 ? subcommands.map((sub) => `${name} ${sub}`) : [name];
  });
  assert.ok(commands.length >= 10, commands.join(", "));
  let options = 0;
  for (const command of commands) {
    const lines = sectionOf(command).split("\n");
    for (const flags of optionsOf(command)) {
      options++;
      assert.ok(
        lines.some((line) => line.startsWith(`- \`${flags}\``)),
        `sitegen ${command}: \`${flags}\` has a line of its own`,
      );
    }
  }
  assert.ok(options >= 50, `${options} options`);
});

test("the options the issue found missing are there: import's --no-build and Astro, check's --templates", () => {
  assert.match(sectionOf("import"), /^- `--no-build`: /m);
  assert.match(sectionOf("import"), /Astro/);
  assert.match(sectionOf("check"), /^- `--templates <dir>` \(default `templates`\): /m);
});

test("the page is exactly what the definitions and docs/commands-notes.md make: `npm run docs` writes it", () => {
  assert.equal(page, commandsPage(definitions(), readNotes(readFileSync(NOTES, "utf8"))));
  const check = spawnSync(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts/commands-page.mjs"), "--check"],
    { cwd: ROOT, encoding: "utf8" },
  );
  assert.equal(check.status, 0, check.stderr);
});

test("a page that drifted from the definitions fails: an option added, a description changed", () => {
  const notes = readNotes(readFileSync(NOTES, "utf8"));
  const added = definitions();
  added.commands
    .find((command) => command.name() === "build")!
    .option("--sitemap-only", "write only the sitemap");
  const drifted = commandsPage(added, notes);
  assert.notEqual(drifted, page);
  assert.match(drifted, /^- `--sitemap-only`: write only the sitemap$/m);
  const changed = definitions();
  changed.commands
    .find((command) => command.name() === "serve")!
    .options.find((option) => option.long === "--port")!.description = "the port";
  assert.notEqual(commandsPage(changed, notes), page);
});

test("notes for a command the CLI does not have are refused, naming it", () => {
  const notes = readNotes(`${readFileSync(NOTES, "utf8")}\n## sitegen deploy\n\nDeploys.\n`);
  assert.throws(
    () => commandsPage(definitions(), notes),
    /notes for `sitegen deploy`, which the CLI does not have/,
  );
});

test("a section per command, each option a short line, readable on a phone: no table of options, no line of the options over 400 characters", () => {
  for (const line of page.split("\n").filter((each) => each.startsWith("- `-")))
    assert.ok(line.length <= 400, line);
  assert.ok(!/^\| `--/m.test(page), "options are a list, not a table");
  assert.match(page, /^\| exit code \| meaning \|$/m, "the hand-written exit codes are kept");
  assert.match(page, /^\[`build`\]\(#build\) · /m, "a line of links to each command's section");
});

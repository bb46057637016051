/**
 * The docs' Commands page (docs/content/pages/commands.md), written from the
 * CLI's own definitions, so it cannot drift from them: a section per command,
 * its arguments, then each option on a line of its own with what it takes,
 * its default and what it does, as `--help` says them. Prose the definitions
 * do not hold (what a command does at length, exit codes, an example run)
 * is hand-written in docs/commands-notes.md: a `## sitegen <command>`
 * section there follows that command's options; every other section comes
 * after the commands. Run by `npm run docs` (scripts/commands-page.ts).
 */
import type { Argument, Command, Option } from "commander";
import type { Io } from "./io.ts";
import { registerCommands } from "./program.ts";

/** Every command as the CLI registers it (src/cli/program.ts), on `program`: only their definitions are read, nothing runs. */
export function registerAll(program: Command, io: Io): Command {
  registerCommands(program, io, { code: 0 });
  return program;
}

/** The commands a reader runs, subcommands in place of their group (`host add`, `new post`), in the order `--help` lists them. */
export function leafCommands(program: Command): { path: string; command: Command }[] {
  return program.commands.flatMap((command) =>
    command.commands.length > 0
      ? command.commands.map((sub) => ({ path: `${command.name()} ${sub.name()}`, command: sub }))
      : [{ path: command.name(), command }],
  );
}

export interface PageParts {
  /** The page's frontmatter and opening prose (docs/commands-notes.md before its first `##`). */
  head: string;
  /** Hand-written sections by heading (`sitegen build`, `Exit codes`), in the file's order. */
  sections: { heading: string; body: string }[];
}

/** docs/commands-notes.md in parts: its head, then each `## ` section. */
export function readNotes(text: string): PageParts {
  const [head, ...rest] = text.split(/^## /m);
  return {
    head: head.trimEnd(),
    sections: rest.map((section) => {
      const newline = section.indexOf("\n");
      return {
        heading: section.slice(0, newline === -1 ? undefined : newline).trim(),
        body: newline === -1 ? "" : section.slice(newline + 1).trim(),
      };
    }),
  };
}

export const GENERATED_NOTE =
  "<!-- Written by `npm run docs` from the CLI's definitions (src/cli/commands/) and docs/commands-notes.md: edit those, not this file. -->";

/** The page: the notes' head, a section per command with its own notes, then the notes' other sections. */
export function commandsPage(program: Command, notes: PageParts): string {
  const commands = leafCommands(program);
  const headings = new Set(commands.map(({ path }) => `sitegen ${path}`));
  const unknown = notes.sections.filter(
    ({ heading }) => heading.startsWith("sitegen ") && !headings.has(heading),
  );
  if (unknown.length > 0)
    throw new Error(
      `docs/commands-notes.md has notes for ${unknown.map(({ heading }) => `\`${heading}\``).join(", ")}, which the CLI does not have`,
    );
  const noteOf = (heading: string) => notes.sections.find((section) => section.heading === heading)?.body;
  const parts = [notes.head, GENERATED_NOTE];
  parts.push(wrap(commands.map(({ path }) => `[\`${path}\`](#${anchor(path)})`).join(" · "), ""));
  for (const { path, command } of commands)
    parts.push(commandSection(path, command, noteOf(`sitegen ${path}`)));
  for (const { heading, body } of notes.sections)
    if (!headings.has(heading)) parts.push(`## ${heading}\n\n${body}`);
  return `${parts.join("\n\n")}\n`;
}

function commandSection(path: string, command: Command, note: string | undefined): string {
  const args = command.registeredArguments.map(argumentName);
  const lines = [
    `## sitegen ${path} {#${anchor(path)}}`,
    "",
    wrap(inline(sentence(command.description())), ""),
    "",
    "```sh",
    `sitegen ${[path, ...args].join(" ")}${command.options.length > 0 ? " [options]" : ""}`,
    "```",
  ];
  if (command.registeredArguments.length > 0) {
    lines.push("", "Arguments:", "");
    for (const argument of command.registeredArguments)
      lines.push(
        wrap(
          `- \`${argumentName(argument)}\`: ${inline(argument.description)}${argument.required ? "" : " (optional)"}`,
          "  ",
        ),
      );
  }
  if (command.options.length > 0) {
    lines.push("", "Options:", "");
    for (const option of command.options) lines.push(wrap(`- ${optionLine(option)}`, "  "));
  }
  if (note) lines.push("", note);
  return lines.join("\n");
}

/** `` `--port <port>` (default `8080`): port (0 picks a free one) `` */
function optionLine(option: Option): string {
  const shown =
    option.defaultValue !== undefined &&
    option.defaultValue !== "" &&
    !option.negate &&
    typeof option.defaultValue !== "boolean";
  const fallback = shown ? ` (default \`${String(option.defaultValue)}\`)` : "";
  const choices = option.argChoices
    ? ` (one of ${option.argChoices.map((choice) => `\`${choice}\``).join(", ")})`
    : "";
  return `\`${option.flags}\`${fallback}${choices}: ${inline(option.description)}`;
}

function argumentName(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? "..." : ""}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/** The width the docs' Markdown is wrapped to, as the hand-written pages are. */
const WIDTH = 100;

/**
 * `text` in lines of at most `WIDTH` characters where its words allow,
 * each after the first indented by `indent` (a list item's continuation);
 * a code span is never broken, so a flag stays whole on its line.
 */
function wrap(text: string, indent: string): string {
  const words = text.match(/(?:`[^`]*`|[^\s`])+/g) ?? [];
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.join("\n");
}

/** The id a command's heading takes: `host add` → `host-add`. */
export function anchor(path: string): string {
  return path.replace(/\s+/g, "-");
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === ""
    ? trimmed
    : `${trimmed[0].toUpperCase()}${trimmed.slice(1)}${/[.!?:]$/.test(trimmed) ? "" : "."}`;
}

/**
 * A definition's text as Markdown that shows it as written: a code span in
 * backticks stays one; elsewhere a character that would start markup
 * (emphasis, a link, an HTML tag) is escaped, so `<dir>` shows as itself.
 */
export function inline(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*_[\]<>|]/g, "\\$&")))
    .join("");
}

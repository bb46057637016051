// Writes docs/content/pages/commands.md from the CLI's own definitions and
// docs/commands-notes.md (src/cli/commands-page.ts); `--check` writes
// nothing and exits 1 when the page differs from what it would write.
// Run with tsx, as `npm run docs` does: node --import tsx scripts/commands-page.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { commandsPage, readNotes, registerAll } from "../src/cli/commands-page.ts";

const root = join(import.meta.dirname, "..");
const page = join(root, "docs/content/pages/commands.md");
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: {},
  cwd: root,
  stopped: () => new Promise(() => {}),
};
const written = commandsPage(
  registerAll(new Command("sitegen"), io),
  readNotes(readFileSync(join(root, "docs/commands-notes.md"), "utf8")),
);

if (process.argv.includes("--check")) {
  if (readFileSync(page, "utf8") !== written) {
    process.stderr.write(
      "docs/content/pages/commands.md differs from the CLI's definitions: run `npm run docs`\n",
    );
    process.exitCode = 1;
  }
} else writeFileSync(page, written);

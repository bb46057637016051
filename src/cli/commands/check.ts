/** `sitegen check`. */
import type { Command } from "commander";
import { baseUrlFrom, buildTime, EXIT, printers, workersFrom, type Io } from "../io.ts";
import { draftsAndProduction } from "./build.ts";

interface CheckFlags {
  content: string;
  templates: string;
  dist: string;
  baseUrl?: string;
  json?: boolean;
  strict?: boolean;
  drafts?: boolean;
}

export function registerCheck(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("check")
    .description("find what a build would fail or warn on, without writing it; cross-check a built folder if there is one")
    .option("--content <dir>", "content folder", "content")
    .option("--templates <dir>", "templates folder", "templates")
    .option("--dist <dir>", "built folder to cross-check (skipped if it holds no build)", "dist")
    .option("--base-url <url>", "site origin, as for build (on Netlify, the URL variable); robots.txt's size depends on it")
    .option("--strict", "fail on a frontmatter field that looks like a typo of one sitegen knows (`tittle`), and on a control character XML forbids in a text")
    .option("--drafts", "check the drafts too, as `build --drafts` builds them (on Netlify, deploy previews and branch deploys do)")
    .option("--json", "print findings as JSON")
    .addHelpText("after", "\nExamples:\n  $ sitegen check\n  $ sitegen check --json | jq '.findings[] | select(.level == \"error\")'")
    .action(async (flags: CheckFlags) => {
      const { check } = await import("../../check.ts");
      const { formatFinding } = await import("../../findings.ts");
      const { print, printError } = printers(io);
      const result = await check({
        contentDir: flags.content,
        templatesDir: flags.templates,
        distDir: flags.dist,
        baseUrl: baseUrlFrom(flags.baseUrl, io.env),
        generated: buildTime(io.env),
        workers: workersFrom(io.env),
        cwd: io.cwd,
        strict: flags.strict,
        ...draftsAndProduction(flags.drafts, io.env),
      });
      const errors = result.findings.filter((f) => f.level === "error");
      if (flags.json) print(JSON.stringify({ ok: errors.length === 0, checked: result.checked, findings: result.findings }, null, 2));
      else {
        for (const finding of result.findings) printError(formatFinding(finding));
        const warnings = result.findings.filter((f) => f.level === "warning").length;
        const scope = `${result.checked.pages} pages, ${result.checked.posts} published posts${result.checked.dist ? `, and ${flags.dist}/` : ""}`;
        (errors.length ? printError : print)(`${errors.length ? "✗" : "✓"} checked ${scope}: ${errors.length} error(s), ${warnings} warning(s)`);
      }
      if (errors.length > 0) exit.code = EXIT.content;
    });
}

/** `sitegen compare <old-site>`: a built site held to the old site it replaces, page by page. */
import type { Command } from "commander";
import { EXIT, printers, usage, type Io } from "../io.ts";

interface CompareFlags {
  dist: string;
  basePath: string;
  origin?: string;
  json?: boolean;
}

export function registerCompare(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("compare")
    .description(
      "hold a built site to the old site it replaces: every old page answers (its page, or a 301 to one), and each page keeps its old page's words, images and links",
    )
    .argument("<old-site>", "the old site as its generator built it (_site/, public/, dist/)")
    .option("--dist <dir>", "the new site's built folder", "dist")
    .option("--base-path <path>", "the path the old site was served under (/blog), if any", "")
    .option("--origin <url>", "the old site's origin, so links written with it count as the site's own")
    .option("--json", "print the comparison as JSON")
    .addHelpText(
      "after",
      "\nExit codes: 0 every old page answers; 1 some do not (each is named).\n\nExamples:\n  $ sitegen compare ../old-blog/_site\n  $ sitegen compare ../old-blog/public --base-path /field --json\n",
    )
    .action(async (oldSite: string, flags: CompareFlags) => {
      const { existsSync } = await import("node:fs");
      const { resolve } = await import("node:path");
      const { compareSites } = await import("../../import/published/compare.ts");
      const { print } = printers(io);
      const old = resolve(io.cwd, oldSite);
      const dist = resolve(io.cwd, flags.dist);
      if (!existsSync(old))
        throw usage(
          `${oldSite}: no such folder`,
          "name the folder the old generator built the site into: _site/ (Jekyll, Eleventy), public/ (Hugo), dist/ (Astro)",
        );
      if (!existsSync(dist))
        throw usage(
          `${flags.dist}: no such folder`,
          "build the site first (`npx sitegen build`), or name its folder with --dist",
        );
      const basePath = flags.basePath.replace(/\/+$/, "");
      if (basePath !== "" && !basePath.startsWith("/"))
        throw usage(`--base-path must start with /, not ${flags.basePath}`);
      const { proof, text } = compareSites({ oldSite: old, dist, basePath, origin: flags.origin });
      print(
        flags.json
          ? JSON.stringify({ answered: proof.answered, totals: proof.totals, pages: proof.pages }, null, 2)
          : text,
      );
      exit.code = proof.answered.unanswered.length > 0 ? EXIT.content : EXIT.ok;
    });
}

/**
 * A build and what it prints: the summary line or `--json`, the findings,
 * or the failure and its exit code. Its own module because it runs in the
 * build's thread (build-thread.ts), which writes through the main thread's
 * streams, or in the main thread itself for a small blog.
 */
import type { BuildOptions } from "../build.ts";
import { EXIT, formatBytes, printers, type Io } from "./io.ts";
import { cacheSummary, printJson, reportFailure, tally } from "./report.ts";

/** What the command's flags say of what to print. */
export interface ReportFlags {
  out: string;
  quiet?: boolean;
  json?: boolean;
  strict?: boolean;
}

/** Builds, prints the outcome, and returns the exit code; a usage error or a fault of sitegen's own is thrown on. */
export async function buildAndReport(options: BuildOptions, flags: ReportFlags, io: Io): Promise<number> {
  const { build } = await import("../build.ts");
  const { countByKind, formatFindings } = await import("../findings.ts");
  const { print, printError } = printers(io);
  try {
    const result = await build(options);
    const reported = result.findings.filter((finding) => finding.level !== "note");
    const cache = result.cache && {
      dir: result.cache.dir,
      reused: result.reused,
      ...(result.cache.note ? { note: result.cache.note } : {}),
    };
    if (flags.json) {
      const { pages, files, bytes, milliseconds, stages, images } = result;
      const counts = countByKind(reported);
      printJson(io, {
        ok: true,
        out: flags.out,
        pages,
        files,
        bytes,
        milliseconds,
        stages,
        ...(cache ? { cache } : {}),
        images,
        counts,
        findings: reported,
      });
    } else if (!flags.quiet) {
      for (const line of formatFindings(reported)) printError(line);
      print(
        `Built ${result.pages} pages, ${result.files} files, ${formatBytes(result.bytes)} in ${result.milliseconds} ms${cacheSummary(cache)} → ${flags.out}/`,
      );
      if (reported.length > 0) printError(`! ${tally(reported, ["warning"])}; \`--strict\` fails on them`);
    }
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error, {
      io,
      json: Boolean(flags.json),
      strict: flags.strict,
      summary: (counts) => `✗ build failed with ${counts}; the output folder was left as it was`,
    });
  }
}

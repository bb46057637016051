/**
 * How large the agent and crawl files may be, in one place: the build warns
 * past a budget, `check` fails, and the README quotes these numbers. (`verify`
 * keeps its own copy in src/verify/spec.ts on purpose: it is an independent
 * reading of the spec.)
 */
import { SitegenError } from "../errors.ts";
import type { Finding } from "../findings.ts";
import type { Manifest } from "../manifest/manifest.ts";
import type { Written } from "../write/output.ts";

export const BUDGETS = {
  /** Spec §8.3: robots.txt is about 100 bytes at most; a larger body reveals a CDN rewriting it. */
  robotsTxtMax: 100,
  /** llms.txt checkers flag files over 50,000 characters. */
  llmsTxtMax: 50_000,
  /**
   * Spec §2.6, §8.2: llms-full.txt is sized in the hundreds of kilobytes: at
   * most this. A small site's is small, and that is no fault.
   */
  llmsFullMax: 1_000_000,
} as const;

/**
 * robots.txt over its limit is an error (spec §8.3 makes size the signal of a
 * rewrite); the agent files' sizes are warnings in a build and errors in `check`.
 */
export function sizeProblems(manifest: Manifest, written: Map<string, Written>, mode: "build" | "check"): { errors: SitegenError[]; warnings: Finding[] } {
  const errors: SitegenError[] = [];
  const warnings: Finding[] = [];
  const size = (file: string) => written.get(file)?.bytes ?? 0;
  const { robots, llmsTxt, llmsFullTxt } = manifest.surface;
  if (size(robots.file) > BUDGETS.robotsTxtMax) {
    errors.push(
      new SitegenError("E_CHECK", `robots.txt is ${size(robots.file)} bytes; the limit is ${BUDGETS.robotsTxtMax}`, {
        location: { file: robots.file },
        hint: "use a shorter base_url; robots.txt holds only the allow rule and the sitemap URL",
      }),
    );
  }
  const sized = (file: string, message: string, hint: string) => {
    const error = new SitegenError("E_CHECK", message, { location: { file }, hint });
    if (mode === "check") errors.push(error);
    else warnings.push({ level: "warning", code: error.code, message, file, hint });
  };
  if (size(llmsTxt.file) > BUDGETS.llmsTxtMax) sized(llmsTxt.file, `llms.txt is ${size(llmsTxt.file)} bytes; agents expect it under ${BUDGETS.llmsTxtMax}`, "shorten page and post descriptions");
  const full = size(llmsFullTxt.file);
  if (full > BUDGETS.llmsFullMax) {
    sized(llmsFullTxt.file, `llms-full.txt is ${full} bytes; the surface promises at most ${BUDGETS.llmsFullMax}`, "llms-full.txt is every page and post; its size follows the content");
  }
  return { errors, warnings };
}

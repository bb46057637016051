/**
 * What Cloudflare accepts in one deploy of static assets: at most 20,000
 * files on the free plan and 100,000 on the paid plans, each at most 25 MiB.
 * A build for Cloudflare says so before a deploy fails, each with the
 * numbers: past the free plan's count (`host-plan`), past the paid plans'
 * count or the size of a file (`host-limit`). `_headers` and `_redirects` are Cloudflare's
 * configuration, not assets.
 */
import { SitegenError } from "../errors.ts";
import type { Written } from "../write/output.ts";

export const CLOUDFLARE_FILES = { free: 20_000, paid: 100_000, fileBytes: 25 * 1024 * 1024 } as const;

const CONFIGURATION = new Set(["_headers", "_redirects"]);

export function cloudflareFileProblems(written: Map<string, Written>): SitegenError[] {
  const problems: SitegenError[] = [];
  let count = 0;
  for (const [file, { bytes }] of written) {
    if (CONFIGURATION.has(file)) continue;
    count++;
    if (bytes > CLOUDFLARE_FILES.fileBytes) {
      problems.push(
        new SitegenError(
          "E_CHECK",
          `${file} is ${bytes} bytes; Cloudflare serves files of at most ${CLOUDFLARE_FILES.fileBytes} bytes (25 MiB)`,
          {
            kind: "host-limit",
            location: { file },
            hint: "deploy to Netlify, which has no such limit, or make the file smaller",
          },
        ),
      );
    }
  }
  if (count > CLOUDFLARE_FILES.paid) {
    problems.push(
      new SitegenError(
        "E_CHECK",
        `the build has ${count} files; Cloudflare deploys at most ${CLOUDFLARE_FILES.paid} on its paid plans`,
        {
          kind: "host-limit",
          hint: "every page is two files (its HTML and its .md sibling): deploy to Netlify, which has no such limit",
        },
      ),
    );
  } else if (count > CLOUDFLARE_FILES.free) {
    problems.push(
      new SitegenError(
        "E_CHECK",
        `the build has ${count} files; Cloudflare's free plan deploys at most ${CLOUDFLARE_FILES.free} (its paid plans ${CLOUDFLARE_FILES.paid})`,
        { kind: "host-plan", hint: "deploy on a paid plan, or to Netlify" },
      ),
    );
  }
  return problems;
}

/** A build for Cloudflare against what Cloudflare accepts: its number of files and each file's size. */
import { cloudflareFileProblems } from "../plan/cloudflare-limits.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const cloudflareFiles: Check<RenderedBuild> = {
  name: "Cloudflare's file limits",
  run({ manifest, written }, found) {
    if (manifest.host === "cloudflare") found.addAll(cloudflareFileProblems(written));
  },
};

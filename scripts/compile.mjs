#!/usr/bin/env node
// Compiles the TypeScript sources into lib/, once, when the package is
// prepared (`npm install` in a clone, `npm pack`, `npm publish`) and before
// the project's own scripts run. An installed sitegen is plain JavaScript: no
// TypeScript loader, nothing compiled at run time.
//
//   lib/cli.js            the CLI (bin/sitegen.js), its packages left to node_modules,
//                         and the chunks beside it: each command's code, loaded when it runs
//   lib/render-worker.js  a render lane in a worker thread, started by the CLI
//   lib/edge.js           the Netlify edge function's handler, with everything it
//                         imports (negotiator included) in one ES module: Deno
//                         loads it in under a millisecond, where importing an npm
//                         package through its Node compatibility layer takes 15 ms
//   lib/cloudflare.js     the Cloudflare worker, the same way: one module of web
//                         APIs only, whatever the size of the site
//
// esbuild leaves each module's code under a `// src/…` line, which
// bench/profile.ts reads to name the source of a profiled function.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const LIB = join(ROOT, "lib");

const common = { bundle: true, format: "esm", logLevel: "warning", legalComments: "eof", charset: "utf8" };

rmSync(LIB, { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: { cli: join(ROOT, "src/cli.ts"), "render-worker": join(ROOT, "src/execute/worker.ts") },
    outdir: LIB,
    platform: "node",
    target: "node20",
    // Packages stay packages: an update of one (a security fix in markdown-it, say) takes effect without a new sitegen.
    packages: "external",
    // Each command's code is a chunk of its own, loaded when the command runs: `--version` loads none of it.
    splitting: true,
  }),
  build({
    ...common,
    entryPoints: { edge: join(ROOT, "src/hosts/netlify/edge.ts"), cloudflare: join(ROOT, "src/hosts/cloudflare/worker.ts") },
    outdir: LIB,
    // Netlify runs edge functions in Deno, Cloudflare workers in workerd: web APIs only, no Node built-ins.
    platform: "neutral",
    mainFields: ["module", "main"],
    target: "es2022",
  }),
]);

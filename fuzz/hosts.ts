/**
 * The hosts the HTTP fuzz runs against, each as `sitegen serve` starts it:
 * the preview server, Netlify's emulator and Cloudflare's runtime (when
 * wrangler is installed), each in a project folder that holds a file of the
 * canary beside the build, where a request that escaped the build folder
 * would find it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { wranglerConfig } from "../src/hosts/cloudflare/config.ts";
import {
  CLI,
  cloudflareProject,
  netlifyProject,
  startNetlifyProject,
  startPreviewServer,
  startPrinting,
  WRANGLER,
} from "../test/helpers/dist.ts";
import type { FuzzedHost } from "./http.ts";

export interface FuzzedBuilds {
  /** A build for Netlify (the preview server serves it too), and the same content built for Cloudflare. */
  dist: string;
  distForCloudflare: string;
  canary: string;
  /** Requests after which Netlify's emulator, which holds about 8 MB for each it serves, is started afresh. */
  restartNetlifyEvery: number;
}

/** The example site's settings with `/mcp` on, so that the fuzz asks it too (fuzz/http-mcp.ts). */
export function withMcp(project: string): void {
  const file = join(project, "content/site.yaml");
  const yaml = readFileSync(file, "utf8");
  if (!/^agents:\n/m.test(yaml)) throw new Error(`${file} has no agents: mapping to turn /mcp on in`);
  writeFileSync(file, yaml.replace(/^agents:\n/m, "agents:\n  mcp: true\n"));
}

export function fuzzedHosts(builds: FuzzedBuilds): FuzzedHost[] {
  const withCanary = (project: string) => {
    writeFileSync(join(project, "canary.txt"), `${builds.canary}\n`);
    return project;
  };
  const serveCloudflare = (project: string) =>
    startPrinting(process.execPath, [CLI, "serve", "--cloudflare", "--port", "0"], project);
  return [
    { name: "preview", ownFront: true, start: () => startPreviewServer(builds.dist) },
    {
      name: "netlify",
      ownFront: true,
      restartEvery: builds.restartNetlifyEvery,
      start: () => startNetlifyProject(withCanary(netlifyProject(builds.dist))),
    },
    ...(WRANGLER.present
      ? [
          {
            name: "cloudflare",
            ownFront: false,
            start: async () => serveCloudflare(withCanary(await cloudflareProject(builds.distForCloudflare))),
            // The same runtime and assets with a worker that only hands each request to the assets: no sitegen code.
            control: async () => {
              const project = await cloudflareProject(builds.distForCloudflare);
              writeFileSync(
                join(project, "control-worker.js"),
                "export default { fetch: (request, env) => env.ASSETS.fetch(request) };\n",
              );
              writeFileSync(
                join(project, "wrangler.jsonc"),
                wranglerConfig({ name: "sitegen-control", main: "control-worker.js", assets: "dist" }),
              );
              return serveCloudflare(project);
            },
          },
        ]
      : []),
  ];
}

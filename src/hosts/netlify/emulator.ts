/**
 * `sitegen serve --netlify`: the project as Netlify serves it, through
 * Netlify's own emulator (`@netlify/dev`): the publish folder, `_headers`,
 * `_redirects`, and the edge functions running in Deno under Netlify's edge
 * bootstrap. What it answers is what a deploy answers, as far as anything
 * offline can tell; the preview server (`sitegen serve`) is our own host of
 * the same core, without Deno.
 *
 * The emulator is a development dependency of a site, not of sitegen's
 * runtime: it is loaded only here, and its absence is a usage error that says
 * what to install.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { SitegenError } from "../../errors.ts";
import { isDocumentPath, normalizePath } from "../../negotiation/decide.ts";
import { openBuild } from "../preview/folder.ts";
import { listen } from "../preview/http.ts";
import { cdnNotFound, unfitResponse } from "../preview/static.ts";

export interface NetlifyPreviewOptions {
  /** The folder holding netlify.toml. */
  projectRoot: string;
  host: string;
  port: number;
}

export interface NetlifyPreview {
  url: string;
  /** The publish folder that netlify.toml names, which the emulator serves. */
  publishDir: string;
  close(): Promise<void>;
}

/** The emulator versions this was proven with; see docs/content/pages/deploy/netlify.md. */
export const EMULATOR_INSTALL = "npm install --save-dev @netlify/dev@4 deno@2.9.5";

export async function startNetlifyPreview(options: NetlifyPreviewOptions): Promise<NetlifyPreview> {
  const projectRoot = resolve(options.projectRoot);
  if (!existsSync(join(projectRoot, "netlify.toml"))) {
    throw new SitegenError("E_USAGE", `no netlify.toml in ${options.projectRoot}`, {
      hint: "run `sitegen serve --netlify` in the folder that holds the site's netlify.toml",
    });
  }
  const require = createRequire(join(projectRoot, "package.json"));
  useInstalledDeno(require);
  const { NetlifyDev } = (await importFrom(require, "@netlify/dev")) as typeof import("@netlify/dev");
  const dev = new NetlifyDev({
    projectRoot,
    // The emulator writes its state to .netlify/ in the project; sitegen's own files say to ignore it.
    skipGitignore: true,
    logger: quietLogger(),
    edgeFunctions: { enabled: true },
    redirects: { enabled: true },
    headers: { enabled: true },
    staticFiles: { enabled: true },
    functions: { enabled: false },
    blobs: { enabled: false },
    environmentVariables: { enabled: false },
    images: { enabled: false },
    geolocation: { enabled: false },
    database: { enabled: false },
    aiGateway: { enabled: false },
  });
  // A start that fails part-way may have started Deno already: it is stopped, not left running after sitegen.
  await dev.start().catch(async (error: unknown) => {
    await dev.stop().catch(() => {});
    throw error;
  });
  // The resolved netlify.toml, as the emulator read it (the method is public in JavaScript, private in its typings).
  const config = await (
    dev as unknown as { getConfig(): Promise<{ config: { build: { publish?: string } } }> }
  ).getConfig();
  const publishDir = resolve(projectRoot, config.config.build.publish ?? ".");
  try {
    // The CDN's 404 carries the site's headers, which depend on its origin.
    const site = await openBuild(publishDir);
    const { origin, immutable, security } = await site.negotiation();
    const policy = { origin, immutable, sources: security };
    const listening = await listen({
      host: options.host,
      port: options.port,
      // Nothing matched: Netlify's CDN answers with the site's 404 page. The emulator's redirect rules decode the path
      // of what the edge function passes on (an asset's) and throw on a malformed escape, answering 500 with their stack
      // trace: such a path, which no file can have, gets the CDN's 404 instead.
      handle: async (request) =>
        (reachesTheCdnWhole(request.url) && (await dev.handle(request))) ||
        cdnNotFound(publishDir, request.method === "HEAD", policy),
      unfit: (what) => unfitResponse(what, publishDir, site, policy),
    });
    return {
      url: `${listening.origin}/`,
      publishDir,
      close: async () => {
        await listening.close();
        await dev.stop();
      },
    };
  } catch (error) {
    await dev.stop();
    throw error;
  }
}

/** Whether a request's path is one the edge function answers (a document's), or one the emulator's rules can decode. */
function reachesTheCdnWhole(url: string): boolean {
  const { pathname } = new URL(url);
  if (isDocumentPath(normalizePath(pathname))) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Imports a package as the project has it installed, by its ES module entry:
 * `require.resolve` would pick the CommonJS one, which cannot load an ES
 * module graph that awaits at its top level.
 */
async function importFrom(require: NodeRequire, name: string): Promise<unknown> {
  let manifest: string;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch (error) {
    throw new SitegenError(
      "E_USAGE",
      `serving through Netlify's emulator needs ${name}, which this project does not have`,
      { hint: EMULATOR_INSTALL, cause: error },
    );
  }
  const { exports, module, main } = JSON.parse(readFileSync(manifest, "utf8")) as {
    exports?: { ".": { import?: { default?: string } } };
    module?: string;
    main?: string;
  };
  const entry = exports?.["."]?.import?.default ?? module ?? main ?? "index.js";
  return import(pathToFileURL(join(dirname(manifest), entry)).href);
}

/**
 * The emulator runs edge functions with the `deno` on PATH (and would try to
 * download one otherwise, which fails offline): the project's own `deno`
 * package goes first.
 */
function useInstalledDeno(require: NodeRequire): void {
  let denoPackage: string;
  try {
    denoPackage = require.resolve("deno/package.json");
  } catch {
    return; // a deno on PATH may still do
  }
  const bin = join(dirname(dirname(denoPackage)), ".bin");
  if (!(process.env.PATH ?? "").split(delimiter).includes(bin))
    process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ""}`;
}

/** The emulator's own logs, without its chatter; errors from the edge function still show. */
function quietLogger() {
  return {
    log: () => {},
    warn: (...args: unknown[]) => console.warn(...args),
    error: (...args: unknown[]) => console.error(...args),
  };
}

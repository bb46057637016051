/**
 * Runs a Netlify edge function under the real Deno runtime, with a `context`
 * that plays Netlify over a built folder: `next()` serves static files the way
 * Netlify's store does (`/x/` → `x/index.html`, misses → `404.html` with 404).
 *
 *   deno run --allow-read --allow-net harness.ts <edge-function-module> <dist-dir>
 *
 * Prints `listening http://127.0.0.1:<port>/` when ready.
 */
const [modulePath, distDir] = Deno.args;
const edge = await import(new URL(modulePath, `file://${Deno.cwd()}/`).href);
const handler: (request: Request, context: { next(request?: Request): Promise<Response> }) => Promise<Response | undefined> = edge.default;
const config: { path: string | string[]; excludedPath?: string[] } = edge.config;

const toPatterns = (paths: string | string[] | undefined) => [paths ?? []].flat().map((pathname) => new URLPattern({ pathname }));
const included = toPatterns(config.path);
const excluded = toPatterns(config.excludedPath);

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8", css: "text/css; charset=utf-8", md: "text/markdown; charset=utf-8", txt: "text/plain; charset=utf-8",
  json: "application/json", xml: "application/xml", png: "image/png", svg: "image/svg+xml",
};

async function staticFile(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const relative = decodeURIComponent(pathname).replace(/\/$/, "/index.html");
  if (!relative.split("/").includes("..")) {
    try {
      const body = await Deno.readFile(`${distDir}${relative}`);
      const extension = relative.slice(relative.lastIndexOf(".") + 1);
      return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: { "Content-Type": TYPES[extension] ?? "application/octet-stream" } });
    } catch {
      // fall through to the 404 page
    }
  }
  return new Response(await Deno.readFile(`${distDir}/404.html`), { status: 404, headers: { "Content-Type": TYPES.html } });
}

Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}/`) },
  async (request) => {
    const { pathname } = new URL(request.url);
    const runs = included.some((p) => p.test({ pathname })) && !excluded.some((p) => p.test({ pathname }));
    if (!runs) return staticFile(request);
    const context = { next: (next?: Request) => staticFile(next ?? request) };
    return (await handler(request, context)) ?? staticFile(request);
  },
);

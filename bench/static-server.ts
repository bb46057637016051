/**
 * The plain static file server the preview server is compared with:
 * `serve-handler` on node:http over the same folder, loopback only. It prints
 * the same kind of line as `sitegen serve` so the benchmark finds its port.
 *
 * `node --import tsx bench/static-server.ts --dir <dist> [--port 0]`
 */
import { createServer } from "node:http";
import handler from "serve-handler";

const argv = process.argv.slice(2);
const valueOf = (name: string): string | undefined => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const dir = valueOf("--dir");
if (!dir) {
  console.error("usage: bench/static-server.ts --dir <folder> [--port 0]");
  process.exit(2);
}
const server = createServer((request, response) => {
  void handler(request, response, { public: dir });
});
server.listen(Number(valueOf("--port") ?? 0), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(`serving ${dir} at http://127.0.0.1:${port}/`);
});
const stop = (): void => {
  server.close();
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

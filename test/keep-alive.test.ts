/**
 * The local hosts keep an idle connection open about as long as the CDNs do
 * (about a minute), not Node's default 5 s: a checker that reused a
 * connection after a pause of a few seconds met one the preview server had
 * just closed, and reported "fetch failed". Over real HTTP, on the preview
 * server and Netlify's emulator (one adapter, src/hosts/preview/http.ts):
 * each says how long it keeps the connection (`Keep-Alive: timeout=…`,
 * RFC 9112 §9.3's persistent connections), and a second request on the
 * connection is answered on the same socket.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { Agent, request } from "node:http";
import { builtSite, startNetlifyEmulator, startPreviewServer, type Running } from "./helpers/dist.ts";

let preview: Running;
let netlify: Running;

before(async () => {
  const dist = builtSite();
  [preview, netlify] = await Promise.all([startPreviewServer(dist), startNetlifyEmulator(dist)]);
});
after(async () => {
  await Promise.all([preview?.stop(), netlify?.stop()]);
});

/** Two GETs on one kept-alive connection: each answer's Keep-Alive header, and whether the second came on the first's socket. */
async function twice(base: string): Promise<{ keepAlive: (string | undefined)[]; sameSocket: boolean }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets: unknown[] = [];
  const keepAlive: (string | undefined)[] = [];
  for (const path of ["/about/", "/llms.txt"]) {
    await new Promise<void>((done, fail) => {
      const sent = request(new URL(path, base), { agent }, (response) => {
        const value = response.headers["keep-alive"];
        keepAlive.push(Array.isArray(value) ? value.join(", ") : value);
        response.resume();
        response.once("end", done);
      });
      sent.once("socket", (socket) => sockets.push(socket));
      sent.once("error", fail);
      sent.end();
    });
  }
  agent.destroy();
  return { keepAlive, sameSocket: sockets[0] === sockets[1] };
}

for (const [name, host] of [
  ["the preview server", () => preview],
  ["Netlify's emulator", () => netlify],
] as const) {
  test(`${name} keeps an idle connection for about a minute, as the CDNs do, not Node's 5 s`, async () => {
    const { keepAlive, sameSocket } = await twice(host().url);
    for (const value of keepAlive) {
      const seconds = Number(/timeout=(\d+)/.exec(value ?? "")?.[1]);
      assert.ok(seconds >= 60, `Keep-Alive: ${value}`);
    }
    assert.ok(sameSocket, "the second request is answered on the same connection");
  });
}

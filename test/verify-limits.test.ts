/**
 * `sitegen verify` reads each body to a limit, as sent and as decoded, over
 * real HTTP from a server on 127.0.0.1: a gzip bomb (1 MB that inflates to
 * 1 GB) or an endless body is a finding naming the limit and the flag that
 * raises it, never all of it held in memory.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import zlib from "node:zlib";
import { sitegenHere } from "./helpers/dist.ts";

/** 1 GiB of zeros as gzip: sixteen members of 64 MiB each (gunzip reads members one after another, RFC 1952 §2.2). */
function gzipBomb(): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: 16 }, () => member));
}

/** A server that answers every GET with `answer`'s response. */
async function serve(
  answer: (path: string, response: import("node:http").ServerResponse) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => answer(request.url ?? "/", response));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("verify reads every body to a limit", () => {
  const servers: Server[] = [];
  let bomb: Buffer;
  before(() => {
    bomb = gzipBomb();
  });
  after(() => {
    for (const server of servers) server.closeAllConnections(), server.close();
  });

  it("ends a gzip bomb at 50 MB decoded, and an endless body at 50 MB as sent, each a finding", async () => {
    assert.ok(bomb.length < 2 * 1024 * 1024, `the bomb is ${bomb.length} bytes`);
    const { url, server } = await serve((path, response) => {
      if (path === "/llms.txt") {
        // Endless: a chunk after each drain, until the client goes away.
        response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        const chunk = Buffer.alloc(1024 * 1024, "a");
        const more = () => {
          while (!response.destroyed && response.write(chunk));
        };
        response.on("drain", more);
        more();
        return;
      }
      if (path === "/sitemap.xml") {
        response.writeHead(200, {
          "content-type": "application/xml; charset=utf-8",
          "content-encoding": "gzip",
          "content-length": bomb.length,
        });
        return void response.end(bomb);
      }
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not here");
    });
    servers.push(server);
    const run = await sitegenHere(["verify", url, "--json"]);
    assert.equal(run.status, 1, run.stderr);
    const faults = JSON.stringify(
      JSON.parse(run.stdout).checks.flatMap((check: { failures: unknown[] }) => check.failures),
    );
    assert.match(
      faults,
      /its body is over 50 MB once its gzip is decoded: not read further \(--max-body <MB> raises the limit\)/,
    );
    assert.match(faults, /its body is over 50 MB as sent: not read further/);
  });

  it("reads a body of 3 MB with --max-body 4, and reports it with --max-body 2", async () => {
    const page = zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, "# x\n"));
    const { url, server } = await serve((path, response) => {
      if (path !== "/llms.txt")
        return void response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not here");
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-encoding": "gzip" });
      response.end(page);
    });
    servers.push(server);
    const low = await sitegenHere(["verify", url, "--json", "--max-body", "2"]);
    assert.match(low.stdout, /its body is over 2 MB once its gzip is decoded/);
    const raised = await sitegenHere(["verify", url, "--json", "--max-body", "4"]);
    assert.doesNotMatch(raised.stdout, /its body is over/);
    const wrong = await sitegenHere(["verify", url, "--max-body", "0"]);
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /verify: max-body must be a positive integer, not 0/);
  });
});

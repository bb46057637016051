/** `sitegen verify` against the real site: built from content/, served by `sitegen serve`. */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { builtSite, startPreviewServer, type Running } from "./helpers/dist.ts";
import { verifyFailures } from "./helpers/verify.ts";

describe("verify against the preview server", () => {
  let server: Running;
  before(async () => {
    server = await startPreviewServer(builtSite());
  });
  after(() => server.stop());

  it("passes every check", async () => {
    const { code, failures } = await verifyFailures(server.url);
    assert.deepEqual(failures, []);
    assert.equal(code, 0);
  });
});

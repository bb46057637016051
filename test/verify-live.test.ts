/** `sitegen verify` against the real site: built from content/, served by `sitegen serve`. */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { runVerify } from "../src/verify/index.ts";
import type { VerifyReport } from "../src/verify/report.ts";
import { builtSite, startPreviewServer, type Running } from "./helpers/dist.ts";

describe("verify against the preview server", () => {
  let server: Running;
  before(async () => {
    server = await startPreviewServer(builtSite());
  });
  after(() => server.stop());

  it("passes every check", async () => {
    let output = "";
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const code = await runVerify({ baseUrl: server.url, json: true, stdout, stderr: stdout });
    const report = JSON.parse(output) as VerifyReport;
    const failures = report.checks.filter((check) => !check.passed).map((check) => ({ id: check.id, failures: check.failures.slice(0, 5) }));
    assert.deepEqual(failures, []);
    assert.equal(code, 0);
  });
});

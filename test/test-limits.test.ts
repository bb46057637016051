/**
 * The tests' own limits: every wall-clock bound of the helpers scales with
 * SITEGEN_TEST_TIME_SCALE, and a server that does not start within its bound
 * is ended with everything it started, not left running.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startPrinting, tempDir } from "./helpers/dist.ts";
import { running, scaled } from "./helpers/processes.ts";

/** Runs `body` with SITEGEN_TEST_TIME_SCALE set to `scale`, then as it was. */
async function withScale<T>(scale: string | undefined, body: () => Promise<T> | T): Promise<T> {
  const before = process.env.SITEGEN_TEST_TIME_SCALE;
  if (scale === undefined) delete process.env.SITEGEN_TEST_TIME_SCALE;
  else process.env.SITEGEN_TEST_TIME_SCALE = scale;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.SITEGEN_TEST_TIME_SCALE;
    else process.env.SITEGEN_TEST_TIME_SCALE = before;
  }
}

describe("the tests' limits", () => {
  it("scale with SITEGEN_TEST_TIME_SCALE, which must be a positive number", async () => {
    assert.equal(await withScale(undefined, () => scaled(60_000)), 60_000);
    assert.equal(await withScale("2.5", () => scaled(60_000)), 150_000);
    for (const wrong of ["0", "-1", "fast"])
      await withScale(wrong, () =>
        assert.throws(() => scaled(1_000), /SITEGEN_TEST_TIME_SCALE is .*: write a positive number/),
      );
  });

  it("end a server that does not start in time with what it started", async () => {
    const dir = tempDir("sitegen-start-");
    const pidFile = join(dir, "started");
    // A server that starts a process of its own, then never says where it is.
    const script = `sleep 300 & echo $! > ${JSON.stringify(pidFile)}; wait`;
    const started = withScale("0.02", () => startPrinting("sh", ["-c", script], dir));
    await assert.rejects(started, /no URL from sh -c .* within 1\.2 s \(SITEGEN_TEST_TIME_SCALE scales it\)/);
    assert.ok(existsSync(pidFile), "the server started its own process");
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    // SIGKILL is sent at once; the kernel takes a moment to reap.
    for (let tries = 0; running(grandchild) && tries < 100; tries++) await sleep(10);
    assert.equal(running(grandchild), false, `the server's own process ${grandchild} is ended with it`);
  });
});

/**
 * A build killed part way (SIGKILL: no chance to clean up) leaves its staging
 * folder behind and the output as it was; the next build of the same output
 * removes the folders of builds that are no longer running, and leaves those
 * of a build that is.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { generateContent } from "../bench/synthetic.ts";
import { CLI, EPOCH, sitegen, tempDir } from "./helpers/dist.ts";

const leftovers = (parent: string) =>
  readdirSync(parent).filter((name) => name.startsWith(".sitegen-tmp-") || name.includes(".sitegen-old-"));

test("a killed build's staging folder is removed by the next build; a running build's is left alone", async () => {
  const parent = tempDir("sitegen-staging-");
  const content = join(parent, "content");
  await generateContent({ dir: content, posts: 600, seed: 9 });
  const out = join(parent, "dist");
  assert.equal(sitegen(["build", "--content", content, "--out", out, "--quiet"]).status, 0);

  const child = spawn(process.execPath, [CLI, "build", "--content", content, "--out", out, "--quiet"], {
    env: { ...process.env, SOURCE_DATE_EPOCH: EPOCH },
    stdio: "ignore",
  });
  const deadline = Date.now() + 20_000;
  while (leftovers(parent).length === 0 && Date.now() < deadline && child.exitCode === null) await sleep(5);
  child.kill("SIGKILL");
  await new Promise((done) => child.once("exit", done));
  const abandoned = leftovers(parent);
  assert.equal(abandoned.length, 1, `the killed build left its staging folder: ${abandoned}`);
  assert.ok(existsSync(join(out, "_sitegen/negotiation.json")), "the output is still the previous build");

  // A folder named for this test's own process stands for a build that is still running.
  const running = `.sitegen-tmp-dist-${process.pid}-0123abcd`;
  mkdirSync(join(parent, running));
  assert.equal(sitegen(["build", "--content", content, "--out", out, "--quiet"]).status, 0);
  assert.deepEqual(leftovers(parent), [running]);
});

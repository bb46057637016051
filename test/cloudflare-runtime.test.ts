/**
 * `sitegen serve --cloudflare` when workerd, Cloudflare's runtime, dies and
 * Wrangler, which started it, runs on saying nothing: serve says so and
 * exits 1, where it waited for ever with every request refused.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { describe, it } from "node:test";
import { builtSite, CLI, cloudflareProject, WRANGLER } from "./helpers/dist.ts";
import { descendants, killQuietly, running } from "./helpers/processes.ts";

describe("sitegen serve --cloudflare, when workerd dies and wrangler does not", {
  skip: WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`,
}, () => {
  it("says workerd no longer accepts connections, ends wrangler's processes, and exits 1", {
    timeout: 120_000,
  }, async () => {
    const project = await cloudflareProject(builtSite());
    const child = spawn(process.execPath, [CLI, "serve", "--cloudflare", "--port", "0"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    try {
      while (!/http:\/\/127\.0\.0\.1:(\d+)\//.test(output)) {
        assert.equal(child.exitCode, null, `serve --cloudflare did not start:\n${output}`);
        await new Promise((done) => setTimeout(done, 50));
      }
      const port = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)![1];
      const tree = descendants(child.pid!);
      const workerd = tree.find(
        (each) => each.command.includes("workerd") && each.command.includes(`=127.0.0.1:${port} `),
      );
      assert.ok(workerd, `workerd serving port ${port} among ${JSON.stringify(tree)}`);
      const wrangler = tree.find((each) => each.command.includes("wrangler-dist/cli.js"))!;
      process.kill(workerd.pid, "SIGKILL");
      const code = await exited;
      assert.equal(code, 1, output);
      assert.match(
        output,
        new RegExp(
          `^error: Cloudflare's runtime stopped while serving: workerd no longer accepts connections at 127\\.0\\.0\\.1:${port}, though wrangler runs on; wrangler's last output:$`,
          "m",
        ),
        output,
      );
      for (const until = Date.now() + 1_000; running(wrangler.pid) && Date.now() < until; )
        await new Promise((done) => setTimeout(done, 20));
      assert.equal(running(wrangler.pid), false, "wrangler is ended with it");
    } finally {
      for (const each of descendants(child.pid!)) killQuietly(each.pid);
      killQuietly(child.pid!);
    }
  });
});

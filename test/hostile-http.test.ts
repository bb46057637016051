/**
 * Requests an attacker or a broken client sends, against the real CLI's
 * servers over real sockets: methods no web `Request` can carry (TRACE,
 * CONNECT) and ones nobody knows, which must never stop `serve`, `serve
 * --watch` or `serve --netlify`; and the preview server's form handling,
 * which must not read a body before it knows the page has a form, must stop
 * reading at its limit, and must not let a field speak to the terminal; and
 * `serve --cloudflare`, which must say so when Cloudflare's runtime dies
 * under it.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, it } from "node:test";
import {
  builtSite,
  CLI,
  cloudflareProject,
  startCloudflareRuntime,
  startNetlifyEmulator,
  tempDir,
  WRANGLER,
  type Running,
} from "./helpers/dist.ts";
import { startServing, type PrintingServer } from "./helpers/preview.ts";
import { descendants, killQuietly, running } from "./helpers/processes.ts";
import { tempProject } from "./helpers/project.ts";
import { rawRequest, type RawAnswer } from "./helpers/raw-http.ts";

const dist = builtSite();

/** An answer, not a closed connection or silence. */
function answered(answer: RawAnswer | undefined | "timeout", label: string): RawAnswer {
  assert.ok(
    answer !== undefined && answer !== "timeout",
    `${label}: ${answer === "timeout" ? "no answer in time" : "the connection closed without an answer"}`,
  );
  return answer;
}

/** The refusals every server must give, and the proof it still serves after them. */
function refusesForbiddenMethods(server: () => { url: string; alive(): boolean }) {
  it("answers TRACE on a page and on an asset with 405 and the methods it allows, and serves on", async () => {
    for (const target of ["/about/", "/assets/site.css", "/nope/"]) {
      const trace = answered(
        await rawRequest(server().url, { method: "TRACE", target, headers: { "X-Secret": "echo-me" } }),
        `TRACE ${target}`,
      );
      assert.equal(trace.status, 405, `TRACE ${target}`);
      assert.equal(trace.headers.allow, "GET, HEAD, OPTIONS");
      assert.equal(trace.headers["access-control-allow-origin"], "*");
      assert.ok(!trace.body.includes("echo-me"), "TRACE echoes nothing back");
    }
    const page = answered(
      await rawRequest(server().url, { method: "GET", target: "/about/" }),
      "GET /about/ after TRACE",
    );
    assert.equal(page.status, 200);
    assert.ok(server().alive(), "the server is still running");
  });

  it("answers CONNECT, in authority form and as a path, with 405 instead of dropping the connection", async () => {
    for (const target of ["example.com:443", "/about/"]) {
      const connect = answered(
        await rawRequest(server().url, { method: "CONNECT", target, headers: { Host: "example.com:443" } }),
        `CONNECT ${target}`,
      );
      assert.equal(connect.status, 405, `CONNECT ${target}`);
      assert.equal(connect.headers.allow, "GET, HEAD, OPTIONS");
    }
    assert.equal(
      answered(await rawRequest(server().url, { method: "GET", target: "/" }), "GET / after CONNECT").status,
      200,
    );
    assert.ok(server().alive());
  });

  it("answers a method it does not know with 501, one it knows but does not serve with 405, a target that is no path with a 4xx, and serves on", async () => {
    for (const method of ["TRACK", "BREW"]) {
      const answer = answered(await rawRequest(server().url, { method, target: "/about/" }), method);
      assert.equal(answer.status, 501, method);
      assert.equal(answer.headers.allow, "GET, HEAD, OPTIONS", method);
    }
    assert.equal(
      answered(await rawRequest(server().url, { method: "PROPFIND", target: "/about/" }), "PROPFIND").status,
      405,
    );
    for (const target of ["*", "http://evil.example/about/"]) {
      const answer = answered(await rawRequest(server().url, { method: "GET", target }), `GET ${target}`);
      assert.ok(answer.status >= 400 && answer.status < 500, `GET ${target}: ${answer.status}`);
    }
    // A method refused before its body arrived: the answer is read whole, not lost under a reset.
    const body = Buffer.alloc(4 * 1024 * 1024, 97);
    for (const method of ["BREW", "DELETE", "TRACE"]) {
      const answer = answered(
        await rawRequest(server().url, {
          method,
          target: "/about/",
          headers: { "Content-Length": String(body.length) },
          body,
        }),
        `${method} with 4 MB`,
      );
      assert.ok([405, 501].includes(answer.status), `${method} with 4 MB: ${answer.status}`);
    }
    assert.equal(
      answered(
        await rawRequest(server().url, { method: "GET", target: "/about/" }),
        "GET after unknown methods",
      ).status,
      200,
    );
    assert.ok(server().alive());
  });
}

describe("sitegen serve", () => {
  let server: PrintingServer;
  before(async () => (server = await startServing(["--dir", dist, "--port", "0"])));
  after(() => server?.stop());
  refusesForbiddenMethods(() => ({ url: server.url, alive: () => server.running() }));
});

describe("sitegen serve --watch", () => {
  let server: PrintingServer;
  before(async () => {
    const project = tempProject();
    server = await startServing(["--watch", "--dir", `${tempDir()}/dist`, "--port", "0"], project);
  });
  after(() => server?.stop());
  refusesForbiddenMethods(() => ({ url: server.url, alive: () => server.running() }));
});

describe("sitegen serve --netlify", () => {
  let netlify: Running;
  before(async () => (netlify = await startNetlifyEmulator(dist)));
  after(() => netlify?.stop());
  refusesForbiddenMethods(() => ({ url: netlify.url, alive: () => netlify.running() }));
});

describe("the preview server's form handling", () => {
  let server: PrintingServer;
  before(async () => (server = await startServing(["--dir", dist, "--port", "0"])));
  after(() => server?.stop());
  const form = "application/x-www-form-urlencoded";

  it("answers a POST to a page without a form before reading its body", async () => {
    // 300 MB announced, 10 bytes sent: a server that reads the body first never answers.
    const answer = answered(
      await rawRequest(server.url, {
        method: "POST",
        target: "/about/",
        headers: { "Content-Type": form, "Content-Length": String(300 * 1024 * 1024) },
        body: "form-name=",
        timeoutMs: 5_000,
      }),
      "POST /about/",
    );
    assert.equal(answer.status, 404);
    assert.ok(server.running());
  });

  it("refuses a submission over 8 MB with 413, by its Content-Length or as it arrives", async () => {
    const announced = answered(
      await rawRequest(server.url, {
        method: "POST",
        target: "/contact/",
        headers: { "Content-Type": form, "Content-Length": String(8 * 1024 * 1024 + 1) },
        body: "form-name=enquiry",
        timeoutMs: 5_000,
      }),
      "POST /contact/ (9 MB announced)",
    );
    assert.equal(announced.status, 413);
    assert.match(announced.body.toString(), /at most 8 MB/);
    // Chunked, so no length is known until it has arrived: 9 MB of one field.
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const chunks = [Buffer.from("11\r\nform-name=enquiry\r\n")];
    for (let i = 0; i < 9; i++)
      chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
    chunks.push(Buffer.from("0\r\n\r\n"));
    const streamed = answered(
      await rawRequest(server.url, {
        method: "POST",
        target: "/contact/",
        headers: { "Content-Type": form, "Transfer-Encoding": "chunked" },
        body: Buffer.concat(chunks),
        timeoutMs: 10_000,
      }),
      "POST /contact/ (9 MB chunked)",
    );
    assert.equal(streamed.status, 413);
    assert.match(server.output(), /over 8388608 bytes \(8 MB, Netlify Forms' limit\); answered 413/);
    assert.ok(server.running());
  });

  it("prints field names and values with their control characters shown, never sent to the terminal", async () => {
    const from = server.output().length;
    const hostile = "\u001b]0;owned\u0007\u001b[2J\rerror: fake line\u009b31m";
    const body = new URLSearchParams({
      "form-name": "enquiry",
      [`name${hostile}`]: `Lan${hostile}`,
      message: "two\nlines",
    });
    const response = await fetch(new URL("/contact/", server.url), {
      method: "POST",
      body,
      redirect: "manual",
    });
    assert.equal(response.status, 303);
    const printed = await server.waitFor(/message: two\n {4}lines\n/, from);
    assert.ok(
      printed.includes("name\\x1b]0;owned\\x07\\x1b[2J\\rerror: fake line\\u009b31m: Lan\\x1b]0;owned\\x07"),
      printed,
    );
    assert.doesNotMatch(
      printed,
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/,
      "no control character but the line feeds of the output's own lines",
    );
  });
});

describe("sitegen serve --cloudflare, three started at once", {
  skip: WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`,
}, () => {
  it("each starts and answers: none takes the devtools port another took", { timeout: 180_000 }, async () => {
    // Wrangler's devtools port is 9229 unless told: Wranglers started together each found it free, and all but one failed.
    const started = await Promise.allSettled([0, 1, 2].map(() => startCloudflareRuntime(dist)));
    try {
      for (const each of started) {
        assert.equal(
          each.status,
          "fulfilled",
          each.status === "rejected" ? String(each.reason).slice(0, 2000) : "",
        );
        const response = await fetch(
          new URL("/about/", (each as PromiseFulfilledResult<Running>).value.url),
          { headers: { accept: "text/markdown" } },
        );
        assert.equal(response.status, 200);
        await response.arrayBuffer();
      }
    } finally {
      await Promise.all(started.map((each) => (each.status === "fulfilled" ? each.value.stop() : undefined)));
    }
  });
});

describe("sitegen serve --cloudflare, when Cloudflare's runtime dies", {
  skip: WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`,
}, () => {
  it("says how wrangler ended and what it last printed, ends what wrangler started, and exits 1", {
    timeout: 120_000,
  }, async () => {
    const project = await cloudflareProject(dist);
    const child = spawn(process.execPath, [CLI, "serve", "--cloudflare", "--port", "0"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const started = Date.now();
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(output)) {
      assert.ok(
        child.exitCode === null && Date.now() - started < 60_000,
        `serve --cloudflare did not start:\n${output}`,
      );
      await new Promise((done) => setTimeout(done, 50));
    }
    // Wrangler's own process (node … wrangler-dist/cli.js) dies as it does under load; the runtime it started with it.
    const tree = descendants(child.pid!);
    const wrangler = tree.find((each) => each.command.includes("wrangler-dist/cli.js"));
    assert.ok(wrangler, `wrangler's process among ${JSON.stringify(tree)}`);
    process.kill(wrangler.pid, "SIGKILL");
    const code = await exited;
    // workerd and wrangler's esbuild service end with it: left, workerd ran on at full speed and esbuild held serve's output open.
    // Killed, a process still takes a moment to end (workerd's threads, on a loaded machine): a second at most, where one
    // left would run for ever.
    const leftRunning = () => tree.filter((each) => each.pid !== child.pid && running(each.pid));
    for (const until = Date.now() + 1_000; leftRunning().length > 0 && Date.now() < until; )
      await new Promise((done) => setTimeout(done, 20));
    const left = leftRunning();
    for (const each of tree) if (each.pid !== child.pid) killQuietly(each.pid);
    assert.deepEqual(left, [], "nothing wrangler started is left running");
    assert.equal(code, 1, output);
    assert.match(
      output,
      /error: Cloudflare's runtime stopped while serving: wrangler (it was ended by the signal SIGKILL|it exited with code \d+); its last output:\n( {2}\| .*\n)*( {2}\| .*Ready on http)/,
      "how it ended, and wrangler's last lines",
    );
  });
});

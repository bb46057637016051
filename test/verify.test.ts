/**
 * `sitegen verify` against the real site (a build of content/, served by the
 * preview server), then against the same site behind a proxy that breaks one
 * rule at a time in one header or one body: each check must pass on the first
 * and fail on its own breakage. Everything goes over real HTTP on 127.0.0.1.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { ALL_CHECKS } from "../src/verify/checks/index.ts";
import { runVerify } from "../src/verify/index.ts";
import type { VerifyReport } from "../src/verify/report.ts";
import { startBreakingProxy, type BreakingProxy, type ProxyOptions } from "./helpers/breaking-proxy.ts";
import { BREAKAGES, breakages, readSite } from "./helpers/breakages.ts";
import { builtSite, startPreviewServer, type Running } from "./helpers/dist.ts";

const dist = builtSite();
// /brand/ is one of the spec's fixed pages, which the example site's sitemap must list.
const site = readSite(dist, "/brand/");
const BROKEN = breakages(site);
let preview: Running;
before(async () => {
  preview = await startPreviewServer(dist);
});
after(() => preview?.stop());

/** A stream that keeps what is written to it, and may claim to be a terminal. */
function sink(isTTY = false): Writable & { text: () => string; isTTY: boolean } {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { text: () => text, isTTY });
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function verify(
  url: string,
  options: {
    json?: boolean;
    color?: boolean;
    concurrency?: number;
    timeoutMs?: number;
    tty?: boolean;
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<Run> {
  const stdout = sink(options.tty);
  const stderr = sink(options.tty);
  const code = await runVerify({
    baseUrl: url,
    json: options.json ?? true,
    stdout,
    stderr,
    ...pick(options, ["color", "concurrency", "timeoutMs", "env"]),
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]),
  ) as Partial<Pick<T, K>>;
}

/** Runs `body` with a proxy in front of the preview server, breaking what `breaks` names (nothing, by default). */
async function withServer<T>(
  options: Omit<ProxyOptions, "breakage"> & { breaks?: [keyof typeof BROKEN] },
  body: (server: BreakingProxy) => Promise<T>,
): Promise<T> {
  const breakage = options.breaks?.map((name) => BROKEN[name])[0];
  const server = await startBreakingProxy(preview.url, { ...options, breakage });
  try {
    const result = await body(server);
    assert.deepEqual(server.errors, [], "the proxy could apply the breakage");
    return result;
  } finally {
    await server.close();
  }
}

const failed = (report: VerifyReport) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);

describe("verify against a correct site", () => {
  it("passes every check and exits 0", async () => {
    await withServer({}, async (server) => {
      const run = await verify(server.url);
      const report = JSON.parse(run.stdout) as VerifyReport;
      assert.deepEqual(failed(report), []);
      assert.equal(run.code, 0);
      assert.equal(report.passed, true);
      assert.deepEqual(
        report.checks.map((check) => check.id),
        ALL_CHECKS.map((check) => check.id),
      );
      for (const check of report.checks) assert.ok(check.checked > 0, `${check.id} looked at nothing`);
    });
  });

  it("passes when /llms-full.txt leaves the oldest post out and says so (§8.2 caps its size)", async () => {
    await withServer({ breaks: ["llms-full-leaves-out-oldest"] }, async (server) => {
      const run = await verify(server.url);
      assert.deepEqual(failed(JSON.parse(run.stdout) as VerifyReport), []);
      assert.equal(run.code, 0);
      assert.ok(server.changed > 0, "the file was changed");
    });
  });

  it("passes when the site names itself by another origin than the one verified", async () => {
    await withServer({}, async (server) => {
      const run = await verify(server.url);
      const report = JSON.parse(run.stdout) as VerifyReport;
      assert.deepEqual(failed(report), []);
      assert.equal(report.siteBase, site.base);
      assert.notEqual(new URL(server.url).origin, site.base);
      assert.equal(run.code, 0);
    });
  });

  it("sends only GET, and a User-Agent naming sitegen-verify and its version (§1.4)", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    await withServer({}, async (server) => {
      await verify(server.url);
      assert.ok(server.requests.length > 100);
      assert.deepEqual([...new Set(server.requests.map((request) => request.method))], ["GET"]);
      for (const request of server.requests)
        assert.match(
          request.userAgent ?? "",
          new RegExp(`^sitegen-verify/${version.replace(/\./g, "\\.")}( \\(\\+.+\\))?$`),
        );
    });
  });

  it("sends some requests with no Accept header at all (§7.1 'none')", async () => {
    await withServer({}, async (server) => {
      await verify(server.url);
      assert.ok(server.requests.some((request) => request.accept === undefined));
    });
  });

  it("keeps no more requests in flight than the concurrency bound", async () => {
    await withServer({ delayMs: 5 }, async (server) => {
      const run = await verify(server.url, { concurrency: 3 });
      assert.equal(run.code, 0);
      assert.ok(server.maxInFlight <= 3, `${server.maxInFlight} in flight`);
      assert.ok(server.maxInFlight >= 2, "requests were not sent in parallel");
    });
  });
});

describe("output", () => {
  it("prints one line per check, grouped by spec section, and a summary line; no colour off a terminal", async () => {
    await withServer({ breaks: ["wrong-vary"] }, async (server) => {
      const run = await verify(server.url, { json: false });
      assert.equal(run.code, 1);
      assert.doesNotMatch(run.stdout, /\u001b\[/);
      const lines = run.stdout.split("\n");
      for (const check of ALL_CHECKS)
        assert.equal(
          lines.filter((line) => new RegExp(`^  (pass|FAIL)  ${check.id.replace(/\./g, "\\.")} `).test(line))
            .length,
          1,
          check.id,
        );
      assert.ok(
        lines.indexOf("§4.1 Content negotiation") < lines.findIndex((line) => line.includes("4.1.4-vary")),
      );
      assert.match(
        run.stdout,
        /FAIL {2}4\.1\.4-vary .*\n {8}\/\S* \(.*\): Vary is "Accept-Encoding"; it lacks Accept\n/,
      );
      assert.match(lines.at(-2) ?? "", /^Summary: 1 of \d+ checks failed \(\d+ passed, 1 failed\)$/);
      assert.equal(run.stderr, "", "no progress indicator off a terminal");
    });
  });

  it("colours the report on a terminal, and shows progress there", async () => {
    await withServer({}, async (server) => {
      const run = await verify(server.url, { json: false, tty: true, env: {} });
      assert.match(run.stdout, /\u001b\[32mpass\u001b\[0m/);
      assert.match(run.stderr, /verify: \d+\/\d+ requests/);
    });
  });

  it("never colours with NO_COLOR set, even when asked to", async () => {
    await withServer({}, async (server) => {
      const run = await verify(server.url, { json: false, tty: true, color: true, env: { NO_COLOR: "1" } });
      assert.doesNotMatch(run.stdout, /\u001b\[/);
    });
  });

  it("--json lists every failure with its subject", async () => {
    await withServer({ breaks: ["missing-alternate-link"] }, async (server) => {
      const run = await verify(server.url);
      const report = JSON.parse(run.stdout) as VerifyReport;
      const check = report.checks.find((candidate) => candidate.id === "4.1.5-link-alternate");
      assert.ok(check);
      assert.equal(check.passed, false);
      assert.equal(check.failures.length, check.checked);
      assert.ok(check.failures.some((failure) => failure.subject === "/about/ (Accept: text/html)"));
      assert.deepEqual(report.summary, {
        checks: report.checks.length,
        passed: report.checks.length - 1,
        failed: 1,
      });
    });
  });
});

describe("verify when the site does not answer", () => {
  it("fails every request after the per-request timeout", async () => {
    await withServer({ delayMs: "never" }, async (server) => {
      const run = await verify(server.url, { timeoutMs: 150, concurrency: 64 });
      const report = JSON.parse(run.stdout) as VerifyReport;
      assert.equal(run.code, 1);
      assert.ok(report.checks.every((check) => !check.passed));
      assert.match(JSON.stringify(report), /no answer within 150 ms/);
    });
  });

  it("rejects a base URL that is not http or https", async () => {
    await assert.rejects(verify("ftp://example.com"), /not an http or https URL/);
  });
});

describe("verify against a site with one rule broken", () => {
  it("has a breakage for every check", () => {
    const covered = new Set(BREAKAGES.map(([, id]) => id));
    assert.deepEqual(
      ALL_CHECKS.map((check) => check.id).filter((id) => !covered.has(id)),
      [],
    );
    assert.deepEqual(
      Object.keys(BROKEN).filter((name) => !BREAKAGES.some(([breakage]) => breakage === name)),
      ["llms-full-leaves-out-oldest"],
      "every breakage is tried",
    );
  });

  // The preview server's answers, asked once for all the breakages' runs.
  const answers = new Map();
  for (const [breakage, id] of BREAKAGES) {
    it(`${breakage}: ${id} fails and the exit code is 1`, async () => {
      await withServer({ breaks: [breakage], answers }, async (server) => {
        const run = await verify(server.url);
        const report = JSON.parse(run.stdout) as VerifyReport;
        assert.ok(server.changed > 0, "the breakage changed something");
        assert.ok(
          failed(report).includes(id),
          `${id} passed; failed: ${failed(report).join(", ") || "none"}`,
        );
        assert.equal(run.code, 1);
      });
    });
  }
});

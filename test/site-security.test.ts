/**
 * The page's policy is the site's: `security:` in site.yaml adds sources to
 * the Content-Security-Policy by directive, and every host sends the same
 * policy from it (the preview server, Netlify's `_headers` and its edge
 * function in Netlify's emulator, Cloudflare's `_headers` and its worker in
 * wrangler's runtime). What the policy would block in the content or the
 * templates is a warning at its file and line that names the directive and
 * the setting that allows it; what it allows is not. A source that could
 * break the header out of its line is refused at its line of site.yaml.
 */
import { createHash } from "node:crypto";
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Finding } from "../src/findings.ts";
import {
  ROOT,
  netlifyHeaderRules,
  netlifyHeadersFor,
  startCloudflareRuntime,
  startNetlifyEmulator,
  startPreviewServer,
  WRANGLER,
} from "./helpers/dist.ts";
import { scratchDir, sitegenAsync } from "./helpers/site.ts";

const FIXTURES = join(ROOT, "test/fixtures/markdown");

const SECURITY = `
security:
  frame-src: ["https://www.youtube-nocookie.com"]
  img-src: ["https://images.example"]
  script-src: ["https://plausible.io"]
  connect-src: ["https://plausible.io"]
`;

const POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' https://images.example; font-src 'self'; connect-src 'self' https://plausible.io; frame-src https://www.youtube-nocookie.com; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; script-src https://plausible.io";

/** The second site with the raw HTML post and one that loads from elsewhere, its templates with an inline script; `security` appended to site.yaml. */
function site(security: string): { dir: string; args: string[] } {
  const dir = scratchDir("sitegen-security-");
  const content = join(dir, "content");
  cpSync(join(ROOT, "test/fixtures/sites/kontor"), content, { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  cpSync(join(FIXTURES, "raw-html.md"), join(content, "blog/raw-html.md"));
  mkdirSync(join(content, "static"), { recursive: true });
  cpSync(join(FIXTURES, "hafen.svg"), join(content, "static/hafen.svg"));
  writeFileSync(
    join(content, "blog/elsewhere.md"),
    [
      "---",
      'title: "Loaded from elsewhere"',
      'description: "A post with an analytics snippet, a picture from another origin and a styled word."',
      "date: 2025-06-20",
      "lang: en",
      "---",
      "",
      '<script defer data-domain="kontor-nord.example" src="https://plausible.io/js/script.js"></script>',
      "",
      "![A chart](https://images.example/chart.png) and ![a badge](https://badges.example/ok.svg)",
      "",
      'A <span style="color: red">red</span> word, and a tracker: <script src="https://tracker.example/t.js"></script>',
      "",
    ].join("\n"),
  );
  const layout = join(dir, "templates/layout.html");
  writeFileSync(
    layout,
    readFileSync(layout, "utf8").replace("</body>", "<script>window.hello = 1;</script>\n</body>"),
  );
  appendFileSync(join(content, "site.yaml"), security);
  return { dir, args: ["--content", content, "--templates", join(dir, "templates")] };
}

const warningsOf = (findings: Finding[], dir: string) =>
  findings
    .filter((f) => f.level === "warning")
    .map((f) => `${f.file?.slice(dir.length + 1)}:${f.line}: ${f.message} | ${f.hint}`);

test("what the policy would block is a warning at its line, naming the directive and the setting that allows it", async () => {
  const { dir, args } = site("");
  const run = await sitegenAsync(["check", ...args, "--dist", join(dir, "none"), "--json"]);
  assert.equal(run.status, 0, run.stdout);
  const layoutLine =
    readFileSync(join(dir, "templates/layout.html"), "utf8")
      .split("\n")
      .findIndex((line) => line.includes("window.hello")) + 1;
  // Findings come grouped by kind (all of these are `csp-blocked`), then in file and line order (src/findings.ts).
  assert.deepEqual(warningsOf(JSON.parse(run.stdout).findings, dir), [
    'content/blog/elsewhere.md:8: <script src="https://plausible.io/js/script.js"> is blocked by the page\'s Content-Security-Policy (`script-src`) | allow it in site.yaml: `security: { script-src: ["https://plausible.io"] }`, or leave it out',
    'content/blog/elsewhere.md:10: <img src="https://images.example/chart.png"> is blocked by the page\'s Content-Security-Policy (`img-src`) | allow it in site.yaml: `security: { img-src: ["https://images.example"] }`, or leave it out',
    'content/blog/elsewhere.md:10: <img src="https://badges.example/ok.svg"> is blocked by the page\'s Content-Security-Policy (`img-src`) | allow it in site.yaml: `security: { img-src: ["https://badges.example"] }`, or leave it out',
    "content/blog/elsewhere.md:12: a `style` attribute on <span> is blocked by the page's Content-Security-Policy (`style-src`) | give the element a class, and the class a rule in the theme's stylesheet (assets/site.css in the templates); or leave the style out",
    'content/blog/elsewhere.md:12: <script src="https://tracker.example/t.js"> is blocked by the page\'s Content-Security-Policy (`script-src`) | allow it in site.yaml: `security: { script-src: ["https://tracker.example"] }`, or leave it out',
    'content/blog/raw-html.md:23: <iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"> is blocked by the page\'s Content-Security-Policy (`frame-src`) | allow it in site.yaml: `security: { frame-src: ["https://www.youtube-nocookie.com"] }`, or leave it out',
    `templates/layout.html:${layoutLine}: an inline <script> is blocked by the page's Content-Security-Policy (\`script-src\`) | allow it in site.yaml: \`security: { script-src: ["'sha256-${hash("window.hello = 1;")}'"] }\`, or leave it out`,
  ]);
  assert.ok(JSON.parse(run.stdout).findings.every((f: Finding) => f.kind === "csp-blocked"));
});

test("with `security:`, what it allows is no warning, and every host sends the same policy from it", async () => {
  const { dir, args } = site(SECURITY);
  const netlify = await sitegenAsync(["build", ...args, "--out", join(dir, "netlify"), "--json"]);
  const cloudflare = await sitegenAsync([
    "build",
    ...args,
    "--host",
    "cloudflare",
    "--out",
    join(dir, "cloudflare"),
  ]);
  assert.equal(netlify.status, 0, netlify.stderr);
  assert.equal(cloudflare.status, 0, cloudflare.stderr);
  // The script's hash is not allowed, nor the other origins: those stay.
  assert.deepEqual(
    warningsOf(JSON.parse(netlify.stdout).findings, dir).map((line) =>
      line.split(" | ")[0].replace(/ is blocked.*\(/, " ("),
    ),
    [
      'content/blog/elsewhere.md:10: <img src="https://badges.example/ok.svg"> (`img-src`)',
      "content/blog/elsewhere.md:12: a `style` attribute on <span> (`style-src`)",
      'content/blog/elsewhere.md:12: <script src="https://tracker.example/t.js"> (`script-src`)',
      `templates/layout.html:${
        readFileSync(join(dir, "templates/layout.html"), "utf8")
          .split("\n")
          .findIndex((line) => line.includes("window.hello")) + 1
      }: an inline <script> (\`script-src\`)`,
    ],
  );
  for (const host of ["netlify", "cloudflare"]) {
    const rules = await netlifyHeaderRules(join(dir, host, "_headers"));
    assert.equal(
      netlifyHeadersFor(rules, "/assets/site.css").headers.get("content-security-policy"),
      POLICY,
      `${host}'s _headers`,
    );
  }
  const servers = await Promise.all([
    startPreviewServer(join(dir, "netlify")),
    startNetlifyEmulator(join(dir, "netlify")),
    ...(WRANGLER.present ? [startCloudflareRuntime(join(dir, "cloudflare"))] : []),
  ]);
  try {
    for (const [index, server] of servers.entries()) {
      for (const path of ["/blog/raw-html/", "/blog/raw-html.md", "/assets/site.css", "/no-such-page/"]) {
        const response = await fetch(new URL(path, server.url), { headers: { accept: "text/html" } });
        await response.arrayBuffer();
        assert.equal(
          response.headers.get("content-security-policy"),
          POLICY,
          `${["preview", "Netlify", "Cloudflare"][index]} ${path}`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
});

test("a source that could end the header's directive or line is refused at its line of site.yaml", async () => {
  const { dir, args } = site('\nsecurity:\n  img-src: ["https://images.example; script-src *"]\n');
  const run = await sitegenAsync(["check", ...args, "--dist", join(dir, "none"), "--json"]);
  assert.equal(run.status, 1);
  const errors = (JSON.parse(run.stdout).findings as Finding[]).filter((f) => f.level === "error");
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.match(errors[0].file!, /site\.yaml$/);
  assert.equal(
    readFileSync(errors[0].file!, "utf8").split("\n")[errors[0].line! - 1].trim(),
    'img-src: ["https://images.example; script-src *"]',
  );
});

function hash(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

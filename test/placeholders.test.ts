/**
 * What a new site starts with and must not ship. The description
 * `sitegen new` writes ("TODO: …") is a warning at its line, and an error in
 * a production build; the origin `sitegen init` writes (https://example.com),
 * or any placeholder origin (example.org, example.net, localhost, 127.0.0.1),
 * is a warning in `check` and an error in a production build for Netlify
 * (`NETLIFY=true`, `CONTEXT=production`) or Cloudflare (`CF_PAGES=1`,
 * `WORKERS_CI=1`). A failed production build leaves the output folder as it
 * was. Through the CLI (its `run`, in this process).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegenHere } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

const NETLIFY_PRODUCTION = { NETLIFY: "true", CONTEXT: "production" };

/** A new site whose `sitegen new post` draft was published as it was written, description and all. */
async function publishedPlaceholder(): Promise<string> {
  const root = initSite("placeholders");
  assert.equal((await sitegenHere(["new", "post", "Tide tables"], { cwd: root })).status, 0);
  const file = join(root, "content/blog/tide-tables.md");
  writeFileSync(file, readFileSync(file, "utf8").replace("status: draft", "status: published"));
  return root;
}

const root = await publishedPlaceholder();
const description =
  readFileSync(join(root, "content/blog/tide-tables.md"), "utf8")
    .split("\n")
    .findIndex((line) => line.startsWith("description:")) + 1;
const origin =
  readFileSync(join(root, "content/site.yaml"), "utf8")
    .split("\n")
    .findIndex((line) => line.startsWith("base_url:")) + 1;

test("a published post whose description is still the placeholder is a warning at its line in a build and in `check`", async () => {
  const built = await sitegenHere(["build"], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  assert.match(
    built.stderr,
    new RegExp(
      `^warning: content/blog/tide-tables\\.md:${description}:1: the description is still a placeholder \\("TODO: one or two sentences`,
      "m",
    ),
  );
  assert.match(built.stderr, /^\s+\d+ \| description: "TODO: /m);
  const checked = JSON.parse((await sitegenHere(["check", "--json"], { cwd: root })).stdout) as {
    ok: boolean;
    findings: { level: string; file?: string; line?: number; message: string }[];
  };
  assert.equal(checked.ok, true);
  assert.deepEqual(checked.findings.map(({ level, file, line }) => `${level} ${file}:${line}`).sort(), [
    `warning content/blog/tide-tables.md:${description}`,
    `warning content/site.yaml:${origin}`,
  ]);
});

test("in a production build, the placeholder description and origin are errors, and the output folder is left as it was", async () => {
  const out = join(root, "dist");
  // A Cloudflare build is one for its host: its rules files, its worker.
  for (const [env, host] of [
    [NETLIFY_PRODUCTION, []],
    [{ CF_PAGES: "1" }, ["--host", "cloudflare"]],
    [{ WORKERS_CI: "1" }, ["--host", "cloudflare"]],
  ] as const) {
    const before = existsSync(out) ? readFileSync(join(out, "index.html"), "utf8") : undefined;
    const run = await sitegenHere(["build", "--out", out, ...host], { cwd: root, env });
    assert.equal(run.status, 1, `${JSON.stringify(env)}: ${run.stderr}`);
    assert.match(
      run.stderr,
      new RegExp(
        `^error: content/blog/tide-tables\\.md:${description}:1: the description is still a placeholder`,
        "m",
      ),
    );
    assert.match(
      run.stderr,
      new RegExp(
        `^error: content/site\\.yaml:${origin}:11: \`base_url\` is https://example\\.com, a placeholder: canonical links, og:url, the feed's ids and the sitemap would point there, in `,
        "m",
      ),
    );
    assert.match(
      run.stderr,
      /✗ build failed with 2 errors \(shipped-placeholder 2\), no warnings; the output folder was left as it was/,
    );
    assert.equal(
      existsSync(out) ? readFileSync(join(out, "index.html"), "utf8") : undefined,
      before,
      "the output folder is as it was",
    );
  }
});

test("Netlify's production build takes the site's origin from its URL variable: with a description written, it builds", async () => {
  const file = join(root, "content/blog/tide-tables.md");
  const site = initSite("placeholders-netlify");
  writeFileSync(
    join(site, "content/blog/tide-tables.md"),
    readFileSync(file, "utf8").replace(/^description: .*$/m, 'description: "High water by hand."'),
  );
  const run = await sitegenHere(["build"], {
    cwd: site,
    env: { ...NETLIFY_PRODUCTION, URL: "https://tides.netlify.app" },
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.match(
    readFileSync(join(site, "dist/sitemap.xml"), "utf8"),
    /<loc>https:\/\/tides\.netlify\.app\/<\/loc>/,
  );
});

test("every placeholder origin is flagged (example.org, a subdomain of example.net, localhost, 127.0.0.1), a site's own is not (the docs site's https://sitegen.example included: .example is a name of its own, not example.com), and a local build says nothing of it", async () => {
  const site = initSite("placeholders-origins");
  const yaml = join(site, "content/site.yaml");
  const text = readFileSync(yaml, "utf8");
  for (const [base, flagged] of [
    ["https://example.org", true],
    ["https://blog.example.net", true],
    ["http://localhost:8080", true],
    ["http://127.0.0.1", true],
    ["https://example.com.au", false],
    ["https://halyard.example", false],
    ["https://sitegen.example", false],
  ] as const) {
    writeFileSync(yaml, text.replace(/^base_url: .*$/m, `base_url: ${base}`));
    const checked = JSON.parse((await sitegenHere(["check", "--json"], { cwd: site })).stdout) as {
      findings: { message: string }[];
    };
    assert.equal(
      checked.findings.some((finding) => finding.message.includes("a placeholder")),
      flagged,
      base,
    );
    const built = await sitegenHere(["build"], { cwd: site });
    assert.equal(built.status, 0, built.stderr);
    assert.doesNotMatch(built.stderr, /placeholder/, `${base}: a local build is quiet about it`);
  }
});

/**
 * What a site shows agents and people of its machine surface is the site's
 * to choose (`agents` in site.yaml): which of the footer's links show, and
 * whether it must have a developers page. The starter shows them all and
 * does without the page; a site that says nothing (the Halyard site) keeps
 * them all and needs the page, as before. Through the CLI (its `run`, in
 * this process); the error bodies of a site without the page are held to
 * every host in test/listings.test.ts, whose site has none.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegenHere } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

/** A new site, changed by `change`, built and checked. */
async function site(change: (root: string) => void = () => {}) {
  const root = initSite("agents");
  change(root);
  const build = await sitegenHere(["build"], { cwd: root });
  const check = await sitegenHere(["check", "--json"], { cwd: root });
  const footer = (file: string) =>
    /<nav aria-label="Footer">([\s\S]*?)<\/nav>/.exec(readFileSync(join(root, "dist", file), "utf8"))?.[1] ??
    "";
  return {
    root,
    build,
    check,
    footer,
    links: (file: string) => [...footer(file).matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]),
  };
}

/** The site's `agents:` block as `settings` gives it, with the starter's `mcp: true` kept: its search asks /mcp. */
const setAgents = (root: string, settings: string) => {
  const file = join(root, "content/site.yaml");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(/^agents:\n(?: {2}.*\n)+/m, `agents:\n${settings}  mcp: true\n`),
  );
};

test("the starter's footer links its developers page, its feed, llms.txt and the page's Markdown; the 404 page has no Markdown of its own to link", async () => {
  const { build, links } = await site();
  assert.equal(build.status, 0, build.stderr);
  assert.deepEqual(links("index.html"), ["/developers/", "/feed.xml", "/llms.txt", "/index.md"]);
  assert.deepEqual(links("blog/writing-with-sitegen/index.html"), [
    "/developers/",
    "/feed.xml",
    "/llms.txt",
    "/blog/writing-with-sitegen.md",
  ]);
  assert.deepEqual(links("404.html"), ["/developers/", "/feed.xml", "/llms.txt"]);
});

test("`agents.footer_links` chooses which show; left out, all four do, the developers page's only where the site has one", async () => {
  const chosen = await site((root) =>
    setAgents(root, "  footer_links: [llms_txt]\n  developers_page: optional\n"),
  );
  assert.equal(chosen.build.status, 0, chosen.build.stderr);
  assert.deepEqual(chosen.links("about/index.html"), ["/llms.txt"]);
  const none = await site((root) => setAgents(root, "  footer_links: []\n"));
  assert.deepEqual(none.links("about/index.html"), []);
  const all = await site((root) => {
    setAgents(root, "  developers_page: optional\n");
    rmSync(join(root, "content/pages/developers.md"));
  });
  assert.equal(all.build.status, 0, all.build.stderr);
  assert.deepEqual(
    all.links("about/index.html"),
    ["/feed.xml", "/llms.txt", "/about.md"],
    "no developers page, no link to it",
  );
  const wrong = await site((root) => setAgents(root, "  footer_links: [rss]\n"));
  assert.equal(wrong.build.status, 1);
  assert.match(
    wrong.build.stderr,
    /content\/site\.yaml:\d+:\d+: `agents\.footer_links\.0` must be one of "developers", "feed", "llms_txt", "markdown"/,
  );
});

test("a new site does without its developers page: deleting it passes `check`, and errors name about:blank as their type and /agent-instructions.md as their documentation", async () => {
  const { build, check, root } = await site((root) => rmSync(join(root, "content/pages/developers.md")));
  assert.equal(build.status, 0, build.stderr);
  assert.equal(build.stderr, "", "not even a warning");
  assert.equal(check.status, 0, check.stdout);
  // Nothing but the placeholder origin init writes (test/placeholders.test.ts).
  assert.deepEqual(
    JSON.parse(check.stdout).findings.map((finding: { message: string }) => finding.message.split(",")[0]),
    ["`base_url` is https://example.com"],
  );
  const data = JSON.parse(readFileSync(join(root, "dist/_sitegen/negotiation.json"), "utf8"));
  assert.equal(data.errors.type, "about:blank");
  assert.equal(data.errors.documentation, "https://example.com/agent-instructions.md");
  const instructions = readFileSync(join(root, "dist/agent-instructions.md"), "utf8");
  assert.doesNotMatch(
    instructions,
    /developers/,
    "the agent instructions do not send agents to a page the site does not have",
  );
  assert.doesNotMatch(readFileSync(join(root, "dist/llms.txt"), "utf8"), /developers/);
  assert.match(
    JSON.parse(readFileSync(join(root, "dist/openapi.json"), "utf8")).components.headers.ErrorLink
      .description,
    /`rel="help"` \(\/agent-instructions\.md\)/,
  );
});

test("a site that has its developers page keeps pointing errors there, optional or not; one that says nothing about it must have it, as before", async () => {
  const kept = await site();
  assert.equal(
    JSON.parse(readFileSync(join(kept.root, "dist/_sitegen/negotiation.json"), "utf8")).errors.documentation,
    "https://example.com/developers/#errors",
  );
  const required = await site((root) => {
    setAgents(root, "");
    rmSync(join(root, "content/pages/developers.md"));
  });
  assert.equal(required.check.status, 1);
  const [error] = JSON.parse(required.check.stdout).findings;
  assert.match(
    error.message,
    /^missing the page \/developers\/: every error body and error Link header points at it/,
  );
  assert.match(error.hint, /agents: \{ developers_page: optional \}/);
});

/**
 * Drafts can be seen before they are published, and never are by accident:
 * `sitegen build --drafts` and `sitegen serve --watch` (or `serve --drafts`)
 * show them, marked on the page and indexed nowhere (noindex; not in the
 * sitemap, llms.txt, the feed or the blog index); on Netlify, deploy previews
 * and branch deploys show them by `CONTEXT`, production never, even asked.
 * Any other build leaves them out. Through the CLI (its `run`, in this
 * process) and the preview server's watch mode.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtSite, ROOT, sitegenHere } from "./helpers/dist.ts";
import { startServing } from "./helpers/preview.ts";
import { initSite } from "./helpers/starter.ts";

/** A new site with a draft as `sitegen new post` writes it, given a description. */
async function withDraft(): Promise<string> {
  const root = initSite("drafts");
  const made = await sitegenHere(["new", "post", "Notes on knots"], { cwd: root });
  assert.equal(made.status, 0, made.stderr);
  const file = join(root, "content/blog/notes-on-knots.md");
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(/^description: .*$/m, 'description: "Knots, as I learn them."'),
  );
  return root;
}

const root = await withDraft();

async function built(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out = join(root, `dist-${Object.values(env).join("-") || "local"}${args.join("")}`);
  const run = await sitegenHere(["build", "--out", out, ...args], { cwd: root, env });
  assert.equal(run.status, 0, run.stderr);
  const read = (file: string) => readFileSync(join(out, file), "utf8");
  return { out, run, read, has: existsSync(join(out, "blog/notes-on-knots/index.html")) };
}

test("`build --drafts` shows a draft, marked on its page and in its Markdown, listed on the blog, and in no index: noindex, not in the sitemap, llms.txt, the feed or the blog index", async () => {
  const { read, has, run } = await built(["--drafts"]);
  assert.ok(has);
  assert.equal(run.stderr, "");
  const html = read("blog/notes-on-knots/index.html");
  assert.match(html, /<meta name="robots" content="noindex">/);
  assert.match(
    html,
    /<p class="draft-note(?: draft-note-words)?" role="note" lang="en"><strong>Draft<\/strong>: not published\./,
  );
  assert.match(read("blog/notes-on-knots.md"), /^- Status: draft, not published$/m);
  assert.match(
    read("blog/index.html"),
    /<a href="\/blog\/notes-on-knots\/" lang="en">Notes on knots<\/a>\n\s*<p class="meta"><time datetime="[^"]+">[^<]+<\/time> · <strong class="draft-label" lang="en">Draft<\/strong>/,
  );
  for (const file of ["sitemap.xml", "llms.txt", "feed.xml", "blog-index.json"])
    assert.doesNotMatch(read(file), /notes-on-knots/, file);
  // llms-full.txt holds the pages as they are (the blog lists the draft, as in the preview it is) but not the draft itself.
  assert.doesNotMatch(read("llms-full.txt"), /^# Notes on knots$/m);
  // A published post is not marked.
  assert.doesNotMatch(read("blog/writing-with-sitegen/index.html"), /draft-note|noindex/);
  const checked = await sitegenHere(["check", "--drafts", "--dist", join(root, "dist-local--drafts")], {
    cwd: root,
  });
  assert.doesNotMatch(
    checked.stderr,
    /disagree/,
    "check --drafts holds a build with drafts to the content with drafts",
  );
});

test("any other build leaves the draft out", async () => {
  const { has, read } = await built([]);
  assert.ok(!has);
  assert.doesNotMatch(read("blog/index.html"), /notes-on-knots/);
});

test("on Netlify, deploy previews and branch deploys show drafts by CONTEXT; production never, even with --drafts, and says so; nor a build on Cloudflare", async () => {
  for (const context of ["deploy-preview", "branch-deploy"])
    assert.ok(
      (await built([], { NETLIFY: "true", CONTEXT: context, URL: "https://my-site.netlify.app" })).has,
      context,
    );
  const production = await built(["--drafts"], {
    NETLIFY: "true",
    CONTEXT: "production",
    URL: "https://my-site.netlify.app",
  });
  assert.ok(!production.has);
  assert.match(
    production.run.stderr,
    /^warning: drafts left out: this is Netlify's production context \(CONTEXT=production\), and no production build has drafts$/m,
  );
  // Cloudflare's builds do not say whether their branch is the production one: each counts as production.
  const cloudflare = await built(["--drafts", "--base-url", "https://my-site.pages.dev"], { CF_PAGES: "1" });
  assert.ok(!cloudflare.has);
  assert.match(
    cloudflare.run.stderr,
    /^warning: drafts left out: this is a build on Cloudflare Pages \(CF_PAGES=1\)/m,
  );
});

test("the Halyard theme marks a draft too", async () => {
  const site = await withDraft();
  // The Halyard theme has no tag pages: the site goes without them.
  const yaml = join(site, "content/site.yaml");
  // Nor an archive page, nor the starter's search page's script in its policy.
  writeFileSync(
    yaml,
    readFileSync(yaml, "utf8")
      .replace(/^tags: true$/m, "")
      .replace("  - { title: Tags, path: /tags/ }\n", "")
      .replace(/^archive: true$/m, "")
      .replace("  - { title: Archive, path: /archive/ }\n", ""),
  );
  const out = join(site, "dist-halyard");
  const run = await sitegenHere(["build", "--drafts", "--templates", join(ROOT, "templates"), "--out", out], {
    cwd: site,
  });
  assert.equal(run.status, 0, run.stderr);
  assert.match(
    readFileSync(join(out, "blog/notes-on-knots/index.html"), "utf8"),
    /<p class="draft-note(?: draft-note-words)?" role="note" lang="en"><strong>Draft<\/strong>: not published\./,
  );
  assert.doesNotMatch(
    readFileSync(join(builtSite(), "blog/index.html"), "utf8"),
    /draft/i,
    "and the Halyard site, which has no draft, shows no such mark",
  );
});

test("`serve --watch` previews drafts; `--no-drafts` shows the site as a production build would; `serve --drafts` watches with them", async () => {
  for (const [args, shown] of [
    [["--watch"], true],
    [["--watch", "--no-drafts"], false],
    [["--drafts"], true],
  ] as const) {
    const server = await startServing(
      [...args, "--port", "0", "--dir", join(root, `watch-${args.join("")}`)],
      root,
    );
    try {
      const response = await fetch(new URL("/blog/notes-on-knots/", server.url), {
        headers: { accept: "text/html" },
      });
      assert.equal(response.status, shown ? 200 : 404, args.join(" "));
      if (shown) assert.match(await response.text(), /class="draft-note[ "]/);
      else await response.arrayBuffer();
    } finally {
      await server.stop();
    }
  }
});

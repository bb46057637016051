/**
 * `sitegen serve --watch` over real HTTP: it builds, serves, rebuilds when a
 * content file or a template changes (however the editor saves it), keeps
 * serving the last good build when a change breaks it and prints the error
 * with file, line and caret, and tells open pages to reload. The reload script
 * is in watch builds only, and the reload channel exists only in watch mode.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { build } from "../src/build.ts";
import {
  RELOAD_PATH,
  RELOAD_SCRIPT,
  startWatch,
  type WatchOptions,
  type WatchSession,
} from "../src/hosts/preview/watch.ts";
import { assertSameTree as sameTree, readTree } from "./helpers/site.ts";
import { builtSite, CLI, EPOCH, startPreviewServer, tempDir } from "./helpers/dist.ts";
import { listenToEvents } from "./helpers/preview.ts";
import { tempProject } from "./helpers/project.ts";
import { watchOptions } from "./helpers/watch-options.ts";

const BAD_DATE = /^updated: \d{4}-\d{2}-\d{2}$/m;

/** Waits until `check` returns something truthy, or fails after `ms` with what it last saw. */
async function until<T>(what: string, check: () => T | Promise<T>, ms = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}; last saw ${String(last)}`);
}

async function fetchText(url: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.text(),
  };
}

/** Saves as many editors do: a temporary file renamed over the old one. */
function saveAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp-save`, text);
  renameSync(`${file}.tmp-save`, file);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => join(dir, name));
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

// ---------------------------------------------------------------------------
// The real CLI: `sitegen serve --watch`

interface Served {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function serveWatch(project: string): Promise<Served> {
  const child = spawn(process.execPath, [CLI, "serve", "--watch", "--port", "0"], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  running.push(child);
  return until(
    "the server's URL",
    () => /Serving dist\/ at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout)?.[1],
    30_000,
  ).then((url) => ({
    child,
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  }));
}

const running: ChildProcess[] = [];
after(() => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGTERM");
});

test("serve --watch: edits are served after a rebuild, a broken edit keeps the last good build and prints the error, and pages are told to reload", async () => {
  const project = tempProject();
  const about = join(project, "content/pages/about.md");
  const original = readFileSync(about, "utf8");
  const served = await serveWatch(project);
  assert.match(served.stdout(), /✓ built \d+ pages/);

  const first = await fetchText(`${served.url}about/`);
  assert.equal(first.status, 200);
  assert.match(first.body, /<title>About Halyard Integration · /);
  assert.ok(first.body.includes(RELOAD_SCRIPT), "watch builds carry the reload script");
  const markdown = await fetchText(`${served.url}about.md`);
  assert.equal(markdown.status, 200);
  assert.ok(!markdown.body.includes(RELOAD_PATH), "the Markdown sibling is untouched");

  const events = await listenToEvents(`${served.url}${RELOAD_PATH.slice(1)}`);
  assert.equal(events.response.statusCode, 200);
  assert.equal(events.response.headers["content-type"], "text/event-stream; charset=utf-8");
  // Every build from here on: each good one logs a ✓ line and sends one reload event.
  const sinceConnected = served.stdout().length;

  try {
    // 1. An editor's atomic save (write, then rename over the file).
    saveAtomically(about, original.replace('title: "About Halyard Integration"', 'title: "About us, once"'));
    await until("the first edit to be served", async () =>
      (await fetchText(`${served.url}about/`)).body.includes("<title>About us, once · "),
    );
    await until("a reload event", () => events.text().includes("event: reload"));
    assert.match(served.stdout(), /changed content\/pages\/about\.md/);

    // 2. The same file written in place afterwards: still watched after the rename.
    writeFileSync(about, original.replace('title: "About Halyard Integration"', 'title: "About us, twice"'));
    await until("the second edit to be served", async () =>
      (await fetchText(`${served.url}about/`)).body.includes("<title>About us, twice · "),
    );

    // 3. A template change rebuilds too.
    const pageTemplate = join(project, "templates/page.html");
    writeFileSync(
      pageTemplate,
      readFileSync(pageTemplate, "utf8").replace("<article", '<article data-edited="yes"'),
    );
    await until("the template edit to be served", async () =>
      (await fetchText(`${served.url}about/`)).body.includes('data-edited="yes"'),
    );

    // 4. A broken edit: the error is printed with file, line, column and caret; the last good build stays.
    const broken = original
      .replace('title: "About Halyard Integration"', 'title: "About us, broken"')
      .replace(BAD_DATE, "updated: 30 February 2026");
    saveAtomically(about, broken);
    const line = broken.split("\n").indexOf("updated: 30 February 2026") + 1;
    // The report and the line after it are two writes, which may arrive apart: the failure is printed whole once that line is.
    await until("the failure on stderr", () => served.stderr().includes("✗ build failed"));
    assert.ok(
      served
        .stderr()
        .includes(
          `error: content/pages/about.md:${line}:10: \`updated\` is not a date: February 2026 has days 01 to 28, not 30`,
        ),
      served.stderr(),
    );
    assert.ok(
      served
        .stderr()
        .includes(
          `  ${line} | updated: 30 February 2026\n  ${" ".repeat(`${line} | `.length + 9)}^\n  hint: write dates as YYYY-MM-DD`,
        ),
      served.stderr(),
    );
    assert.match(served.stderr(), /✗ build failed; still serving the last good build of dist\//);
    const during = await fetchText(`${served.url}about/`);
    assert.equal(during.status, 200);
    assert.match(during.body, /<title>About us, twice · /, "the last good build is still served");
    await until(
      "a failed event carrying the error",
      () => events.text().includes("event: failed") && events.text().includes("is not a date"),
    );
    const reloadsBefore = events.text().split("event: reload").length;

    // 5. The fix is served again.
    saveAtomically(about, broken.replace("updated: 30 February 2026", "updated: 2026-02-28"));
    await until("the fix to be served", async () =>
      (await fetchText(`${served.url}about/`)).body.includes("<title>About us, broken · "),
    );
    await until(
      "a reload event after the fix",
      () => events.text().split("event: reload").length > reloadsBefore,
    );
  } finally {
    events.close();
  }

  served.child.kill("SIGTERM");
  assert.equal(await served.exited, 0);
  // The events, in the order one stream carried them, against the builds the server logged: a
  // reload for each good build and none for the failed one, which would show as one reload more.
  const sent = [...events.text().matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
  const goodBuilds = (
    served
      .stdout()
      .slice(sinceConnected)
      .match(/^✓ (re)?built /gm) ?? []
  ).length;
  assert.equal(sent.filter((event) => event === "failed").length, 1, sent.join(", "));
  assert.equal(
    sent.filter((event) => event === "reload").length,
    goodBuilds,
    `events ${sent.join(", ")} for ${goodBuilds} good builds`,
  );
  assert.equal(sent.at(-1), "reload", "the fix's reload came last");
  assert.deepEqual(
    readdirSync(project).filter(
      (name) => /^\.sitegen-(tmp|old)-/.test(name) || name.includes(".sitegen-old-"),
    ),
    [],
    "no staging folder left behind",
  );
});

// ---------------------------------------------------------------------------
// Only in watch mode

test("a normal build has no reload script anywhere; a watch build has it in every HTML page and only there", async () => {
  for (const file of allFiles(builtSite())) {
    const text = readFileSync(file, "utf8");
    assert.ok(!text.includes(RELOAD_PATH) && !text.includes("EventSource"), `${file} of a normal build`);
  }

  const project = tempProject();
  const session = await startWatch(options(project));
  try {
    const dist = join(project, "dist");
    const pages = htmlFiles(dist);
    assert.ok(pages.length > 20);
    for (const file of pages)
      assert.ok(
        readFileSync(file, "utf8").includes(`${RELOAD_SCRIPT}</head>`),
        `${file} has the script at the end of <head>`,
      );
    for (const file of allFiles(dist).filter((name) => !name.endsWith(".html"))) {
      assert.ok(!readFileSync(file, "utf8").includes(RELOAD_PATH), `${file} has no reload script`);
    }
  } finally {
    await session.close();
  }
});

test("the plain preview server has no reload channel", async () => {
  const server = await startPreviewServer(builtSite());
  try {
    const response = await fetchText(`${server.url}${RELOAD_PATH.slice(1)}`);
    assert.equal(response.status, 404);
    assert.ok(!response.type.startsWith("text/event-stream"));
  } finally {
    await server.stop();
  }
});

// ---------------------------------------------------------------------------
// The watch loop in process

const options = (project: string, log: string[] = [], errors: string[] = []): WatchOptions =>
  watchOptions(project, log, errors);

test("a burst of saves is debounced into one rebuild", async () => {
  const project = tempProject();
  const log: string[] = [];
  const session = await startWatch(options(project, log));
  try {
    const builds = () => log.filter((line) => /^✓ (re)?built /.test(line)).length;
    assert.equal(builds(), 1);
    const about = join(project, "content/pages/about.md");
    const text = readFileSync(about, "utf8");
    for (let i = 0; i < 10; i++)
      writeFileSync(about, text.replace("About Halyard Integration", `About, take ${i}`));
    await until("the rebuild", () => builds() === 2);
    await sleep(300);
    await session.settled();
    assert.equal(builds(), 2, log.join("\n"));
    const html = readFileSync(join(project, "dist/about/index.html"), "utf8");
    assert.match(html, /<title>About, take 9 · /);
  } finally {
    await session.close();
  }
});

test("when the first build fails and there is no build yet, the server starts after the fix", async () => {
  const project = tempProject();
  const about = join(project, "content/pages/about.md");
  const text = readFileSync(about, "utf8");
  writeFileSync(about, text.replace(BAD_DATE, "updated: 1 Undecimber 2026"));
  const log: string[] = [];
  const errors: string[] = [];
  const session = await startWatch(options(project, log, errors));
  try {
    assert.equal(session.url, undefined);
    assert.match(
      errors.join("\n"),
      /content\/pages\/about\.md:\d+:10: `updated` is not a date: write a day as YYYY-MM-DD/,
    );
    assert.match(errors.join("\n"), /the server starts after the first good build/);
    writeFileSync(about, text);
    const url = await until("the server", () => session.url);
    assert.equal((await fetchText(`${url}about/`)).status, 200);
  } finally {
    await session.close();
  }
});

test("a missing content folder is a usage error", async () => {
  const project = tempDir();
  await assert.rejects(
    startWatch(options(project)),
    (error: Error & { code?: string }) =>
      error.code === "E_USAGE" && /cannot watch .*content: it is not a folder/.test(error.message),
  );
});

// ---------------------------------------------------------------------------
// Rebuilds that patch the served folder

/** A full build of `project` as watch builds it (the reload script in every page), into a folder of its own. */
async function fullBuild(project: string): Promise<string> {
  const out = join(tempDir(), "dist");
  await build({
    contentDir: join(project, "content"),
    templatesDir: join(project, "templates"),
    outDir: out,
    cwd: project,
    generated: new Date(Number(EPOCH) * 1000),
    headExtra: RELOAD_SCRIPT,
  });
  return out;
}

test("saving a post patches the served folder: only the files that changed, and the folder is then a full build's, byte for byte", async () => {
  const project = tempProject();
  const log: string[] = [];
  const session = await startWatch(options(project, log));
  try {
    const post = readdirSync(join(project, "content/blog")).sort()[0];
    const file = join(project, "content/blog", post);
    const slug = post.slice(0, -3);
    saveAtomically(
      file,
      readFileSync(file, "utf8").replace(/^title: .*$/m, 'title: "A title saved just now"'),
    );
    await until("the patch", () => log.some((line) => line.startsWith("✓ rebuilt")));
    await session.settled();
    const line = log.find((entry) => entry.startsWith("✓ rebuilt"))!;
    const changed = Number(/\((\d+) files changed/.exec(line)?.[1]);
    assert.ok(changed > 0 && changed < 40, line);
    const page = await fetchText(`${session.url}blog/${slug}/`);
    assert.match(page.body, /A title saved just now/);
    const markdown = await fetch(`${session.url}blog/${slug}/`, { headers: { accept: "text/markdown" } });
    assert.match(await markdown.text(), /^# A title saved just now/);
    const index = JSON.parse((await fetchText(`${session.url}blog-index.json`)).body);
    assert.ok(index.posts.some((entry: { title: string }) => entry.title === "A title saved just now"));
    sameTree(join(project, "dist"), await fullBuild(project));

    // Saved in place this time: only a known post file changed, so the rebuild takes the last listing of the post files.
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("A title saved just now", "A title saved in place"),
    );
    await until("the second patch", () => log.filter((entry) => entry.startsWith("✓ rebuilt")).length === 2);
    await session.settled();
    assert.match((await fetchText(`${session.url}blog/${slug}/`)).body, /A title saved in place/);
    sameTree(join(project, "dist"), await fullBuild(project));
  } finally {
    await session.close();
  }
});

test("a new post, a removed post and a page edit patch the folder too; a broken save leaves it as it was", async () => {
  const project = tempProject();
  const log: string[] = [];
  const errors: string[] = [];
  const session = await startWatch(options(project, log, errors));
  try {
    const blog = join(project, "content/blog");
    const posts = readdirSync(blog).sort();
    const first = posts[0];
    // A post no other page links to: removing it breaks no link.
    const everything = [
      ...posts.map((name) => join(blog, name)),
      ...readdirSync(join(project, "content/pages")).map((name) => join(project, "content/pages", name)),
    ]
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    const second = posts
      .slice(1)
      .find((name) => everything.split(`/blog/${name.slice(0, -3)}/`).length === 1)!;
    const text = readFileSync(join(blog, first), "utf8");
    writeFileSync(
      join(blog, "a-post-written-today.md"),
      text.replace(/^title: .*$/m, 'title: "Written today"'),
    );
    rmSync(join(blog, second));
    const about = join(project, "content/pages/about.md");
    writeFileSync(
      about,
      readFileSync(about, "utf8").replace("About Halyard Integration", "About us, edited"),
    );
    await until("the patch", () => log.some((line) => line.startsWith("✓ rebuilt")));
    await session.settled();
    assert.equal((await fetchText(`${session.url}blog/a-post-written-today/`)).status, 200);
    assert.equal((await fetchText(`${session.url}blog/${second.slice(0, -3)}/`)).status, 404);
    sameTree(join(project, "dist"), await fullBuild(project));

    const before = readTree(join(project, "dist"));
    writeFileSync(join(blog, first), text.replace(/^date: .*$/m, "date: 30 February 2026"));
    await until("the failure", () => errors.some((line) => line.includes("build failed")));
    await session.settled();
    const after = readTree(join(project, "dist"));
    assert.deepEqual([...after.keys()], [...before.keys()]);
    for (const [name, bytes] of before) assert.ok(after.get(name)!.equals(bytes), `${name} changed`);
  } finally {
    await session.close();
  }
});

test("a template change rebuilds the whole site into a new folder and swaps it in", async () => {
  const project = tempProject();
  const log: string[] = [];
  const session = await startWatch(options(project, log));
  try {
    const layout = join(project, "templates/layout.html");
    writeFileSync(
      layout,
      readFileSync(layout, "utf8").replace("</footer>", "<p>Changed in a template.</p>\n</footer>"),
    );
    await until("the rebuild", () => log.filter((line) => line.startsWith("✓ built")).length === 2);
    await session.settled();
    assert.match((await fetchText(`${session.url}blog/`)).body, /Changed in a template/);
    sameTree(join(project, "dist"), await fullBuild(project));
  } finally {
    await session.close();
  }
});

test("while a rebuild is swapped in, a request waits for it: never new bytes under the old build's ETag", async () => {
  const project = tempProject();
  const log: string[] = [];
  const etagOf = (bytes: Buffer) =>
    `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
  let during: Promise<{ etag: string | null; body: Buffer }> | undefined;
  let held = false;
  const session: WatchSession = await startWatch({
    ...options(project, log),
    // The moment of the swap: the new folder is in place and the server has not yet read its
    // negotiation data. A request sent now must wait; answered at once, it would get the new
    // page under the old page's ETag.
    async whileSwapping() {
      const request = fetch(`${session.url}about/`).then(async (response) => ({
        etag: response.headers.get("etag"),
        body: Buffer.from(await response.arrayBuffer()),
      }));
      let answered = false;
      void request.then(
        () => (answered = true),
        () => (answered = true),
      );
      await until("the request to reach the server", () => session.waiting > 0 || answered);
      held = session.waiting > 0;
      during = request;
    },
  });
  try {
    const layout = join(project, "templates/layout.html");
    writeFileSync(
      layout,
      readFileSync(layout, "utf8").replace("</footer>", "<p>Changed in a template.</p>\n</footer>"),
    );
    await until("the rebuild", () => log.filter((line) => line.startsWith("✓ built")).length === 2);
    await session.settled();
    assert.ok(during, "a request was sent while the rebuild was swapped in");
    const answer = await during;
    assert.ok(held, "the request waited for the swap");
    assert.ok(answer.body.includes("Changed in a template"), "it was answered from the new build");
    assert.equal(answer.etag, etagOf(answer.body), "under the new build's ETag");
  } finally {
    await session.close();
  }
});

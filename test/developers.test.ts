/**
 * What agents are told is what the server does. The site is built for the
 * origin of a preview server and served by it, so the developers page's
 * `{{base_url}}` examples name that server: each shell example is run with
 * the real curl and jq and must answer as printed, and the page's tables
 * (Accept on pages and on misses, the operations and their tags, the error
 * headers) are held to the server and to openapi.json, as are
 * agent-instructions.md's statements.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, startPreviewServer, tempDir, type Running } from "./helpers/dist.ts";
import { sitegenAsync } from "./helpers/site.ts";
import { needTools } from "../scripts/tools.mjs";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
let origin: string;
let dist: string;
let server: Running;
let page: string;
const read = (file: string) => readFileSync(join(dist, file), "utf8");

before(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dist = join(tempDir(), "dist");
  const build = await sitegenAsync(["build", "--out", dist, "--base-url", origin, "--quiet"]);
  assert.equal(build.status, 0, build.stderr);
  server = await startPreviewServer(dist, port);
  page = read("developers.md");
});
after(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${origin}${path}`, { method, headers });

// ---------------------------------------------------------------------------
// The shell examples

interface Step {
  command: string;
  /** The `# ` lines printed right below the command: its output. */
  printed: string[];
}

interface Example {
  steps: Step[];
  /** A ```json or ```http block right after the shell block: the answer printed for its one command. */
  answer?: { kind: "json" | "http"; text: string };
}

/** The ```bash blocks of a Markdown document, as commands with what is printed for them. */
function examples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({
    kind: m[1],
    text: m[2],
    end: m.index! + m[0].length,
  }));
  return blocks.flatMap((block, index) => {
    if (block.kind !== "bash") return [];
    const next = blocks[index + 1];
    const adjacent =
      next &&
      (next.kind === "json" || next.kind === "http") &&
      markdown.slice(block.end, markdown.indexOf("```", block.end)).trim() === "";
    return [
      {
        steps: steps(block.text),
        answer: adjacent ? { kind: next.kind as "json" | "http", text: next.text } : undefined,
      },
    ];
  });
}

function steps(script: string): Step[] {
  const found: Step[] = [];
  let current: Step | undefined;
  let continued = false;
  for (const line of script.split("\n")) {
    if (continued) {
      current!.command += `\n${line}`;
      continued = line.endsWith("\\");
    } else if (line.trim() === "") {
      current = undefined;
    } else if (line.startsWith("#")) {
      // A comment right below a command is its output; anywhere else it describes what follows.
      if (current) current.printed.push(line.replace(/^# ?/, ""));
    } else {
      current = { command: line, printed: [] };
      found.push(current);
      continued = line.endsWith("\\");
    }
  }
  return found;
}

const MARK = "--- end of step ---";

/** Runs an example's commands in one shell, in order, and returns each one's output lines. */
function run(example: Example): string[][] {
  const script = [
    "set -e",
    ...example.steps.map((step) => `${step.command}\nprintf '\\n%s\\n' '${MARK}'`),
  ].join("\n");
  const result = spawnSync("bash", ["-c", script], { encoding: "utf8", timeout: 30_000 });
  assert.equal(result.status, 0, `the example failed:\n${script}\n${result.stderr}`);
  const outputs = result.stdout.split(`\n${MARK}\n`).slice(0, example.steps.length);
  return outputs.map((output) => output.replace(/\r/g, "").replace(/\n+$/, "").split("\n"));
}

/** Headers printed as examples of a value: only their presence and form are promised. */
const EXAMPLE_VALUES: Record<string, RegExp> = { etag: /^"[\w-]+"$/, "x-markdown-tokens": /^\d+$/ };

function assertHttp(printed: string, actual: string[]): void {
  const [status, ...lines] = printed.trim().split("\n");
  assert.equal(actual[0], status);
  const headers = new Map(
    actual
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
  );
  for (const line of lines) {
    const name = line.slice(0, line.indexOf(":")).toLowerCase();
    const value = line.slice(line.indexOf(":") + 1).trim();
    assert.ok(headers.has(name), `${name} is sent`);
    if (EXAMPLE_VALUES[name]) assert.match(headers.get(name)!, EXAMPLE_VALUES[name], name);
    else assert.equal(headers.get(name), value, name);
  }
}

const tools = needTools(["curl", "jq"]);

/** Lines of a text as the examples' runner splits them: no carriage returns, no trailing blank lines. */
const lines = (text: string) => text.replace(/\r/g, "").replace(/\n+$/, "").split("\n");

/**
 * What the examples the page prints no answer for must answer, worked out from the build's own
 * files rather than from the server: the Vietnamese posts' slugs, the about page's Markdown (by
 * Accept, and from its .md file), and its HTML after the status line and the headers that say what it is.
 */
function answers(): { command: string; check(output: string[]): void }[] {
  const index = JSON.parse(read("blog-index.json")) as { posts: { slug: string; lang: string }[] };
  const vietnamese = index.posts.filter((post) => post.lang === "vi").map((post) => post.slug);
  assert.ok(vietnamese.length > 0);
  const markdown = lines(read("about.md"));
  return [
    {
      command: `curl -s ${origin}/blog-index.json | jq -r '.posts[] | select(.lang == "vi") | .slug'`,
      check: (output) => assert.deepEqual(output, vietnamese),
    },
    {
      command: `curl -H 'Accept: text/markdown' ${origin}/about/`,
      check: (output) => assert.deepEqual(output, markdown),
    },
    { command: `curl ${origin}/about.md`, check: (output) => assert.deepEqual(output, markdown) },
    {
      command: `curl -i ${origin}/about/`,
      check: (output) => {
        const blank = output.indexOf("");
        const headers = new Map(
          output
            .slice(1, blank)
            .map((line) => [
              line.slice(0, line.indexOf(":")).toLowerCase(),
              line.slice(line.indexOf(":") + 1).trim(),
            ]),
        );
        assert.equal(output[0], "HTTP/1.1 200 OK");
        assert.equal(headers.get("content-type"), "text/html; charset=utf-8");
        assert.equal(headers.get("link"), '</about.md>; rel="alternate"; type="text/markdown"');
        assert.deepEqual(output.slice(blank + 1), lines(read("about/index.html")));
      },
    },
  ];
}

test("every shell example on the developers page answers as printed", { skip: tools.skip }, () => {
  tools.path("curl");
  tools.path("jq");
  const all = examples(page);
  assert.ok(all.length >= 8, `${all.length} examples`);
  for (const example of all) {
    const outputs = run(example);
    example.steps.forEach((step, index) => {
      const output = outputs[index];
      assert.ok(step.command.includes(origin), `${step.command}: names the build's origin`);
      if (step.printed.length > 0) assert.deepEqual(output, step.printed, step.command);
      else if (example.answer?.kind === "json" && index === example.steps.length - 1)
        assert.deepEqual(JSON.parse(output.join("\n")), JSON.parse(example.answer.text), step.command);
      else if (example.answer?.kind === "http" && index === example.steps.length - 1)
        assertHttp(example.answer.text, output);
      // A variable for the next command prints nothing of its own; every other command answers what the page says it does.
      else if (!/^\w+=/.test(step.command)) {
        const expected = answers().find(({ command }) => command === step.command);
        assert.ok(expected, `${step.command}: the test knows no answer for this example`);
        expected.check(output);
      }
    });
  }
  // The page's examples cover what it promises most: both representations, 304, 404, 406 and 405.
  const printed = all.flatMap((example) => example.steps.flatMap((step) => step.printed));
  for (const line of [
    "HTTP/1.1 304 Not Modified",
    "HTTP/1.1 405 Method Not Allowed",
    "not_found",
    "representation_not_available",
  ])
    assert.ok(printed.includes(line), line);
});

// ---------------------------------------------------------------------------
// The tables

/** The rows of the table whose header row is `header`, as cells. */
function table(markdown: string, header: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(header);
  assert.ok(start >= 0, `a table headed ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The Accept values a table cell names: `none` (no header), `empty`, a browser's default, and every `code` value. */
function accepts(cell: string): (string | null)[] {
  const values: (string | null)[] = [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  if (/\bnone\b/.test(cell)) values.push(null);
  if (/\bempty\b/.test(cell)) values.push("");
  if (/browser default/.test(cell) && !values.some((value) => value?.includes(","))) values.push(BROWSER);
  return values;
}

function expectedType(result: string): string {
  if (/Problem/.test(result)) return "application/json; charset=utf-8";
  return /Markdown/.test(result) ? "text/markdown; charset=utf-8" : "text/html; charset=utf-8";
}

test("the page's Accept table is what a page answers", async () => {
  const rows = table(page, "| `Accept` sent | Result |");
  assert.ok(
    rows.some(([cell]) => cell.includes("`text/*`")),
    "the table says what text/* gets",
  );
  for (const [cell, result] of rows) {
    for (const accept of accepts(cell)) {
      const response = await get("/about/", accept === null ? {} : { accept });
      assert.equal(response.status, Number(result.slice(0, 3)), `Accept: ${accept}`);
      assert.equal(response.headers.get("content-type"), expectedType(result), `Accept: ${accept}`);
    }
  }
});

test("the 404 Accept table is what a missing path answers: one rule with pages, text/* included", async () => {
  const rows = table(page, "| `Accept` sent | 404 body |");
  assert.ok(
    rows.some(([cell]) => cell.includes("`text/*`")),
    "the table says what text/* gets",
  );
  for (const [cell, result] of rows) {
    for (const accept of accepts(cell)) {
      for (const path of ["/nope/", "/blog/nope/"]) {
        const response = await get(path, accept === null ? {} : { accept });
        assert.equal(response.status, 404);
        assert.equal(response.headers.get("content-type"), expectedType(result), `${path} Accept: ${accept}`);
      }
    }
  }
  // Whatever picks HTML on a page picks the HTML 404 on a miss.
  for (const accept of ["text/*", "*/*;q=0.5, text/*", BROWSER]) {
    const [onPage, onMiss] = await Promise.all([get("/about/", { accept }), get("/nope/", { accept })]);
    assert.equal(onPage.headers.get("content-type"), "text/html; charset=utf-8", accept);
    assert.equal(onMiss.headers.get("content-type"), "text/html; charset=utf-8", accept);
  }
});

test("the page's table of operations is openapi.json's: every operation, its path and its tags", () => {
  const rows = table(page, "| Operation | Path | Tag |").map(([operation, path, tag]) => [
    operation.replace(/`/g, ""),
    path.replace(/`/g, ""),
    tag === "none" ? "" : tag.replace(/`/g, ""),
  ]);
  const openapi = JSON.parse(read("openapi.json"));
  const described = Object.entries<{ get: { operationId: string; tags?: string[] } }>(openapi.paths).map(
    ([path, item]) => [item.get.operationId, path, (item.get.tags ?? []).join(", ")],
  );
  assert.deepEqual([...rows].sort(), [...described].sort());
});

test("the page's table of error headers is what every error sends", async () => {
  const rows = table(page, "| Header | Value |").map(([name, value]) => [
    name.replace(/`/g, "").toLowerCase(),
    value.replace(/^`|`$/g, ""),
  ]);
  assert.deepEqual(rows.map(([name]) => name).sort(), [
    "access-control-allow-origin",
    "cache-control",
    "link",
    "vary",
  ]);
  for (const response of [
    await get("/nope/"),
    await get("/nope/", { accept: "text/markdown" }),
    await get("/nope/", { accept: "text/html" }),
    await get("/about/", { accept: "image/png" }),
    await get("/about/", {}, "POST"),
  ]) {
    for (const [name, value] of rows)
      assert.equal(response.headers.get(name), value, `${response.status} ${name}`);
  }
});

// ---------------------------------------------------------------------------
// Statements made in several places

test("every operation openapi.json gives If-None-Match answers 304 with its ETag, as the page and agent-instructions.md say", async () => {
  const openapi = JSON.parse(read("openapi.json"));
  const index = JSON.parse(read("blog-index.json"));
  const example: Record<string, string> = {
    "/blog/{slug}.md": `/blog/${index.posts[0].slug}.md`,
    "/{page}.md": "/about.md",
    "/{path}": "/about/",
  };
  for (const [path, item] of Object.entries<{
    get: { parameters?: { name: string }[]; responses: Record<string, unknown> };
  }>(openapi.paths)) {
    assert.ok(
      item.get.parameters?.some((parameter) => parameter.name === "If-None-Match"),
      `${path} takes If-None-Match`,
    );
    assert.ok(item.get.responses["304"], `${path} describes 304`);
    const concrete = example[path] ?? path;
    const first = await get(concrete);
    const etag = first.headers.get("etag");
    assert.ok(etag, `${concrete} sends an ETag`);
    const again = await get(concrete, { "if-none-match": etag });
    assert.equal(again.status, 304, concrete);
    assert.equal(again.headers.get("etag"), etag);
  }
  assert.match(page, /for a page and for every file/);
  assert.match(
    read("agent-instructions.md"),
    /every page and file sends an `ETag`, and unchanged ones answer 304/,
  );
});

test("405: the server answers other methods with Allow and no body, and the page, openapi.json and agent-instructions.md all say so", async () => {
  for (const method of ["POST", "PUT", "DELETE"]) {
    const response = await get("/about/", {}, method);
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
    assert.equal(await response.text(), "", "no body");
  }
  assert.match(
    page,
    /three error statuses: 404 when a path does not exist, 406 when a page exists but not in a form you accept, and 405 for a method other than `GET`, `HEAD` and `OPTIONS`\. A 405 has no body\./,
  );
  assert.match(
    JSON.parse(read("openapi.json")).info.description,
    /any other method answers 405 Method Not Allowed with `Allow: GET, HEAD, OPTIONS`, the error headers and no body/,
  );
  assert.match(
    read("agent-instructions.md"),
    /A method other than GET, HEAD or OPTIONS answers 405 with no body\./,
  );
});

test('"This OpenAPI 3.1 description" is said of openapi.json only where it is openapi.json speaking: nowhere else', async () => {
  const markdown404 = await (await get("/nope/", { accept: "text/markdown" })).text();
  for (const [name, text] of [
    ["llms.txt", read("llms.txt")],
    ["the Markdown 404", markdown404],
    ["agent-instructions.md", read("agent-instructions.md")],
    ["llms-full.txt", read("llms-full.txt")],
  ]) {
    assert.doesNotMatch(text, /This OpenAPI 3\.1 description/i, name);
    assert.match(text, /openapi\.json/, `${name} names openapi.json`);
  }
});

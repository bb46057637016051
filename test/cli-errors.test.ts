/**
 * Errors as a writer meets them, through the real CLI: each kind (YAML,
 * frontmatter schema, templates, Markdown links) names file:line:column, shows
 * the line with a caret under the column, and says how to fix it, in `build`
 * and `check`, and as fields in `--json`. Then the CLI's surface: `--help` with
 * examples on every command, `--version`, exit codes 0/1/2, and no colour
 * codes when NO_COLOR is set or the output is not a terminal.
 */
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { run } from "../src/cli.ts";
import { builtSite, ROOT, sitegenHere, startPreviewServer, type Running } from "./helpers/dist.ts";
import { sitegenIn, tempProject } from "./helpers/project.ts";

const FIXTURES = join(import.meta.dirname, "fixtures/authoring");
const VERSION = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8")).version;

interface ErrorCase {
  name: string;
  /** Fixture file under test/fixtures/authoring/ and where it goes in the project. */
  fixture: string;
  to: string;
  /** What the message says, where it points, and what the hint advises. */
  message: RegExp;
  line: number;
  column: number;
  hint: RegExp;
  /** What src/policy.ts makes of it: an error fails the run; a warning fails it only under --strict. */
  level: "error" | "warning";
}

const post = (fixture: string) => `content/blog/${fixture}`;

const CASES: ErrorCase[] = [
  // YAML syntax
  {
    name: "YAML: a flow list never closed",
    fixture: "yaml-unclosed-list.md",
    to: post("yaml-unclosed-list.md"),
    message: /invalid YAML: Flow sequence/,
    line: 5,
    column: 7,
    hint: /close the list on the same line/,
    level: "error",
  },
  {
    name: "YAML: a field given twice, the last one counting as Jekyll's and PyYAML's YAML read it",
    fixture: "yaml-duplicate-field.md",
    to: post("yaml-duplicate-field.md"),
    message:
      /`lang` is written a second time: read as Jekyll's and PyYAML's YAML read it, the last one counting/,
    line: 7,
    column: 1,
    hint: /keep one of them/,
    level: "warning",
  },
  {
    name: "YAML: a quote never closed",
    fixture: "yaml-unclosed-quote.md",
    to: post("yaml-unclosed-quote.md"),
    message: /invalid YAML: Missing closing "quote/,
    line: 3,
    column: 14,
    hint: /close the quoted value/,
    level: "error",
  },
  {
    name: "frontmatter missing: not a post, as Jekyll reads it",
    fixture: "no-frontmatter.md",
    to: post("no-frontmatter.md"),
    message: /no frontmatter, so not a page or post: left out/,
    line: 1,
    column: 1,
    hint: /start the file with `---`/,
    level: "warning",
  },
  {
    name: "frontmatter: JavaScript (Eleventy's `---js`), which is never run",
    fixture: "frontmatter-javascript.md",
    to: post("frontmatter-javascript.md"),
    message: /JavaScript frontmatter that computes its values is not read/,
    line: 1,
    column: 1,
    hint: /write the fields as YAML between `---` lines/,
    level: "error",
  },
  {
    name: "frontmatter: a list where the fields belong",
    fixture: "frontmatter-not-a-mapping.md",
    to: post("frontmatter-not-a-mapping.md"),
    message: /frontmatter must be a mapping of fields, not a list/,
    line: 2,
    column: 1,
    hint: /one `field: value` a line/,
    level: "error",
  },
  {
    name: "frontmatter not closed: a `---` in the body read as its end",
    fixture: "yaml-not-closed.md",
    to: post("yaml-not-closed.md"),
    message:
      /unterminated frontmatter: no `---` line closes its fields, so the body was read as YAML up to the `---` at line 11$/,
    line: 1,
    column: 1,
    hint: /add a line `---` after line 4, the last field: the body starts at line 6$/,
    level: "error",
  },
  {
    name: "frontmatter not closed at all",
    fixture: "yaml-not-closed-at-all.md",
    to: post("yaml-not-closed-at-all.md"),
    message: /unterminated frontmatter: no closing `---` line$/,
    line: 1,
    column: 1,
    hint: /add a line `---` after line 5, the last field: the body starts at line 7$/,
    level: "error",
  },
  // TOML syntax (Hugo's `+++`)
  {
    name: "TOML: frontmatter never closed",
    fixture: "toml-unterminated.md",
    to: post("toml-unterminated.md"),
    message: /unterminated frontmatter: no closing `\+\+\+` line/,
    line: 1,
    column: 1,
    hint: /a line that is exactly `\+\+\+`/,
    level: "error",
  },
  {
    name: "TOML: a quote never closed",
    fixture: "toml-invalid.md",
    to: post("toml-invalid.md"),
    message: /invalid TOML/,
    line: 2,
    column: 21,
    hint: /quote text values/,
    level: "error",
  },
  // Frontmatter schema
  {
    name: "schema: a date that does not exist",
    fixture: "schema-bad-date.md",
    to: post("schema-bad-date.md"),
    message: /`date` is not a date: February 2025 has days 01 to 28, not 30/,
    line: 4,
    column: 7,
    hint: /YYYY-MM-DD/,
    level: "error",
  },
  {
    name: "schema: a mapping where a list belongs, kept for the templates",
    fixture: "schema-wrong-type.md",
    to: post("schema-wrong-type.md"),
    message: /`tags` must be array: `tags` is not used, but kept for the templates as `params\.tags`/,
    line: 5,
    column: 7,
    hint: /write a list/,
    level: "warning",
  },
  // Templates
  {
    name: "template: an unknown name",
    fixture: "template-unknown-name.html",
    to: "templates/post.html",
    message: /unknown name `titel`/,
    line: 2,
    column: 5,
    hint: /did you mean `title`\?/,
    level: "error",
  },
  {
    name: "template: a section never closed",
    fixture: "template-unclosed-section.html",
    to: "templates/page.html",
    message: /`\{\{#updated\}\}` is never closed/,
    line: 3,
    column: 3,
    hint: /add `\{\{\/updated\}\}`/,
    level: "error",
  },
  {
    name: "template: a tag missing a brace",
    fixture: "template-not-a-tag.html",
    to: "templates/page.html",
    message: /`\{\{ title \}<\/h1>` is not a tag/,
    line: 2,
    column: 5,
    hint: /a tag is `\{\{name\}\}`/,
    level: "error",
  },
  {
    name: "template: a partial that does not exist",
    fixture: "template-missing-partial.html",
    to: "templates/post.html",
    message: /no template named `share\.html` to include/,
    line: 4,
    column: 1,
    hint: /create templates\/share\.html or fix the name/,
    level: "error",
  },
  // Markdown
  {
    name: "Markdown: a broken link on the second line of a paragraph",
    fixture: "markdown-broken-link.md",
    to: post("markdown-broken-link.md"),
    message: /broken link `\/blog\/no-such-post\/`/,
    line: 11,
    column: 47,
    hint: /link to a page, a published post/,
    level: "warning",
  },
  {
    name: "Markdown: a link to a heading that does not exist",
    fixture: "markdown-broken-anchor.md",
    to: post("markdown-broken-anchor.md"),
    message: /broken anchor `\/developers\/#no-such-heading`/,
    line: 10,
    column: 25,
    hint: /explicit id with `\{#id\}`/,
    level: "warning",
  },
  {
    name: "Markdown: a reference link, pointed at its definition",
    fixture: "markdown-broken-reference.md",
    to: post("markdown-broken-reference.md"),
    message: /broken link `\/guides\/retries\/`/,
    line: 12,
    column: 10,
    hint: /link to a page/,
    level: "warning",
  },
];

/**
 * The block `formatError` prints: `error: file:line:column: message`, then
 * `  line | source`, then a caret under the column, then `  hint: …`.
 */
function assertLocated(
  stderr: string,
  c: Pick<ErrorCase, "to" | "line" | "column" | "message" | "hint">,
  source: string,
  level: "error" | "warning" = "error",
): void {
  const lines = stderr.split("\n");
  const at = lines.findIndex((line) => line.startsWith(`${level}: ${c.to}:${c.line}:${c.column}: `));
  assert.ok(at >= 0, `stderr names ${c.to}:${c.line}:${c.column}:\n${stderr}`);
  assert.match(lines[at], c.message);
  const sourceLine = source.split("\n")[c.line - 1];
  const gutter = `  ${c.line} | `;
  assert.equal(lines[at + 1], `${gutter}${sourceLine}`, "the offending line, as written");
  assert.equal(lines[at + 2], `${" ".repeat(gutter.length + c.column - 1)}^`, "a caret under the column");
  assert.match(lines[at + 3], /^ {2}hint: /);
  assert.match(lines[at + 3], c.hint);
}

const WARNING_CASES = CASES.filter((c) => c.level === "warning");
let warnings: ReturnType<typeof buildAllWarnings> | undefined;
/** The warning cases' runs, made once for all of them. */
const allWarnings = () => (warnings ??= buildAllWarnings());

/**
 * Every warning case in one project: a warning is reported where it is, whatever else the build meets, so one build,
 * one --strict build, one check and one --strict check hold each case to where it points; the output folder as the
 * build left it, before and after the --strict build that failed.
 */
async function buildAllWarnings() {
  const project = tempProject();
  for (const c of WARNING_CASES) copyFileSync(join(FIXTURES, c.fixture), join(project, c.to));
  const files = () =>
    existsSync(join(project, "dist")) ? readdirSync(join(project, "dist"), { recursive: true }).sort() : [];
  const built = await sitegenHere(["build"], { cwd: project });
  const before = files();
  const strict = await sitegenHere(["build", "--strict"], { cwd: project });
  const after = files();
  return {
    built,
    strict,
    before,
    after,
    checked: await sitegenHere(["check"], { cwd: project }),
    checkedStrict: await sitegenHere(["check", "--strict"], { cwd: project }),
  };
}

describe("each kind of error names file:line:column, shows the line with a caret, and says how to fix it", () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const source = readFileSync(join(FIXTURES, c.fixture), "utf8");

      // The CLI's `run` in this process, as the binary runs it: what the binary itself does with an error (its exit
      // code, its streams) is held by the tests of exit codes and colour below, which start it.
      if (c.level === "warning") {
        // A warning: the build succeeds and says where; under --strict it fails as an error would, leaving the output folder as it was.
        const { built, strict, before, after, checked, checkedStrict } = await allWarnings();
        assert.equal(built.status, 0, built.stderr);
        assertLocated(built.stderr, c, source, "warning");
        assert.equal(strict.status, 1, strict.stderr);
        assertLocated(strict.stderr, c, source);
        assert.match(
          strict.stderr,
          new RegExp(
            `✗ build failed with ${WARNING_CASES.length} errors \\(.*\\), no warnings; the output folder was left as it was`,
          ),
        );
        assert.deepEqual(after, before, "a failed build leaves the output folder as it was");
        assert.equal(checked.status, 0, checked.stderr);
        assert.equal(checkedStrict.status, 1, checkedStrict.stderr);
        assertLocated(checkedStrict.stderr, c, source);
        return;
      }
      const project = tempProject();
      copyFileSync(join(FIXTURES, c.fixture), join(project, c.to));
      const built = await sitegenHere(["build"], { cwd: project });
      assert.equal(built.status, 1, built.stderr);
      assertLocated(built.stderr, c, source);
      assert.match(
        built.stderr,
        /✗ build failed with 1 error \([a-z-]+ 1\), no warnings; the output folder was left as it was/,
      );
      assert.ok(!existsSync(join(project, "dist")), "a failed build writes no output folder");
      assert.deepEqual(
        readdirSync(project).filter(
          (name) => /^\.sitegen-(tmp|old)-/.test(name) || name.includes(".sitegen-old-"),
        ),
        [],
        "and leaves no staging folder behind",
      );

      const checked = await sitegenHere(["check"], { cwd: project });
      assert.equal(checked.status, 1, checked.stderr);
      assertLocated(checked.stderr, c, source);

      const json = await sitegenHere(["check", "--json"], { cwd: project });
      assert.equal(json.status, 1);
      const errors = JSON.parse(json.stdout).findings.filter((f: { level: string }) => f.level === "error");
      assert.equal(errors.length, 1, json.stdout);
      assert.deepEqual(
        { file: errors[0].file, line: errors[0].line, column: errors[0].column },
        { file: c.to, line: c.line, column: c.column },
      );
      assert.match(errors[0].message, c.message);
      assert.match(errors[0].hint, c.hint);

      const buildJson = await sitegenHere(["build", "--json"], { cwd: project });
      assert.equal(buildJson.status, 1);
      const report = JSON.parse(buildJson.stdout);
      assert.equal(report.ok, false);
      assert.deepEqual(
        { file: report.findings[0].file, line: report.findings[0].line, column: report.findings[0].column },
        { file: c.to, line: c.line, column: c.column },
      );
    });
  }
});

test("a YAML error in site.yaml points into site.yaml", async () => {
  const project = tempProject();
  const site = join(project, "content/site.yaml");
  const text = readFileSync(site, "utf8").replace(/^languages: .*$/m, "languages: en: vi");
  writeFileSync(site, text);
  const line = text.split("\n").indexOf("languages: en: vi") + 1;
  const result = await sitegenIn(project, ["check"]);
  assert.equal(result.status, 1);
  assertLocated(
    result.stderr,
    {
      to: "content/site.yaml",
      message: /invalid YAML: Nested mappings/,
      line,
      column: 12,
      hint: /quote values that contain `:`/,
    },
    text,
  );
});

test("several errors are reported together, each with its own location", async () => {
  const project = tempProject();
  copyFileSync(join(FIXTURES, "schema-bad-date.md"), join(project, post("schema-bad-date.md")));
  copyFileSync(join(FIXTURES, "yaml-unclosed-list.md"), join(project, post("yaml-unclosed-list.md")));
  const result = await sitegenIn(project, ["build"]);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /^error: content\/blog\/schema-bad-date\.md:4:7: /m);
  assert.match(result.stderr, /^error: content\/blog\/yaml-unclosed-list\.md:5:7: /m);
  assert.match(result.stderr, /✗ build failed with 2 errors \(bad-date 1, frontmatter 1\)/);
});

// ---------------------------------------------------------------------------
// The command line itself

const COMMANDS: [string[], RegExp][] = [
  [["build"], /\$ sitegen build/],
  [["check"], /\$ sitegen check/],
  [["init"], /\$ sitegen init my-site --install-from \S+\.tgz/],
  [["host", "add"], /\$ sitegen host add cloudflare/],
  [["new"], /\$ sitegen new post "/],
  [["new", "post"], /\$ sitegen new post .* --lang vi/],
  [["new", "page"], /\$ sitegen new page services/],
  [["serve"], /\$ sitegen serve --watch/],
  [["verify"], /\$ sitegen verify https:\/\//],
];

// What each help says, by the CLI's `run` in this process, as the binary runs it: how the binary turns a status into
// its exit code is held by the test of exit codes below, which starts it.
test("every command has --help with examples, on stdout, exit 0", async () => {
  const project = tempProject();
  for (const [command, example] of COMMANDS) {
    const result = await sitegenHere([...command, "--help"], { cwd: project });
    assert.equal(result.status, 0, command.join(" "));
    assert.match(result.stdout, new RegExp(`^Usage: sitegen ${command.join(" ")} `), command.join(" "));
    assert.match(result.stdout, /\nExamples:\n/, command.join(" "));
    assert.match(result.stdout, example, command.join(" "));
  }
  const top = await sitegenHere(["--help"], { cwd: project });
  assert.equal(top.status, 0);
  for (const name of ["build", "check", "host", "init", "new", "serve", "verify"])
    assert.match(top.stdout, new RegExp(`^  ${name} `, "m"));
});

test("help read by a reader that stops early (`sitegen build --help | head -1`) ends quietly, exit 0", async () => {
  // The pipe is closed before sitegen writes, so every write meets EPIPE, as `head` leaves it once it has its lines.
  const child = spawn(process.execPath, [join(ROOT, "bin/sitegen.js"), "build", "--help"], {
    cwd: tempProject(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const [code] = await once(child, "close");
  assert.equal(stderr, "");
  assert.equal(code, 0);
});

test("--version and -v print the package version, exit 0", async () => {
  for (const flag of ["--version", "-v"]) {
    const result = await sitegenIn(tempProject(), [flag]);
    assert.equal(result.status, 0);
    assert.equal(result.stdout, `${VERSION}\n`);
  }
});

test("exit codes: 0 ok, 1 content error, 2 usage error", async () => {
  const project = tempProject();
  assert.equal((await sitegenIn(project, ["check"])).status, 0);
  copyFileSync(join(FIXTURES, "schema-bad-date.md"), join(project, post("schema-bad-date.md")));
  assert.equal((await sitegenIn(project, ["check"])).status, 1);
  for (const args of [
    ["frobnicate"],
    ["build", "--no-such-option"],
    ["serve", "--port", "http"],
    ["build"],
  ]) {
    const env = args[0] === "build" && args.length === 1 ? { SOURCE_DATE_EPOCH: "yesterday" } : {};
    const result = await sitegenIn(project, args, env);
    assert.equal(result.status, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, /error/);
  }
});

test("a fault of sitegen's own ends in one line that says so, where it arose and how to see more, exit 1, not a stack trace; SITEGEN_DEBUG=1 adds the trace", async () => {
  // A working folder that is no path: what no command line can pass, so the fault is the code's, found where it reads the path.
  const fault = async (env: NodeJS.ProcessEnv) => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (chunk) => (text += chunk));
    const code = await run(["check"], {
      stdout: out,
      stderr: out,
      env,
      cwd: 42 as unknown as string,
      stopped: () => new Promise(() => {}),
    });
    return { code, text };
  };
  const quiet = await fault({});
  assert.equal(quiet.code, 1);
  assert.match(
    quiet.text,
    /^error: sitegen stopped on a fault of its own: TypeError: .* \(at [^)]+:\d+\)\n {2}hint: this is a fault of sitegen, not of the content: please report it with the command you ran; SITEGEN_DEBUG=1 shows where it arose in full\n$/,
  );
  assert.doesNotMatch(quiet.text, /\n\s+at /, "no stack trace");
  const debug = await fault({ SITEGEN_DEBUG: "1" });
  assert.equal(debug.code, 1);
  assert.match(debug.text, /\n\s+at /, "the trace, asked for");
});

/** ESC, which starts every ANSI colour or cursor sequence. */
const ESC = "\u001b";
/** An SGR sequence (ECMA-48 "select graphic rendition"): colour and emphasis, what NO_COLOR turns off. A cursor sequence, such as verify's progress line redrawing itself, is not one. */
const COLOUR = /\u001b\[[\d;]*m/;

/** The preview server over a real build, for `verify`: the one command that prints colour (its report's pass and FAIL). */
let preview: Running | undefined;
async function previewUrl(): Promise<string> {
  preview ??= await startPreviewServer(builtSite());
  return preview.url;
}
after(() => preview?.stop());

/** `run(args)` in this process with standard output and error claiming to be a terminal, as a person's shell has them. */
async function onTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const terminal = () => Object.assign(new PassThrough(), { isTTY: true });
  const stdout = terminal();
  const stderr = terminal();
  let text = "";
  stdout.on("data", (chunk) => (text += chunk));
  stderr.on("data", (chunk) => (text += chunk));
  await run(args, {
    stdout,
    stderr,
    env: { SOURCE_DATE_EPOCH: "1796083200", ...env },
    cwd: ROOT,
    stopped: () => new Promise(() => {}),
  });
  assert.ok(text.length > 0, args.join(" "));
  return text;
}

test("no colour codes in output that is not a terminal, with or without NO_COLOR; verify, which colours its report on a terminal, among them", async () => {
  const project = tempProject();
  copyFileSync(join(FIXTURES, "template-unknown-name.html"), join(project, "templates/post.html"));
  const url = await previewUrl();
  // The control: on a terminal, the same verify run does print colour, and this test would see it.
  assert.match(await onTerminal(["verify", url], {}), COLOUR);
  for (const env of [{ NO_COLOR: undefined }, { NO_COLOR: "1" }]) {
    for (const args of [
      ["build"],
      ["check"],
      ["check", "--json"],
      ["--help"],
      ["new", "--help"],
      ["new", "post", "Colourless"],
      ["frobnicate"],
      ["verify", url],
    ]) {
      const result = await sitegenIn(project, args, env);
      if (args[0] === "verify")
        assert.match(result.stdout, /^Summary: all \d+ checks passed/m, "verify ran its checks");
      assert.ok(
        !result.stdout.includes(ESC) && !result.stderr.includes(ESC),
        `${args.join(" ")} with NO_COLOR=${env.NO_COLOR}`,
      );
    }
  }
});

test("no colour codes on a terminal when NO_COLOR is set, where verify would colour its report without it", async () => {
  const project = tempProject();
  copyFileSync(join(FIXTURES, "schema-bad-date.md"), join(project, post("schema-bad-date.md")));
  const url = await previewUrl();
  const withColour = await onTerminal(["verify", url], {});
  assert.match(
    withColour,
    /\u001b\[32mpass\u001b\[0m/,
    "the control: verify colours its report on a terminal",
  );
  for (const args of [
    [
      "check",
      "--content",
      join(project, "content"),
      "--templates",
      join(project, "templates"),
      "--dist",
      join(project, "dist"),
    ],
    ["--help"],
    ["verify", url],
  ]) {
    const text = await onTerminal(args, { NO_COLOR: "1" });
    assert.doesNotMatch(text, COLOUR, args[0]);
    if (args[0] === "verify") assert.match(text, /^ {2}pass {2}/m, "the same report, uncoloured");
  }
});

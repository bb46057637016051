/**
 * Every llms.txt sitegen writes is read by llmstxt.org's reference parser
 * (`parse_llms_file` of the `llms-txt` package, ported in
 * test/helpers/llms-txt-reference.ts): the example site's, a new `init`
 * site's and the documentation's. The port is first held to the package's
 * own test cases (tests/test-parse.py and the examples of nbs/01_core.ipynb),
 * so that it refuses what the Python refuses. The format: an H1, a
 * blockquote, free text with no heading, then H2 sections that are lists of
 * links; the when-to-use guidance is free text, found by its bold name.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseLink, parseLlmsFile } from "./helpers/llms-txt-reference.ts";
import { sitegenHere, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";
import { readSource } from "./helpers/site.ts";
import { parse as parseYaml } from "yaml";
import { whenToUseFaults } from "../src/verify/checks/service.ts";

// ---------------------------------------------------------------------------
// The package's own cases (AnswerDotAI/llms-txt tests/test-parse.py)

test("reference parser, test_basic_parsing: title, summary, info, and two sections of one link each", () => {
  const result = parseLlmsFile(
    "# Title\n\n> Optional description goes here\n\nOptional details go here\n\n## Section name\n\n- [Link title](https://link_url): Optional link details\n\n## Optional\n\n- [Link title](https://link_url)\n",
  );
  assert.equal(result.title, "Title");
  assert.equal(result.summary, "Optional description goes here");
  assert.equal(result.info, "Optional details go here");
  assert.ok(result.sections.has("Section name"));
  assert.ok(result.sections.has("Optional"));
  assert.equal(result.sections.get("Section name")!.length, 1);
  assert.equal(result.sections.get("Optional")!.length, 1);
});

test("reference parser, test_multiple_links", () => {
  const result = parseLlmsFile(
    "# Another Title\n\n> Another description\n\nMore details\n\n## Links\n\n- [Google](https://google.com): Search engine\n- [OpenAI](https://openai.com)\n\n## More Info\n\n- [Python](https://python.org): Programming language\n",
  );
  assert.equal(result.title, "Another Title");
  assert.equal(result.summary, "Another description");
  assert.equal(result.info, "More details");
  assert.equal(result.sections.get("Links")!.length, 2);
  assert.equal(result.sections.get("More Info")!.length, 1);
});

test("reference parser, test_missing_optional_fields: no blockquote, no summary", () => {
  const result = parseLlmsFile(
    "# Only Title\n\nOnly details here\n\n## Section\n\n- [Item](https://example.com)\n",
  );
  assert.equal(result.title, "Only Title");
  assert.equal(result.summary, null);
  assert.equal(result.info, "Only details here");
  assert.equal(result.sections.get("Section")!.length, 1);
});

test("reference parser, test_no_links: no section at all", () => {
  const result = parseLlmsFile("# No Links Title\n\n> No description\n\nSome details without links\n");
  assert.equal(result.title, "No Links Title");
  assert.equal(result.summary, "No description");
  assert.equal(result.info, "Some details without links");
  assert.equal(result.sections.size, 0);
});

test("reference parser, the notebook's parse_link and sections examples", () => {
  assert.deepEqual(
    parseLink(
      "- [FastHTML quick start](https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md): A brief overview of FastHTML features",
    ),
    {
      title: "FastHTML quick start",
      url: "https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md",
      desc: "A brief overview of FastHTML features",
    },
  );
  assert.deepEqual(parseLink("-[foo](http://foo)"), { title: "foo", url: "http://foo", desc: null });
  const result = parseLlmsFile(
    "# T\n\n> S\n\nFirst bit.\n\n## S1\n\n-[foo](http://foo)\n- [foo2](http://foo2): stuff\n\n## S2\n\n- [foo3](http://foo3)",
  );
  assert.deepEqual([...result.sections.keys()], ["S1", "S2"]);
  assert.deepEqual(result.sections.get("S1"), [
    { title: "foo", url: "http://foo", desc: null },
    { title: "foo2", url: "http://foo2", desc: "stuff" },
  ]);
});

test("reference parser refuses what the Python raises on: a section line that is not a link (the old `## When to use`), a file with no H1", () => {
  assert.throws(
    () => parseLlmsFile("# T\n\n> S\n\nInfo\n\n## When to use\n\n- A user wants to read the posts.\n"),
    /parse_link: no link/,
  );
  assert.throws(() => parseLlmsFile("Just text\n\n## S\n\n- [a](b)\n"), /parse_llms_file/);
});

// ---------------------------------------------------------------------------
// What sitegen writes

/** The file read by the reference parser, and its shape held to llmstxt.org's: free text without headings, every H2 a list of links. */
function assertReadable(
  text: string,
  site: { name: string; when_to_use: string[]; when_not_to_use: string[] },
): void {
  const parsed = parseLlmsFile(text);
  assert.equal(parsed.title, site.name);
  assert.ok(parsed.summary && parsed.summary.length > 0, "a blockquote summary");
  assert.doesNotMatch(parsed.info, /^#/m, "no heading in the free text");
  assert.ok(parsed.sections.size > 0, "H2 sections of links");
  for (const [name, links] of parsed.sections) assert.ok(links.length > 0, `## ${name} lists links`);
  // The when-to-use guidance is free text before the first H2, found by its name.
  assert.match(parsed.info, /^\*\*When to use\*\*/m);
  for (const item of [...site.when_to_use, ...site.when_not_to_use])
    assert.ok(
      parsed.info.replace(/\s+/g, " ").includes(item.replace(/\s+/g, " ").slice(0, 40)),
      `the guidance says: ${item}`,
    );
  assert.deepEqual(whenToUseFaults(text), [], "sitegen verify finds the when-to-use guidance");
}

test("the example site's llms.txt is read by the reference parser", async () => {
  const out = join(tempDir("sitegen-llms-ref-"), "dist");
  const build = await sitegenHere(["build", "--out", out]);
  assert.equal(build.status, 0, build.stderr);
  assertReadable(readFileSync(join(out, "llms.txt"), "utf8"), readSource().site);
});

test("a new site's llms.txt is read by the reference parser", async () => {
  const root = initSite("llms-ref");
  const build = await sitegenHere(["build"], { cwd: root });
  assert.equal(build.status, 0, build.stderr);
  assertReadable(
    readFileSync(join(root, "dist/llms.txt"), "utf8"),
    parseYaml(readFileSync(join(root, "content/site.yaml"), "utf8")),
  );
});

test("the documentation's llms.txt is read by the reference parser", async () => {
  const out = join(tempDir("sitegen-llms-ref-docs-"), "dist");
  const build = await sitegenHere([
    "build",
    "--content",
    "docs/content",
    "--templates",
    "starter/templates",
    "--out",
    out,
  ]);
  assert.equal(build.status, 0, build.stderr);
  const text = readFileSync(join(out, "llms.txt"), "utf8");
  const name = /^# (.*)$/m.exec(text)![1];
  assertReadable(text, { name, when_to_use: [], when_not_to_use: [] });
});

/**
 * Content that once stopped sitegen on a fault of its own, naming no file:
 * a date YAML reads as a number or a boolean, a field named like a property
 * every JavaScript object has, a site without content/pages/, site.yaml
 * removed while watching. Each ends in a finding at its file (and line)
 * through `build`, `check`, `serve --watch` and `import`, never in a stack
 * trace.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startWatch } from "../src/hosts/preview/watch.ts";
import { EPOCH, sitegenHere, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

/** What must never be printed: sitegen's own fault, or a stack frame. */
const NO_FILE = /fault of its own|^\s+at .*:\d+:\d+\)?$|TypeError|is not a function|Cannot read properties/m;

/** The values YAML reads as something other than text, as `date:` writes them. */
const NOT_TEXT = ["2024", "20240101", "1.5", "true"];

function post(name: string, fields: string): string {
  return `---\ntitle: "${name}"\ndescription: "A post."\n${fields}\n---\n\nBody.\n`;
}

/** A site with a post for each date YAML reads as no text, and one with a field named `constructor`. */
function faultySite(): string {
  const root = initSite();
  for (const [index, date] of NOT_TEXT.entries()) writeFileSync(join(root, `content/blog/date-${index}.md`), post(`Date ${date}`, `date: ${date}`));
  writeFileSync(join(root, "content/blog/constructor.md"), post("Constructor", "date: 2026-01-02\nconstructor: x\ntoString: y"));
  return root;
}

function assertFindings(output: string, where: string): void {
  assert.doesNotMatch(output, NO_FILE, `${where}:\n${output}`);
  for (const index of NOT_TEXT.keys()) assert.match(output, new RegExp(`^(  )?error: (\\S+/)?content/blog/date-${index}\\.md:4:7: \`date\` must be string`, "m"), `${where}:\n${output}`);
}

describe("every fault of the content names its file", () => {
  it("reports `date: 2024` (20240101, 1.5, true) and a field named `constructor` at their lines, in build and check", async () => {
    const root = faultySite();
    for (const command of ["build", "check"]) {
      const run = await sitegenHere([command], { cwd: root });
      assert.equal(run.status, 1, run.stderr);
      assertFindings(run.stderr, command);
      assert.match(run.stderr, /^warning: content\/blog\/constructor\.md:5: field `constructor` is not one of sitegen's/m, run.stderr);
      assert.match(run.stderr, /^warning: content\/blog\/constructor\.md:6: field `toString` is not one of sitegen's/m, run.stderr);
    }
  });

  it("reports a site without content/pages/ as the pages it lacks, in build and check", async () => {
    const root = initSite();
    rmSync(join(root, "content/pages"), { recursive: true });
    for (const command of ["build", "check"]) {
      const run = await sitegenHere([command], { cwd: root });
      assert.equal(run.status, 1, run.stderr);
      assert.doesNotMatch(run.stderr, NO_FILE, run.stderr);
      assert.match(run.stderr, /^error: content\/pages: missing the home page `index\.md`/m, run.stderr);
    }
  });

  it("reports each in `serve --watch` as a line, site.yaml removed included, serving the last good build meanwhile", async () => {
    const root = initSite();
    const log: string[] = [];
    const errors: string[] = [];
    const session = await startWatch({ contentDir: join(root, "content"), templatesDir: join(root, "templates"), outDir: join(root, "dist"), cwd: root, host: "127.0.0.1", port: 0, generated: () => new Date(Number(EPOCH) * 1000), debounceMs: 50, log: (text) => log.push(text), logError: (text) => errors.push(text) });
    const failed = async (what: string, change: () => void) => {
      const before = errors.length;
      change();
      for (let waited = 0; !errors.slice(before).some((line) => line.startsWith("✗ build failed")); waited += 50) {
        if (waited > 30_000) assert.fail(`no failed build after ${what}: ${errors.slice(before).join("\n")}`);
        await sleep(50);
      }
      return errors.slice(before).join("\n");
    };
    try {
      const site = join(root, "content/site.yaml");
      const yaml = readFileSync(site, "utf8");
      for (const [index, date] of NOT_TEXT.entries()) {
        const shown = await failed(`date: ${date}`, () => writeFileSync(join(root, `content/blog/date-${index}.md`), post(`Date ${date}`, `date: ${date}`)));
        assert.match(shown, new RegExp(`^error: content/blog/date-${index}\\.md:4:7: \`date\` must be string`, "m"), shown);
        assert.doesNotMatch(shown, NO_FILE, shown);
      }
      for (const index of NOT_TEXT.keys()) rmSync(join(root, `content/blog/date-${index}.md`));
      const removed = await failed("site.yaml removed", () => rmSync(site));
      assert.match(removed, /^error: content\/site\.yaml: cannot read content\/site\.yaml/m, removed);
      assert.doesNotMatch(removed, NO_FILE, removed);
      writeFileSync(site, yaml);
      const missing = await failed("content/pages removed", () => rmSync(join(root, "content/pages"), { recursive: true }));
      assert.match(missing, /^error: content\/pages: missing the home page `index\.md`/m, missing);
      assert.doesNotMatch(missing, NO_FILE, missing);
      assert.ok(session.url, "the last good build is still served");
      assert.equal((await fetch(session.url)).status, 200);
    } finally {
      await session.close();
    }
  });

  it("imports a Jekyll site whose posts hold them, reporting each at its file", async () => {
    const source = tempDir("sitegen-jekyll-");
    mkdirSync(join(source, "_posts"));
    writeFileSync(join(source, "_config.yml"), "title: Faults\nurl: https://faults.example\n");
    for (const [index, date] of NOT_TEXT.entries()) writeFileSync(join(source, `_posts/2024-01-0${index + 1}-date-${index}.md`), `---\ntitle: "Date ${date}"\ndate: ${date}\n---\n\nBody.\n`);
    writeFileSync(join(source, "_posts/2024-02-01-constructor.md"), "---\ntitle: Constructor\nconstructor: x\n---\n\nBody.\n");
    const dir = join(tempDir(), "moved");
    const run = await sitegenHere(["import", source, dir]);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const output = run.stdout + run.stderr;
    assert.doesNotMatch(output, NO_FILE, output);
    for (const index of NOT_TEXT.keys()) assert.match(output, new RegExp(`content/blog/2024-01-0${index + 1}-date-${index}\\.md:3: \`date\` must be string`), output);
    assert.match(output, /content\/blog\/2024-02-01-constructor\.md:\d+: field `constructor` is not one of sitegen's/, output);
  });
});

/**
 * Rules a test must hold for a change that breaks them to be noticed: a
 * quote in a field stays inside the attribute it is written into, and of two
 * posts on one slug the one published first keeps it, the path deciding
 * between two published at the same moment.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { sitegenHere } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

/** Every element of an HTML document, as a browser's tokenizer reads it. */
function elements(html: string): Element[] {
  const found: Element[] = [];
  const visit = (nodes: unknown[]) => {
    for (const node of nodes as Element[]) {
      if (node.type === "tag" || node.type === "script" || node.type === "style") found.push(node);
      if (node.children) visit(node.children);
    }
  };
  visit(parseDocument(html).children);
  return found;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => join(dir, name));
}

describe("a quote in a field stays inside its attribute", () => {
  it("writes a title, description, author and tag holding `\"` and `'` into every attribute whole, adding none", async () => {
    const root = initSite();
    const title = `He said "stop" onmouseover="alert(1)" and 'left'`;
    const description = `A "description" data-injected="1" with 'quotes'.`;
    writeFileSync(
      join(root, "content/blog/quoted.md"),
      `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(description)}\ndate: 2026-01-02\nauthor: "Ann \\"Quote\\" onfocus=\\"x\\""\ntags: ["say \\"hi\\" onclick=\\"y\\""]\n---\n\nBody.\n`,
    );
    const run = await sitegenHere(["build"], { cwd: root });
    assert.equal(run.status, 0, run.stderr);
    for (const file of htmlFiles(join(root, "dist"))) {
      for (const element of elements(readFileSync(file, "utf8"))) {
        const added = Object.keys(element.attribs).filter(
          (name) =>
            /^(onmouseover|onfocus|onclick|data-injected|stop|left|and)$/i.test(name) || /["']/.test(name),
        );
        assert.deepEqual(
          added,
          [],
          `${file}: <${element.name}> has attributes of the content's: ${JSON.stringify(element.attribs)}`,
        );
      }
    }
    const page = elements(readFileSync(join(root, "dist/blog/quoted/index.html"), "utf8"));
    const meta = (key: string) =>
      page.find(
        (element) =>
          element.name === "meta" && (element.attribs.property === key || element.attribs.name === key),
      )?.attribs.content;
    assert.equal(meta("og:title"), title);
    assert.equal(meta("description"), description);
  });
});

describe("of two posts on one slug, the one published first keeps it", () => {
  it("gives the slug to the earlier time of one day, and between two of one moment to the path that sorts first, saying which", async () => {
    const root = initSite();
    const blog = join(root, "content/blog");
    const post = (slug: string, date: string, name: string) =>
      `---\ntitle: "${name}"\ndescription: "A post."\ndate: ${date}\nslug: ${slug}\n---\n\nBody.\n`;
    // One day, two times: the later file by path is the earlier post.
    writeFileSync(join(blog, "a-evening.md"), post("tide", "2026-01-02T20:00:00Z", "Evening tide"));
    writeFileSync(join(blog, "b-morning.md"), post("tide", "2026-01-02T08:00:00Z", "Morning tide"));
    // One moment: the path decides, whichever was written first.
    writeFileSync(join(blog, "z-written-first.md"), post("harbour", "2026-01-03", "Written first"));
    writeFileSync(join(blog, "m-written-later.md"), post("harbour", "2026-01-03", "Written later"));
    const run = await sitegenHere(["build"], { cwd: root });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stderr,
      /^warning: content\/blog\/a-evening\.md: two posts have the slug `tide`: this one and content\/blog\/b-morning\.md, which is older and keeps it; this one is at \/blog\/tide-2026\/$/m,
      run.stderr,
    );
    assert.match(
      run.stderr,
      /^warning: content\/blog\/z-written-first\.md: two posts have the slug `harbour`: this one and content\/blog\/m-written-later\.md, which was published at the same moment and comes first by its path, so keeps it; this one is at \/blog\/harbour-2026\/$/m,
      run.stderr,
    );
    const heading = (slug: string) => readFileSync(join(root, `dist/blog/${slug}.md`), "utf8").split("\n")[0];
    assert.deepEqual(["tide", "tide-2026", "harbour", "harbour-2026"].map(heading), [
      "# Morning tide",
      "# Evening tide",
      "# Written later",
      "# Written first",
    ]);
  });
});

/**
 * `serve --watch` prints what a save changed of the findings: the first build
 * prints them all, a rebuild only those it added (in full) and those it made
 * go (one line each), then one line that counts them. A site with many
 * warnings printed every one of them again on each save.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startWatch } from "../src/hosts/preview/watch.ts";
import { tempProject } from "./helpers/project.ts";
import { watchOptions } from "./helpers/watch-options.ts";

const post = (title: string, links: string[]) =>
  [
    "---",
    `title: ${title}`,
    "description: A post with links.",
    "date: 2025-01-01",
    "---",
    "",
    ...links.map((link) => `See [this](${link}).\n`),
  ].join("\n");

test("a rebuild prints the findings the save added and those it made go, then their count; not every one again", async () => {
  const project = tempProject();
  const blog = join(project, "content/blog");
  writeFileSync(join(blog, "old-links.md"), post("Old links", ["/gone-one/", "/gone-two/"]));
  writeFileSync(join(blog, "edited.md"), post("Edited", []));
  const log: string[] = [];
  const errors: string[] = [];
  const session = await startWatch(watchOptions(project, log, errors, 50));
  const builds = () => log.filter((line) => /^✓ (re)?built /.test(line)).length;
  const rebuilt = async (count: number) => {
    for (let waited = 0; builds() < count && waited < 600; waited++) await sleep(50);
    await session.settled();
    assert.equal(builds(), count, [...log, ...errors].join("\n"));
  };
  try {
    await rebuilt(1);
    // The first build prints all it found.
    const first = errors.join("\n");
    assert.match(first, /^! broken-link: 2 warnings/m);
    assert.match(first, /old-links\.md:7:\d+: broken link `\/gone-one\/`/);

    // A save that adds a broken link: that one, in full, and the count; the two the save did not touch are not printed again.
    errors.length = 0;
    const edited = join(blog, "edited.md");
    writeFileSync(edited, post("Edited", ["/gone-three/"]));
    await rebuilt(2);
    let said = errors.join("\n");
    assert.match(said, /^! broken-link: 1 warning/m);
    assert.match(said, /edited\.md:7:\d+: broken link `\/gone-three\/`/);
    assert.doesNotMatch(said, /gone-one|gone-two/);
    assert.match(said, /^! 3 warnings in all: 1 new, 0 gone$/m);

    // A save that moves a finding down a line, and fixes another: the moved one is no news, the fixed one is gone.
    errors.length = 0;
    writeFileSync(
      join(blog, "old-links.md"),
      post("Old links", ["/about/", "/gone-two/"]).replace("---\n\nSee", "---\n\n\nSee"),
    );
    await rebuilt(3);
    said = errors.join("\n");
    assert.match(said, /^fixed: .*old-links\.md:7: broken link `\/gone-one\/`/m);
    assert.doesNotMatch(said, /gone-two|gone-three/);
    assert.match(said, /^! 2 warnings in all: 0 new, 1 gone$/m);
    assert.equal(readFileSync(edited, "utf8").includes("/gone-three/"), true);
  } finally {
    await session.close();
  }
});

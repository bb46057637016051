/**
 * The kitchen-sink post (test/fixtures/markdown/kitchen-sink.md: every
 * construct of the Markdown people bring), with the post it links to, the
 * picture it shows and its cover beside it, in a site of each theme: the second site with the
 * Halyard templates, and a site as `sitegen init` writes it. Each is built
 * once per test run with the real CLI.
 */
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegen, tempDir } from "./dist.ts";
import { onceForTheRun } from "./run-once.ts";
import { initSiteIn } from "./starter.ts";

const FIXTURES = join(ROOT, "test/fixtures/markdown");

/** Where the kitchen sink is, on either site. */
export const KITCHEN_SINK = "/blog/kitchen-sink/";

let made: { halyard: string; starter: string } | undefined;

/** The two builds' folders, made once for the whole run (test/helpers/run-once.ts) and only read. */
export function kitchenSinkSites(): { halyard: string; starter: string } {
  if (made) return made;
  const folder = onceForTheRun(
    "kitchen-sink",
    () => tempDir("sitegen-kitchen-"),
    (into) => {
      const halyard = join(into, "site");
      cpSync(join(ROOT, "test/fixtures/sites/kontor"), join(halyard, "content"), { recursive: true });
      cpSync(join(ROOT, "templates"), join(halyard, "templates"), { recursive: true });
      const starter = initSiteIn(into, "kitchen-sink");
      for (const root of [halyard, starter]) {
        for (const post of ["kitchen-sink.md", "heading-attributes.md"])
          cpSync(join(FIXTURES, post), join(root, "content/blog", post));
        // Its cover beside it, as an Astro blog keeps one (`cover: ./kitchen-sink-cover.svg`): published under the post's address.
        cpSync(join(FIXTURES, "hafen.svg"), join(root, "content/blog/kitchen-sink-cover.svg"));
        mkdirSync(join(root, "content/static"), { recursive: true });
        cpSync(join(FIXTURES, "hafen.svg"), join(root, "content/static/hafen.svg"));
        const result = sitegen(["build", "--quiet"], { cwd: root });
        if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
      }
    },
  );
  made = { halyard: join(folder, "site", "dist"), starter: join(folder, "kitchen-sink", "dist") };
  return made;
}

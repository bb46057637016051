/**
 * Astro from npm, for the tests that build an Astro site with its own
 * generator: not a devDependency (161 MB nothing else uses), so .ci/run
 * installs it in a folder beside the clone, as it does the MCP Inspector.
 * Without it those tests skip, naming the install; under CI they fail.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { isCI } from "../../scripts/tools.mjs";
import { linkModules } from "../../src/import/astro-build.ts";

const ASTRO = join(process.env.TMPDIR || "/tmp", "sitegen-ci-astro/node_modules");
const INSTALL = `npm install --prefix ${join(ASTRO, "..")} --no-save --no-package-lock astro@5.18.2 @astrojs/mdx@4.3.14 (.ci/run does this)`;

/** Why an Astro test cannot run here, or undefined when Astro is installed. */
export const astroMissing = existsSync(join(ASTRO, ".bin/astro"))
  ? undefined
  : `Astro is not installed: ${INSTALL}`;

/** A test's `skip`: never under CI, where a missing Astro is a failure. */
export const astroSkip = isCI() ? false : astroMissing;

/** The Astro install as the site's node_modules: a folder of its own whose entries are links, so that Astro's caches stay in the copy. */
export function installAstro(source: string): void {
  if (astroMissing !== undefined) throw new Error(`CI=${process.env.CI}: ${astroMissing}`);
  linkModules(ASTRO, source);
}

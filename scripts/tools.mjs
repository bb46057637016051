/**
 * The system tools the tests need (none of them ships with `npm ci`), and the
 * one way they are looked for: the first executable file of that name on
 * PATH, as a shell finds a command. `.ci/run` asks this module which are
 * missing and installs their Debian packages; the tests ask it where each is.
 *
 * A test that needs a missing tool is skipped, saying what to install; under
 * CI (CI set to anything but "false" or "0") it fails instead, with the same
 * words: a runner without the tool must not pass by testing less.
 *
 *   node scripts/tools.mjs missing   # the Debian packages of the tools not on PATH, one a line
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Each tool's command, the Debian package that installs it, and what the tests use it for. */
export const TOOLS = {
  chromium: { debian: "chromium", for: "the browser tests, Lighthouse and the feed's rendering" },
  xmllint: { debian: "libxml2-utils", for: "the sitemap's XSD and the feed's RELAX NG schema" },
  curl: { debian: "curl", for: "the developers page's examples, run as printed" },
  jq: { debian: "jq", for: "the developers page's examples, run as printed" },
  jekyll: {
    debian: "jekyll",
    for: "Jekyll's own build of its fixture site, the reference for the addresses `sitegen import` keeps",
  },
  hugo: {
    debian: "hugo",
    for: "Hugo's own build of its fixture site, the reference for the addresses `sitegen import` keeps",
  },
};

/** The absolute path of `name` on `env.PATH`, or undefined when no directory there holds an executable file of that name. */
export function findTool(name, env = process.env) {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here: the next directory.
    }
  }
  return undefined;
}

/** Whether this run is CI's, which must fail rather than skip. */
export function isCI(env = process.env) {
  const value = (env.CI ?? "").trim().toLowerCase();
  return value !== "" && value !== "false" && value !== "0";
}

/** The command that installs the tools `names`: as root, or through sudo. */
export function installCommand(names) {
  const packages = [...new Set(names.map((name) => TOOLS[name].debian))].join(" ");
  return `apt-get install -y ${packages} (as root, or with sudo; .ci/run does this)`;
}

/**
 * What a test that needs `names` is told: `skip` is the reason to skip it
 * (false when every tool is there, or under CI), and `path(name)` is where a
 * tool is, or throws, naming what to install, when it is missing.
 */
export function needTools(names, env = process.env) {
  const found = new Map(names.map((name) => [name, findTool(name, env)]));
  const missing = names.filter((name) => found.get(name) === undefined);
  const problem =
    missing.length === 0
      ? undefined
      : `${missing.join(", ")} not on PATH (needed for ${[...new Set(missing.map((name) => TOOLS[name].for))].join("; ")}): ${installCommand(missing)}`;
  const ci = isCI(env);
  return {
    missing,
    skip: problem === undefined || ci ? false : problem,
    path(name) {
      const path = found.get(name);
      if (path !== undefined) return path;
      throw new Error(ci ? `CI=${env.CI}: a missing tool fails the run: ${problem}` : problem);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command] = process.argv.slice(2);
  if (command !== "missing") {
    process.stderr.write("usage: node scripts/tools.mjs missing\n");
    process.exit(2);
  }
  const missing = Object.keys(TOOLS).filter((name) => findTool(name) === undefined);
  for (const pkg of new Set(missing.map((name) => TOOLS[name].debian))) process.stdout.write(`${pkg}\n`);
}

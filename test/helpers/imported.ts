/**
 * A fixture moved as `sitegen import --old-site` moves a real site: copied,
 * built by its own generator as the reference, and imported against that
 * build. The proof tests of each generator's habits share it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { sitegenHere, tempDir } from "./dist.ts";

export interface Imported {
  /** The generator's built folder. */
  out: string;
  /** The new site's folder. */
  site: string;
  /** `sitegen import --json`'s report. */
  report: ReturnType<typeof JSON.parse>;
}

/** The fixture folder copied, built into `out` by the command `build` names for it, and imported against that build. */
export async function importedAgainst(
  fixture: string,
  build: (source: string, out: string) => { command: string; args: string[] },
): Promise<Imported> {
  const source = join(tempDir(`sitegen-proof-${basename(fixture)}-`), "source");
  cpSync(fixture, source, { recursive: true });
  const out = join(source, "..", "out");
  mkdirSync(out);
  const { command, args } = build(source, out);
  const built = spawnSync(command, args, { cwd: source, encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  return importedWith(source, out);
}

/** `source` imported into a site beside it, held to the built folder `out`. */
export async function importedWith(source: string, out: string): Promise<Imported> {
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return { out, site, report: JSON.parse(run.stdout) };
}

/** Debian's Hugo's build of `source` into `out`. */
export const hugoBuild = (hugo: string) => (source: string, out: string) => ({
  command: hugo,
  args: ["--source", source, "--destination", out, "--quiet", "--noBuildLock"],
});

/** Debian's Jekyll's build of `source` into `out`. */
export const jekyllBuild = (jekyll: string) => (source: string, out: string) => ({
  command: jekyll,
  args: ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
});

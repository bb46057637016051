/**
 * The one build of an Astro site an import makes, by the site's own Astro
 * where it has installed it, since sitegen runs none of the site's code: the
 * site is copied to a scratch folder, each text marked there, and `astro
 * build` run once. Two things are read from what it wrote: where each entry
 * was published (a marker at the end of every Markdown and MDX text,
 * published/astro.ts), and what each MDX component call gave (markers around
 * each, astro-output.ts). Where Astro cannot run (not installed, the build
 * fails or takes too long) both fall back, and the report says why, in
 * Astro's own words.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ImportedSite } from "./model.ts";
import { ENTRY } from "./astro-routes.ts";
import { copySource, scratchFolder } from "./call-output.ts";
import { bodyOf, markCalls, markedSource } from "./astro-output.ts";
import type { AstroBuild } from "./astro-build-result.ts";
import { entryMarker } from "./published/astro.ts";
import { type CodeMarks, codeBlocks, markedCode } from "./astro-code.ts";

/** A site's whole build, images and all: a larger one is left, and its addresses and components taken as without Astro. */
const TIMEOUT_MS = 600_000;
const MAX_OUTPUT = 256 * 1024 * 1024;

/** The site built once by its own Astro, with each text's marker and each component call's; or why it could not be. */
export function buildAstro(site: ImportedSite, root: string, env: NodeJS.ProcessEnv): AstroBuild {
  const calls = markCalls(site);
  const texts = [...site.posts, ...site.pages].filter(
    (document) => document.real !== undefined && ENTRY.test(document.real),
  );
  if (texts.length === 0) return { calls, unavailable: "the site has no Markdown or MDX text to place" };
  if (!existsSync(join(root, "node_modules/.bin/astro")))
    return {
      calls,
      unavailable: "the site has not installed its own Astro (npm install in it lets sitegen ask it)",
    };
  // Removed when the process ends: the import reads the files Astro wrote there until then.
  const scratch = scratchFolder("sitegen-astro-build-");
  const copy = join(scratch, "site");
  copySource(root, copy, (inside) => [".git", "node_modules", "dist", ".astro"].includes(inside));
  linkModules(join(root, "node_modules"), copy);
  const entries = new Map(texts.map((document, index) => [document.file, index]));
  const code: CodeMarks[] = [];
  for (const document of texts) {
    const source = readFileSync(document.real!, "utf8");
    const head = source.split("\n").slice(0, document.bodyLine - 1);
    const marks = calls.find((each) => each.file === document.file);
    const body = bodyOf(source, document.bodyLine);
    const first = code.reduce((count, each) => count + each.codes.length, 0);
    const marked = markedCode(
      marks ? markedSource(body, marks.written, marks.first) : body,
      document.bodyLine,
      first,
    );
    // The blocks' lines in the file: the call markers add lines of their own, never a fence.
    const lines = codeBlocks(body, document.bodyLine).map((block) => block.line);
    if (marked.codes.length > 0) code.push({ file: document.file, codes: marked.codes, lines, first });
    // At its end, after an empty line, so that a listing that shows the text's beginning alone shows no marker.
    const text = `${marked.text.trimEnd()}\n\n${entryMarker(entries.get(document.file)!)}\n`;
    writeFileSync(join(copy, relative(root, document.real!)), [...head, text].join("\n"));
  }
  // Beside the copy, not inside it: Astro takes an output folder whose path starts with the site's for one inside it.
  const out = join(scratch, "out");
  const built = spawnSync(join(copy, "node_modules/.bin/astro"), ["build", "--outDir", out], {
    cwd: copy,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if ((built.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT")
    return { calls, unavailable: `astro build took longer than ${TIMEOUT_MS / 60_000} minutes: stopped` };
  if (built.status !== 0)
    // Named at the source's files, not the scratch copy's.
    return {
      calls,
      unavailable: `astro build failed: ${problemOf(built.stderr || built.stdout || String(built.error ?? "")).replaceAll(copy, root)}`,
    };
  return { calls, code, out, entries };
}

/**
 * `modules` (a site's node_modules) in the copy as a folder of its own whose
 * entries are links to its: Astro and Vite write their caches there
 * (`.astro`, `.vite`), which would otherwise land in the site's own folder.
 */
export function linkModules(modules: string, copy: string): void {
  mkdirSync(join(copy, "node_modules"));
  for (const entry of readdirSync(modules))
    if (entry !== ".astro" && entry !== ".vite")
      symlinkSync(join(modules, entry), join(copy, "node_modules", entry));
}

/**
 * What Astro says went wrong: the lines of its error (`[ERROR] [vite] ✗ Build
 * failed`, then the module it could not resolve and its file; or an
 * integration's message, its hint and its location) up to the stack trace,
 * without the time of day, the seconds it took and the link to Astro's
 * docs; or the error Node printed as the process ended; else its last line.
 */
export function problemOf(printed: string): string {
  const lines = printed
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.replace(/^\d{2}:\d{2}:\d{2}\s+/, "").trim())
    .filter((line) => line !== "");
  const trace = lines.findIndex((line) => /^Stack trace/.test(line));
  let error = lines.findIndex((line) => /\[ERROR\]|^error\b/i.test(line));
  if (error < 0 && trace > 0) {
    // An error printed without a flag: its message, then `Hint:`, `Error reference:` and `Location:`, each above its value.
    error = trace - 1;
    while (error >= 2 && /^(Hint|Error reference|Location):$/.test(lines[error - 1])) error -= 2;
  }
  // An error Astro did not catch (`MissingSharp: Could not find Sharp. …`): Node prints it below the caret that points into its source.
  const caret = lines.lastIndexOf("^");
  if (error < 0 && caret >= 0 && caret + 1 < lines.length) return lines[caret + 1].slice(0, 400);
  if (error < 0) return (lines.at(-1) ?? "no output").slice(0, 400);
  const stack = lines.findIndex((line, index) => index > error && /^(Stack trace|at )/.test(line));
  return lines
    .slice(error, stack < 0 ? error + 4 : stack)
    .filter((line) => line !== "Error reference:" && !line.startsWith("https://docs.astro.build/"))
    .join(" ")
    .replace(/\[ERROR\]\s*/g, "")
    .replace(/\s*✗?\s*Build failed in [\d.]+m?s\s*/, " ")
    .trim()
    .slice(0, 400);
}

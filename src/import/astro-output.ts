/**
 * What an Astro site's MDX components gave (`<Card title="…">`, `<Aside>`, a
 * site's own `<Figure>`), asked of the site's own Astro where it runs here
 * (call-output.ts), since sitegen runs none of the site's code and a
 * component kept as written loses the words and pictures it showed. The site
 * is copied to a scratch folder in which each component call of an MDX text
 * (mdx-calls.ts) is between two markers, empty elements MDX keeps as raw HTML
 * (it drops HTML comments); `astro build` builds it there, and what lies
 * between a call's markers in the text's page is what it gave. Where Astro
 * cannot run, each component stays as written, with the warning a component
 * left gets, and the report says why at the site's configuration.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isMdx } from "../content/mdx.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { ASTRO_CONFIGS } from "./astro-config.ts";
import { closing, copySource, keptAsWritten, opening, replaceCalls, scratchFolder } from "./call-output.ts";
import { mdxCalls, type MdxCall } from "./mdx-calls.ts";

/** A site's whole build, images and all: a larger one is left with its components as written. */
const TIMEOUT_MS = 600_000;
const MAX_OUTPUT = 256 * 1024 * 1024;

/** Each component call of the site's MDX texts replaced by what the site's own Astro made of it; `site.notes` names each. */
export function takeAstroOutput(
  site: ImportedSite,
  root: string,
  env: NodeJS.ProcessEnv,
  shown: (path: string) => string,
): void {
  const why = renderComponents(site, root, env);
  if (why === undefined) return;
  const config = ASTRO_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  keptAsWritten(site, shown(config ?? root), "MDX components", why);
}

interface Marked {
  document: ImportedDocument;
  /** The calls of the moved text, and where each is in the source file's body. */
  calls: MdxCall[];
  written: MdxCall[];
  first: number;
}

function renderComponents(site: ImportedSite, root: string, env: NodeJS.ProcessEnv): string | undefined {
  const marked: Marked[] = [];
  let count = 0;
  for (const document of [...site.posts, ...site.pages]) {
    if (document.real === undefined || !isMdx(document.real)) continue;
    const calls = mdxCalls(document.body, document.bodyLine);
    if (calls.length === 0) continue;
    // The moved text differs from the file where the import rewrote a picture's path: each call is the source's of its name at its line.
    const written = mdxCalls(
      bodyOf(readFileSync(document.real, "utf8"), document.bodyLine),
      document.bodyLine,
    );
    const paired = calls.filter((call) =>
      written.some((each) => each.line === call.line && each.name === call.name),
    );
    if (paired.length === 0) continue;
    marked.push({
      document,
      calls: paired,
      written: paired.map(
        (call) => written.find((each) => each.line === call.line && each.name === call.name)!,
      ),
      first: count,
    });
    count += paired.length;
  }
  if (marked.length === 0) return undefined;
  if (!existsSync(join(root, "node_modules/.bin/astro")))
    return "the site has not installed its own Astro (npm install in it lets sitegen take its components' output)";
  // Removed when the process ends: the plan reads the files Astro wrote there.
  const scratch = scratchFolder("sitegen-astro-calls-");
  const copy = join(scratch, "site");
  copySource(root, copy, (inside) => [".git", "node_modules", "dist", ".astro"].includes(inside));
  linkModules(join(root, "node_modules"), copy);
  for (const each of marked) {
    const source = readFileSync(each.document.real!, "utf8");
    const head = source.split("\n").slice(0, each.document.bodyLine - 1);
    const body = bodyOf(source, each.document.bodyLine);
    writeFileSync(
      join(copy, relative(root, each.document.real!)),
      [...head, markedSource(body, each.written, each.first)].join("\n"),
    );
  }
  const out = join(scratch, "out");
  const built = spawnSync(join(copy, "node_modules/.bin/astro"), ["build", "--outDir", out], {
    cwd: copy,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (built.status !== 0)
    // Named at the source's files, not the scratch copy's.
    return `astro build failed: ${problemOf(built.stderr || built.stdout || String(built.error ?? "")).replaceAll(copy, root)}`;
  for (const each of marked) {
    const page = pageOf(out, each.document.oldUrls[0], site.site.basePath);
    if (page === undefined) continue;
    const rendered = asComments(readFileSync(page, "utf8"));
    const taken = each.calls.filter(
      (_, index) =>
        rendered.indexOf(opening(each.first + index)) >= 0 && rendered.includes(closing(each.first + index)),
    );
    replaceCalls(site, each.document, each, rendered, out, "Astro");
    // A component whose output was taken is no longer left as written.
    site.left = site.left.filter(
      (left) =>
        left.file !== each.document.file ||
        !left.why.startsWith("the MDX component <") ||
        !taken.some((call) => left.line !== undefined && left.line >= call.line && left.line <= call.endLine),
    );
  }
  return undefined;
}

/** The body of a file whose body starts at `bodyLine`, as written (its `import` lines too, which the build needs). */
function bodyOf(source: string, bodyLine: number): string {
  return source
    .replace(/^\uFEFF/, "")
    .split("\n")
    .slice(bodyLine - 1)
    .join("\n");
}

/** A call's markers: empty elements of a name no component has, which MDX passes to the page as they are. */
const marker = (kind: "n" | "end", index: number) => `<sitegen-call data-${kind}="${index}"></sitegen-call>`;

/**
 * The body with each call between its markers: a call that is a block of its
 * own (alone on its lines) gets them on lines of their own, at its indent,
 * so that MDX still reads it as a block; one within a line gets them beside it.
 */
function markedSource(body: string, calls: MdxCall[], first: number): string {
  let text = "";
  let at = 0;
  calls.forEach((call, index) => {
    const lineStart = body.lastIndexOf("\n", call.start - 1) + 1;
    const before = body.slice(lineStart, call.start);
    const after = body.slice(call.end, (body.indexOf("\n", call.end) + 1 || body.length + 1) - 1);
    const block = before.trim() === "" && after.trim() === "";
    const [open, close] = [marker("n", first + index), marker("end", first + index)];
    text += body.slice(at, call.start);
    text += block
      ? `${open}\n${before}${body.slice(call.start, call.end)}\n${before}${close}`
      : `${open}${body.slice(call.start, call.end)}${close}`;
    at = call.end;
  });
  return text + body.slice(at);
}

/**
 * The page's markers as the comments call-output.ts reads, and its `style`
 * attributes that only set the theme's variables (Starlight's icons'
 * `--sl-icon-size`) left out: only the old theme's stylesheet read them, and
 * the new page's Content-Security-Policy blocks a `style` attribute.
 */
function asComments(html: string): string {
  return html
    .replace(/\sstyle="(?:\s*--[\w-]+\s*:[^;"]*;?)+\s*"/g, "")
    .replace(
      /<sitegen-call\s+data-(n|end)="(\d+)"\s*>\s*<\/sitegen-call>/g,
      (_, kind: string, index: string) => (kind === "n" ? opening(Number(index)) : closing(Number(index))),
    );
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

/** The built file of the page at `url`: `/x/` is `x/index.html`, `/x.html` (Astro's `build.format: "file"`) that file. */
function pageOf(out: string, url: string | undefined, basePath: string): string | undefined {
  if (url === undefined) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, "http://localhost").pathname);
  } catch {
    return undefined;
  }
  const inSite = path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
  const file = join(out, inSite.endsWith("/") ? `${inSite}index.html` : inSite);
  for (const each of [file, `${file}.html`, join(file, "index.html")])
    if (!each.includes(`..${sep}`) && existsSync(each) && each.endsWith(".html")) return each;
  return undefined;
}

/**
 * What Astro says went wrong: the lines of its error (`[ERROR] [vite] ✗ Build
 * failed`, then the module it could not resolve and its file; or an
 * integration's message, its hint and its location) up to the stack trace,
 * without the time of day, the seconds it took and the link to Astro's
 * docs; else its last line.
 */
function problemOf(printed: string): string {
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

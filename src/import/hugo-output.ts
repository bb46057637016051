/**
 * What a Hugo site's shortcodes gave, asked of Hugo itself where it runs
 * here (call-output.ts): the site is copied to a scratch folder in which
 * each shortcode of a text (hugoCalls, template-calls.ts) is between two
 * markers, Hugo builds it there with raw HTML kept (goldmark's `unsafe`, so
 * the markers survive), `hugo list all` says where each text was written,
 * and what lies between a call's markers in that page is what it gave.
 * Where Hugo cannot run, each shortcode stays as written, with the warning a
 * call left gets, and the report says why at the site's configuration.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import type { ImportedSite } from "./model.ts";
import { parseCsv } from "./published/generator.ts";
import { HUGO_CONFIGS, hugoConfig } from "./hugo-config.ts";
import {
  copySource,
  keptAsWritten,
  markedBody,
  markedCalls,
  replaceCalls,
  scratchFolder,
} from "./call-output.ts";
import { hugoCalls } from "./template-calls.ts";

const TIMEOUT_MS = 300_000;
const MAX_OUTPUT = 256 * 1024 * 1024;

/** Each shortcode of the site's texts replaced by what Hugo made of it, where Hugo runs here; `site.notes` names each. */
export function takeHugoOutput(
  site: ImportedSite,
  root: string,
  env: NodeJS.ProcessEnv,
  shown: (path: string) => string,
): void {
  const why = renderShortcodes(site, root, env);
  if (why === undefined) return;
  const config = HUGO_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  keptAsWritten(site, shown(config ?? join(root, "config")), "shortcodes", why);
}

function renderShortcodes(site: ImportedSite, root: string, env: NodeJS.ProcessEnv): string | undefined {
  const marked = markedCalls(site, hugoCalls);
  if (marked.length === 0) return undefined;
  // Removed when the process ends: the plan reads the files the generator wrote there.
  const scratch = scratchFolder("sitegen-hugo-calls-");
  const copy = join(scratch, "site");
  copySource(root, copy, (inside) =>
    ["public", "resources", ".git", "node_modules", ".hugo_build.lock"].includes(inside),
  );
  if (existsSync(join(root, "node_modules")))
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  for (const each of marked) {
    const source = readFileSync(each.document.real!, "utf8");
    const front = source
      .split("\n")
      .slice(0, each.document.bodyLine - 1)
      .join("\n");
    writeFileSync(join(copy, relative(root, each.document.real!)), `${front}\n${markedBody(each)}`);
  }
  const out = join(scratch, "public");
  const away = {
    ...env,
    // Raw HTML kept, so that the markers around each shortcode are in the page; Hugo's lock and caches in the scratch folder.
    HUGO_MARKUP_GOLDMARK_RENDERER_UNSAFE: "true",
    HUGO_NOBUILDLOCK: "true",
    HUGO_CACHEDIR: join(scratch, "cache"),
    HUGO_RESOURCEDIR: join(scratch, "resources"),
  };
  // A theme's example site names the theme's folder from where it stands (`themesDir = "../.."`), where the copy does not stand.
  const themesDir = Object.entries(hugoConfig(root, (path) => path).config).find(
    ([key]) => key.toLowerCase() === "themesdir",
  )?.[1];
  const themes = typeof themesDir === "string" ? ["--themesDir", resolve(root, themesDir)] : [];
  const hugo = (args: string[]) =>
    spawnSync("hugo", [...args, ...themes, "--source", copy], {
      cwd: copy,
      env: away,
      encoding: "utf8",
      timeout: TIMEOUT_MS,
      maxBuffer: MAX_OUTPUT,
      stdio: ["ignore", "pipe", "pipe"],
    });
  const built = hugo(["--quiet", "--destination", out]);
  if (built.error && (built.error as NodeJS.ErrnoException).code === "ENOENT") return "hugo is not installed";
  if (built.status !== 0)
    // Named at the source's files, not the scratch copy's.
    return `hugo failed: ${(built.stderr || built.stdout || String(built.error ?? "")).trim().split("\n").at(-1)?.replaceAll(copy, root).slice(0, 300)}`;
  const listed = hugo(["list", "all"]);
  const start = listed.stdout?.search(/^path,/m) ?? -1;
  if (listed.status !== 0 || start < 0) return "hugo list all printed no list of the pages it wrote";
  const rows = parseCsv(listed.stdout.slice(start));
  const header = rows.shift() ?? [];
  const [path, permalink] = [header.indexOf("path"), header.indexOf("permalink")];
  const written = new Map(rows.map((row) => [row[path], row[permalink]]));
  for (const each of marked) {
    const file = relative(root, each.document.real!).split(sep).join("/");
    // `hugo list all` lists a site's single pages only: a section's own text (`_index.md`) is at the address its list page has.
    const address =
      written.get(file) ?? (/(^|\/)_index\.[^/]+$/.test(file) ? each.document.oldUrls[0] : undefined);
    if (!address) continue;
    let page: string;
    try {
      const pathname = decodeURIComponent(new URL(address, "http://localhost").pathname);
      const inSite = pathname.startsWith(`${site.site.basePath}/`)
        ? pathname.slice(site.site.basePath.length)
        : pathname;
      page = join(out, inSite.endsWith("/") ? `${inSite}index.html` : inSite);
    } catch {
      continue;
    }
    if (existsSync(page)) replaceCalls(site, each.document, each, readFileSync(page, "utf8"), out, "Hugo");
  }
  return undefined;
}

/**
 * What a Jekyll site's own plugins gave, asked of Jekyll itself where it
 * runs here: a Liquid tag that is neither Liquid's, Jekyll's nor one
 * sitegen's Liquid runs (`{% githubify url %}…{% endgithubify %}`, a tag of
 * Ruby in `_plugins/` or of a gem) is shown as written by sitegen, and what
 * the old page showed (the links the block made) is lost. So the site is
 * copied to a scratch folder in which each such call of a text is between
 * two markers, Jekyll loads it with its plugins (not in safe mode: they are
 * the site's own code, run as its author runs it) and renders every text's
 * Liquid, and what lies between a call's markers in a text's Liquid output,
 * before Markdown reads it, is what it gave: Markdown with the plugin's HTML
 * inline, so the moved text stays Markdown (call-output.ts names each at its
 * line). Where Jekyll cannot run (not installed, a gem the site names
 * missing, a plugin's error, a timeout) each call stays as written and the
 * report says why, with Jekyll's own words. Jekyll runs only when a text
 * uses such a tag.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Liquid } from "liquidjs";
import type { ImportedSite } from "./model.ts";
import { JEKYLL_CONFIGS } from "./jekyll.ts";
import {
  closing,
  copySource,
  keptAsWritten,
  markedBody,
  markedCalls,
  opening,
  replaceCalls,
  scratchFolder,
} from "./call-output.ts";
import { templateCalls, type TemplateCall } from "./template-calls.ts";

const TIMEOUT_MS = 300_000;

/**
 * Tags the site's plugins do not define: Liquid's (LiquidJS's and Ruby
 * Liquid's own list, which has a few LiquidJS lacks), Jekyll's, and those
 * sitegen's Liquid registers (src/render/liquid/engine.ts).
 */
const KNOWN = new Set([
  ...Object.keys(new Liquid().tags),
  ...["doc", "ifchanged", "tablerow", "comment", "raw", "echo", "liquid", "render", "cycle"],
  // The tags that stand inside a block of Liquid's: LiquidJS reads them as part of it, not as tags of their own.
  ...["else", "elsif", "when"],
  ...["include", "include_relative", "post_url", "link", "highlight"],
]);

/**
 * A marker a plugin is unlikely to rewrite: letters and digits only, no `#`
 * or backtick a plugin's pattern reads, no HTML or Markdown that Liquid's
 * output could change. The number tells the calls apart.
 */
const MARK = "SITEGENJEKYLLCALL";
const start = (index: number) => `${MARK}${index}START`;
const end = (index: number) => `${MARK}${index}END`;

/**
 * Loads the site with its plugins and prints, for each text whose Liquid
 * output holds a marker, that output by the text's path: Markdown's
 * conversion and the layouts are skipped, since only the Liquid output is
 * read. Jekyll's own error, its first line, on stderr where it fails.
 */
const JEKYLL_TAKEN = `
begin
  require "jekyll"
  require "json"
  source, destination, mark, out = ARGV
  taken = {}
  Jekyll::Renderer.prepend(Module.new do
    define_method(:convert) do |content|
      if !document.is_a?(Jekyll::Excerpt) && content.include?(mark)
        path = document.is_a?(Jekyll::Document) ? document.path : site.in_source_dir(document.relative_path)
        taken[File.expand_path(path)] = content
      end
      content
    end
    define_method(:place_in_layouts) { |content, *| content }
  end)
  Jekyll.logger.log_level = :error
  site = Jekyll::Site.new(Jekyll.configuration("source" => source, "destination" => destination, "quiet" => true, "disable_disk_cache" => true))
  site.reset
  site.read
  site.generate
  site.render
  File.write(out, JSON.generate(taken))
rescue Exception => e
  warn "#{e.class}: #{e.message.lines.first.to_s.strip}"
  exit 1
end
`;

/** The calls of a text that hold a tag of the site's plugins: a block of Liquid's that holds one is asked of Jekyll whole. */
export function pluginCalls(body: string, bodyLine: number): TemplateCall[] {
  return templateCalls(body, bodyLine).filter((call) =>
    [...body.slice(call.start, call.end).matchAll(/\{%-?\s*([A-Za-z_][\w.]*)/g)].some(
      ([, name]) => !KNOWN.has(name) && !(name.startsWith("end") && KNOWN.has(name.slice(3))),
    ),
  );
}

/** Each call of a plugin's tag in the site's texts replaced by what Jekyll made of it, where Jekyll runs here; `site.notes` names each. */
export function takeJekyllOutput(
  site: ImportedSite,
  root: string,
  env: NodeJS.ProcessEnv,
  shown: (path: string) => string,
): void {
  const why = renderPluginCalls(site, root, env);
  if (why === undefined) return;
  const config = JEKYLL_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  keptAsWritten(site, shown(config ?? root), "plugin tags", why);
}

function renderPluginCalls(site: ImportedSite, root: string, env: NodeJS.ProcessEnv): string | undefined {
  const marked = markedCalls(site, pluginCalls);
  if (marked.length === 0) return undefined;
  const scratch = scratchFolder("sitegen-jekyll-calls-");
  const copy = join(scratch, "site");
  copySource(root, copy, (inside) =>
    ["_site", ".git", "node_modules", ".jekyll-cache", ".sass-cache"].includes(inside),
  );
  for (const each of marked) {
    const front = readFileSync(each.document.real!, "utf8")
      .split("\n")
      .slice(0, each.document.bodyLine - 1)
      .join("\n");
    writeFileSync(
      join(copy, relative(root, each.document.real!)),
      `${front}\n${markedBody(each, { opening: start, closing: end })}`,
    );
  }
  const out = join(scratch, "taken.json");
  const run = spawnSync("ruby", ["-e", JEKYLL_TAKEN, copy, join(scratch, "_site"), MARK, out], {
    cwd: copy,
    env,
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (run.error)
    return (run.error as NodeJS.ErrnoException).code === "ENOENT"
      ? "ruby is not installed"
      : `Jekyll did not finish: ${run.error.message}`;
  if (run.status !== 0 || !existsSync(out))
    // Named at the source's files, not the scratch copy's.
    return `Jekyll failed: ${(run.stderr || run.stdout || "no output").trim().split("\n").at(-1)?.replaceAll(copy, root).slice(0, 300)}`;
  const taken = JSON.parse(readFileSync(out, "utf8")) as Record<string, string>;
  // Jekyll's paths are under the source it was given, as given: a folder whose path runs through a link (macOS's /var) is not resolved.
  const byPath = new Map(
    Object.entries(taken).map(([path, text]) => [relative(copy, path).split(sep).join("/"), text]),
  );
  for (const each of marked) {
    const text = byPath.get(relative(root, each.document.real!).split(sep).join("/"));
    if (text === undefined) continue;
    // In the markers call-output.ts reads: what lies between each pair is what the call gave.
    const rendered = text.replace(new RegExp(`${MARK}(\\d+)(START|END)`, "g"), (_, index, which) =>
      which === "START" ? opening(Number(index)) : closing(Number(index)),
    );
    replaceCalls(site, each.document, each, rendered, join(scratch, "_site"), "Jekyll");
  }
  return undefined;
}

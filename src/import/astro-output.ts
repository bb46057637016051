/**
 * What an Astro site's MDX components gave (`<Card title="…">`, `<Aside>`, a
 * site's own `<Figure>`), asked of the site's own Astro where it runs here
 * (call-output.ts), since sitegen runs none of the site's code and a
 * component kept as written loses the words and pictures it showed. In the
 * import's one build of the site (astro-build.ts) each component call of an
 * MDX text (mdx-calls.ts) is between two markers, empty elements MDX keeps
 * as raw HTML (it drops HTML comments), and what lies between a call's
 * markers in the text's page is what it gave. Where Astro cannot run, each
 * component stays as written, with the warning a component left gets, and
 * the report says why at the site's configuration.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { isMdx } from "../content/mdx.ts";
import type { ImportedSite } from "./model.ts";
import { ASTRO_CONFIGS } from "./astro-config.ts";
import type { AstroBuild, CallMarks } from "./astro-build-result.ts";
import { closing, keptAsWritten, opening, replaceCalls } from "./call-output.ts";
import { mdxCalls, type MdxCall } from "./mdx-calls.ts";
import { takeCode, withoutCodeMarkers } from "./astro-code.ts";

/** Each component call of the site's MDX texts replaced by what the site's own Astro made of it in `build`; `site.notes` names each. */
export function takeAstroOutput(
  site: ImportedSite,
  build: AstroBuild,
  root: string,
  shown: (path: string) => string,
): void {
  if ("unavailable" in build) {
    if (build.calls.length === 0) return;
    const config = ASTRO_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
    keptAsWritten(site, shown(config ?? root), "MDX components", build.unavailable);
    return;
  }
  // The documents as they are now: the addresses were found since the calls were marked, each document replaced.
  const documents = new Map([...site.posts, ...site.pages].map((document) => [document.file, document]));
  for (const each of build.calls) {
    const document = documents.get(each.file);
    const page = document && pageOf(build.out, document.oldUrls[0], site.site.basePath);
    if (document === undefined || page === undefined) continue;
    const rendered = asComments(readFileSync(page, "utf8"));
    const taken = each.calls.filter(
      (_, index) =>
        rendered.indexOf(opening(each.first + index)) >= 0 && rendered.includes(closing(each.first + index)),
    );
    replaceCalls(
      site,
      document,
      { document, calls: each.calls, first: each.first },
      rendered,
      build.out,
      "Astro",
    );
    // A component whose output was taken is no longer left as written.
    site.left = site.left.filter(
      (left) =>
        left.file !== document.file ||
        !left.why.startsWith("the MDX component <") ||
        !taken.some((call) => left.line !== undefined && left.line >= call.line && left.line <= call.endLine),
    );
  }
  // After the calls, whose places in each text were found before it changed: a block is found by its lines.
  for (const each of build.code) {
    const document = documents.get(each.file);
    const page = document && pageOf(build.out, document.oldUrls[0], site.site.basePath);
    if (document !== undefined && page !== undefined)
      takeCode(site, document, each, readFileSync(page, "utf8"));
  }
}

/** The component calls of each MDX text, numbered across the site: those of the moved text paired with the source file's of the same name at the same line. */
export function markCalls(site: ImportedSite): CallMarks[] {
  const marked: CallMarks[] = [];
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
    // Two calls of one component on one line are paired in their order: the first with the first.
    const taken = new Set<MdxCall>();
    const pairs = calls.flatMap((call) => {
      const found = written.find(
        (each) => !taken.has(each) && each.line === call.line && each.name === call.name,
      );
      if (found === undefined) return [];
      taken.add(found);
      return [{ call, found }];
    });
    const paired = pairs.map((pair) => pair.call);
    if (paired.length === 0) continue;
    marked.push({
      file: document.file,
      calls: paired,
      written: pairs.map((pair) => pair.found),
      first: count,
    });
    count += paired.length;
  }
  return marked;
}

/** The body of a file whose body starts at `bodyLine`, as written (its `import` lines too, which the build needs). */
export function bodyOf(source: string, bodyLine: number): string {
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
export function markedSource(body: string, calls: MdxCall[], first: number): string {
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
 * the new page's Content-Security-Policy blocks a `style` attribute. So are
 * those of a highlighted code block and its words (Shiki's and Expressive
 * Code's colours): the block's text stays, in the new theme's colours.
 */
function asComments(html: string): string {
  return withoutCodeMarkers(html)
    .replace(/<pre[\s>][\s\S]*?<\/pre>/g, (block) => block.replace(/\sstyle="[^"]*"/g, ""))
    .replace(/\sstyle="(?:\s*--[\w-]+\s*:[^;"]*;?)+\s*"/g, "")
    .replace(
      /<sitegen-call\s+data-(n|end)="(\d+)"\s*>\s*<\/sitegen-call>/g,
      (_, kind: string, index: string) => (kind === "n" ? opening(Number(index)) : closing(Number(index))),
    );
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

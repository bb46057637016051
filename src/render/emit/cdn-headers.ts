/**
 * The header rules of the static files, from the manifest, in the `_headers`
 * syntax Netlify and Cloudflare share (a path line, then indented
 * `Name: value` lines). Neither host applies `_headers` to a response its
 * function or worker makes, which set their own (src/negotiation/respond.ts),
 * so these cover the files the CDN serves itself: assets, and the files the
 * core reads through the host.
 */
import { MEDIA, type Manifest } from "../../manifest/manifest.ts";
import { CACHE, markdownHeaders, staticRules, VARY } from "../../negotiation/headers.ts";
import { contentSignal } from "../page/content-signal.ts";
import { cspSources } from "../page/webmcp.ts";

export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** Both hosts read `*` inside a segment as "any characters", so this matches every `.md` file. */
const MARKDOWN_FILES = "/*.md";

/** What the core sends with a single-representation file (src/negotiation/respond.ts). */
const FILE_HEADERS = { Vary: VARY.file, "Cache-Control": CACHE.revalidate };

/**
 * A number of rules fixed by the templates, whatever the number of posts:
 * every response's headers, a year's caching for each fingerprinted asset,
 * the Markdown files, each surface file. The CDN matches every static
 * response against every rule (Cloudflare allows 100), so one rule per page
 * would make each asset slower as the blog grows. Every Markdown file shares
 * one wildcard rule; its canonical `Link` differs per page, and the core,
 * which answers every document path, sends it. No two rules that match one
 * path set the same header: both hosts join repeats with commas. The internal
 * files (`/_sitegen/*`) need no rule: the core answers 404 for them, and a
 * rule there would meet the Markdown one on `/_sitegen/404.md`.
 */
export function headerRules(manifest: Manifest, immutable: string[]): HeaderRule[] {
  const markdown = {
    "Content-Type": MEDIA.markdown,
    ...FILE_HEADERS,
    ...markdownHeaders({ contentSignal: contentSignal(manifest.site) }),
  };
  const rules: HeaderRule[] = [
    ...staticRules({ origin: manifest.baseUrl, immutable, sources: cspSources(manifest.site) }),
    { path: MARKDOWN_FILES, headers: markdown },
  ];
  for (const file of manifest.files) {
    if (file.path.endsWith(".md")) {
      if (file.mediaType !== MEDIA.markdown)
        throw new Error(
          `${file.path}: a .md file must be served as ${MEDIA.markdown}, not ${file.mediaType}`,
        );
      continue;
    }
    rules.push({ path: file.path, headers: { "Content-Type": file.mediaType, ...FILE_HEADERS } });
  }
  return rules;
}

/** A `_headers` file: a comment line, then each rule. */
export function headersFile(comment: string, rules: HeaderRule[]): string {
  const blocks = rules.map((each) =>
    [each.path, ...Object.entries(each.headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
  );
  return `${[`# ${comment}`, ...blocks].join("\n")}\n`;
}

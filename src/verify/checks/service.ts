/** §1: what the service does: the agent entry point and canonical paths. */
import { bodyText, header } from "../exchange.ts";
import { markdownLinks, sameSitePath } from "../discover.ts";
import { probe, SLASHLESS_ACCEPTS, slashlessPages } from "../plan.ts";
import { expectStatus, judgeProbe, outcome, type Check } from "./check.ts";

/** The body of the Markdown section under the first heading matching `heading`, or undefined. */
export function markdownSection(markdown: string, heading: RegExp): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && heading.test(line));
  if (start === -1) return undefined;
  const level = /^#+/.exec(lines[start] ?? "")?.[0].length ?? 1;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}}\\s`).test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/**
 * The body of the part a line of its own names in bold (`**When to use**`), up to
 * the next heading or next such line, or undefined. llms.txt names its guidance
 * so: llmstxt.org allows no heading before its H2 sections of links.
 */
export function boldSection(markdown: string, name: RegExp): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const named = (line: string) => /^\*\*[^*]+\*\*:?\s*$/.test(line);
  const start = lines.findIndex((line) => named(line) && name.test(line));
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && (/^#{1,6}\s/.test(line) || named(line)));
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/**
 * The faults of when-to-use guidance: a "When to use" section must exist, under a
 * heading or a bold line of that name, and what not to route to the site must be
 * said, in that section or under a heading of its own.
 */
export function whenToUseFaults(markdown: string): string[] {
  const section = markdownSection(markdown, /when to use/i) ?? boldSection(markdown, /when to use/i);
  if (section === undefined) return ['no "When to use" section'];
  const saysWhatNot =
    /\b(not|never|don't|avoid|instead)\b/i.test(section) ||
    markdownSection(markdown, /\bnot to (use|route)\b/i) !== undefined;
  return saysWhatNot ? [] : ["no guidance on what not to route here"];
}

export const llmsTxtSections: Check = {
  id: "1.5-llms-txt",
  section: "1",
  title: "/llms.txt holds a site summary, a when-to-use section and a link index",
  run: ({ observed }) => [
    judgeProbe(
      observed,
      probe("/llms.txt"),
      expectStatus(200, (exchange) => {
        const text = bodyText(exchange);
        const faults: string[] = [];
        if (!/^# \S/m.test(text)) faults.push("no H1 title");
        if (!/^(> \S|[^#\s[-])/m.test(text)) faults.push("no summary text");
        faults.push(...whenToUseFaults(text));
        if (markdownLinks(text).length === 0) faults.push("no links");
        return faults.length === 0 ? undefined : faults.join("; ");
      }),
    ),
  ],
};

export const llmsTxtLinks: Check = {
  id: "1.5-llms-txt-links",
  section: "1",
  title: "Every same-site link in /llms.txt answers 200",
  run: ({ observed, surface }) =>
    surface.llmsLinks.map((path) => judgeProbe(observed, probe(path), expectStatus(200))),
};

export const canonicalPaths: Check = {
  id: "1.7-canonical-paths",
  section: "1",
  title: "Page URLs in the sitemap are canonical: on the site's origin and trailing-slashed",
  run: ({ surface }) => {
    if (typeof surface.sitemap === "string") return [outcome("/sitemap.xml", [surface.sitemap])];
    return surface.sitemap.map((entry) => {
      const path = sameSitePath(entry.loc, [surface.siteBase]);
      if (path === undefined) return outcome(entry.loc, [`not on the site's origin ${surface.siteBase}`]);
      return outcome(entry.loc, path.endsWith("/") ? [] : ["does not end in a slash"]);
    });
  },
};

export const slashlessRedirect: Check = {
  id: "1.7-slashless-redirect",
  section: "1",
  title:
    "A page's path without its slash is no page: it answers 301 to the page's canonical path, whatever the Accept",
  run: ({ surface, observed }) =>
    slashlessPages(surface).flatMap(({ path, page }) =>
      SLASHLESS_ACCEPTS.map((accept) =>
        judgeProbe(observed, probe(path, accept), (exchange) => {
          if (exchange.status !== 301) return `answered ${exchange.status}; expected 301 to ${page}`;
          const location = header(exchange, "location");
          if (location === undefined) return "a 301 with no Location";
          // RFC 9110 §10.2.2: a relative Location is resolved against the request's URL.
          const target = new URL(location, new URL(path, surface.targetBase));
          return target.origin === new URL(surface.targetBase).origin && target.pathname === page
            ? undefined
            : `Location is ${location}; expected ${page}`;
        }),
      ),
    ),
};

export const serviceChecks: readonly Check[] = [
  llmsTxtSections,
  llmsTxtLinks,
  canonicalPaths,
  slashlessRedirect,
];

/**
 * What `sitegen import` did, for a person (text) and for CI (JSON): what was
 * moved and converted, with counts; the fields kept; each source file left
 * out and why, and each template form or component not converted, by
 * file:line; each old address that no longer answers; then the build's own
 * result, its warnings counted by kind.
 */
import type { Finding } from "../findings.ts";
import { POLICY, type FindingKind } from "../policy.ts";
import type { ImportResult } from "./index.ts";

const NAMES = { jekyll: "Jekyll", hugo: "Hugo", eleventy: "Eleventy", astro: "Astro" } as const;

export interface BuildOutcome {
  ok: boolean;
  pages?: number;
  files?: number;
  warnings: Finding[];
  errors: Finding[];
}

export function importReport(
  result: ImportResult,
  where: { source: string; dir: string },
): { text: string; json: Record<string, unknown> } {
  const posts = result.written.filter(
    (path) => path.startsWith("content/blog/") && /\.(md|markdown)$/.test(path),
  ).length;
  const pages = result.written.filter((path) => path.startsWith("content/pages/")).length;
  const files = result.written.length - posts - pages;
  const left = [...result.left, ...result.skipped];
  const lost = result.lost;
  const lines = [
    `Moved ${result.generator === "eleventy" || result.generator === "astro" ? "an" : "a"} ${NAMES[result.generator]} site from ${where.source} into ${where.dir}${result.created ? " (a new site, from the starter)" : ""}:`,
    `  read: ${result.counts.posts} post(s), ${result.counts.pages} page(s), ${result.counts.files} file(s)`,
    `  written: ${posts} post(s), ${pages} page(s), ${files} other file(s)`,
    `  converted: ${[...result.converted].map(([kind, count]) => `${kind} ×${count}`).join("; ") || "nothing to convert"}`,
    `  old addresses: ${result.aliases} kept as aliases, each a 301 to the page, post or file; ${result.links} link(s) to old addresses now point at the new ones`,
  ];
  lines.push(`  where each page was: ${addressOrigins(result)}`);
  const redirected = result.oldPages.filter((page) => page.to !== undefined);
  if (redirected.length > 0)
    lines.push(
      `  old pages no file makes here (lists, tags, archives): ${redirected.length} redirected to their counterpart (site.yaml's redirects)`,
    );
  if (result.kept.size > 0)
    lines.push(
      `  kept as params (the templates can show them): ${[...result.kept].map(([name, count]) => `${name} (${count})`).join(", ")}`,
    );
  const section = (title: string, items: string[]) => {
    if (items.length > 0) lines.push(`  ${title} (${items.length}):`, ...items.map((item) => `    ${item}`));
  };
  section(
    "moved, with a warning",
    result.notes.map((each) => `${each.file}${each.line ? `:${each.line}` : ""}: ${each.why}`),
  );
  section(
    "not moved",
    left.map((each) => `${each.file}${each.line ? `:${each.line}` : ""}: ${each.why}`),
  );
  section(
    "old addresses of what was not moved, which no page or file of the new site has",
    lost.map((each) => `${each.url} (${each.file})`),
  );
  section("there already, left as it was", result.existing);
  section(
    "old address unknown",
    result.unknownUrls.map((each) => `${each.file}: ${each.why}`),
  );
  section(
    "not converted (the build warns too)",
    result.notConverted.map((each) => `${each.file}:${each.line}: ${each.tag}`),
  );
  section(
    "links to addresses nothing answers now (kept as written; the build warns too)",
    result.unresolved.map((each) => `${each.file}:${each.line}: ${each.url}`),
  );
  const json = {
    generator: result.generator,
    created: result.created,
    read: result.counts,
    written: result.written,
    existing: result.existing,
    converted: Object.fromEntries(result.converted),
    aliases: result.aliases,
    links: result.links,
    kept: Object.fromEntries(result.kept),
    left,
    notes: result.notes,
    lost,
    unknownUrls: result.unknownUrls,
    notConverted: result.notConverted,
    unresolved: result.unresolved,
    moved: result.moved,
    addresses: result.addresses,
    oldPages: result.oldPages,
  };
  return { text: lines.join("\n"), json };
}

/** How each document's old address was found, most trusted first. */
function addressOrigins(result: ImportResult): string {
  const { generator, folder, computed, notAsked } = result.addresses;
  const asked = notAsked ? ` (${NAMES[result.generator]} not asked: ${notAsked})` : "";
  return `from ${NAMES[result.generator]} itself ${generator}, from the built folder ${folder}, computed ${computed}${asked}`;
}

/** The build's result after an import: its counts, and its warnings by kind, each kind with a count and its first files. */
export function buildReport(outcome: BuildOutcome, dir: string): string {
  const lines = [
    outcome.ok
      ? `Built ${outcome.pages} pages and ${outcome.files} files → ${dir}/dist/`
      : `✗ the build of ${dir} failed with ${outcome.errors.length} ${outcome.errors.length === 1 ? "error" : "errors"}: the files are written; mend these and run \`npx sitegen build\` in ${dir}`,
  ];
  for (const error of outcome.errors)
    lines.push(`  error: ${where(error)}${error.message}${error.hint ? `\n    hint: ${error.hint}` : ""}`);
  const kinds = warningsByKind(outcome.warnings);
  if (kinds.length > 0) lines.push(`  warnings (${outcome.warnings.length}), by kind:`);
  for (const { kind, findings } of kinds) {
    lines.push(`    ${findings.length} × ${kind}`);
    for (const finding of findings.slice(0, 3)) lines.push(`      ${where(finding)}${finding.message}`);
    if (findings.length > 3)
      lines.push(`      … and ${findings.length - 3} more (\`npx sitegen build\` in ${dir} lists them all)`);
  }
  return lines.join("\n");
}

/**
 * Warnings grouped by their kind, as the build counts them, each kind with
 * what it means (src/policy.ts): a blog's hundreds of blocked embeds are one
 * kind, not one line for every address they name.
 */
export function warningsByKind(warnings: Finding[]): { kind: string; findings: Finding[] }[] {
  const kinds = new Map<FindingKind, Finding[]>();
  for (const warning of warnings) kinds.set(warning.kind, [...(kinds.get(warning.kind) ?? []), warning]);
  return [...kinds]
    .map(([kind, findings]) => ({ kind: `${kind}: ${POLICY[kind].what}`, findings }))
    .sort((a, b) => b.findings.length - a.findings.length || a.kind.localeCompare(b.kind));
}

function where(finding: Finding): string {
  return finding.file ? `${finding.file}${finding.line ? `:${finding.line}` : ""}: ` : "";
}

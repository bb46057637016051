/** What `sitegen import` did, for a person (text) and for CI (JSON): converted, kept, left, and each thing not converted by file:line. */
import type { ImportResult } from "./index.ts";

const NAMES = { jekyll: "Jekyll", hugo: "Hugo", eleventy: "Eleventy" } as const;

export function importReport(result: ImportResult, where: { source: string; dir: string }): { text: string; json: unknown } {
  const posts = result.written.filter((path) => path.startsWith("content/blog/") && /\.(md|markdown)$/.test(path)).length;
  const pages = result.written.filter((path) => path.startsWith("content/pages/")).length;
  const files = result.written.length - posts - pages;
  const lines = [
    `Moved ${result.generator === "eleventy" ? "an" : "a"} ${NAMES[result.generator]} site from ${where.source} into ${where.dir}${result.created ? " (a new site, from the starter)" : ""}:`,
    `  converted: ${posts} post(s), ${pages} page(s), ${files} other file(s)${[...result.converted].map(([kind, count]) => `; ${kind} ×${count}`).join("")}`,
    `  old addresses: ${result.aliases} kept as aliases, each a 301 to its post`,
  ];
  if (result.kept.size > 0) lines.push(`  kept as params (the templates can show them): ${[...result.kept].map(([name, count]) => `${name} (${count})`).join(", ")}`);
  const section = (title: string, items: string[]) => {
    if (items.length > 0) lines.push(`  ${title}:`, ...items.map((item) => `    ${item}`));
  };
  section("not moved", [...result.left.map((each) => `${each.file}: ${each.why}`), ...result.skipped.map((each) => `${each.file}: ${each.why}`)]);
  section("there already, left as it was", result.existing);
  section("old address unknown", result.unknownUrls.map((each) => `${each.file}: ${each.why}`));
  section("not converted (the build will warn too)", result.notConverted.map((each) => `${each.file}:${each.line}: ${each.tag}`));
  lines.push(`next: cd ${where.dir}${result.created ? " && npm install" : ""} && npx sitegen build`);
  const json = {
    generator: result.generator,
    created: result.created,
    written: result.written,
    existing: result.existing,
    converted: Object.fromEntries(result.converted),
    aliases: result.aliases,
    kept: Object.fromEntries(result.kept),
    left: [...result.left, ...result.skipped],
    unknownUrls: result.unknownUrls,
    notConverted: result.notConverted,
  };
  return { text: lines.join("\n"), json };
}

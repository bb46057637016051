/** BENCHMARKS.md's section on rebuilding while writing, from bench/watch.ts's result. */
import { fmtInt, fmtMs, fmtSeconds } from "./format.ts";
import type { WatchResult } from "./watch.ts";

/** The report's section. */
export function watchReport(result: WatchResult): string[] {
  const sitegen = result.servers.find((server) => server.name.startsWith("sitegen"));
  const hugo = result.servers.find((server) => server.name.startsWith("hugo"));
  const lines = [
    `\`sitegen serve --watch\`${hugo ? " and `hugo server` (highlighting off, rendering to memory as it does by default)" : ""} on ${hugo ? "copies" : "a copy"} of ${result.real ? `the real site (\`content/\`, ${fmtInt(result.posts)} posts)` : `the ${fmtInt(result.posts)}-post blog`}${hugo ? ", both running, the edits going to each in turn" : ""}; loopback only. An edit rewrites the first sentence of one post (every other edit its title as well) and saves it as editors do, a temporary file renamed over the post. The time runs from the save to the first answer showing the change, asked every ${result.pollMs} ms: for sitegen the post's page as HTML, the same URL as Markdown (\`Accept: text/markdown\`) and, when the title changed, \`/blog-index.json\` listing the new title; the edit's time is when the last of them showed it. Each is asked as a browser reloading the page asks: with the ETag of its last answer in \`If-None-Match\`, so a 304 (the server saying nothing changed) does not count as the change, and polling a large file costs the server little. ${hugo ? "For Hugo, the post's page (it has no Markdown representation or JSON index here). " : ""}Why this method: it is the wait an author sees, whatever the server does inside (rebuild everything, patch the output, or render on request). Between edits the server's output goes quiet and the machine settles, so no edit overlaps the previous rebuild. The template edit adds an element to the layout every page uses (a full rebuild) and is timed on one post's page.`,
    "",
    "| server | post edit (median) | post edit (min–max) | edits shown | template edit | start (first build served) |",
    "|---|---|---|---|---|---|",
    ...result.servers.map(
      (s) =>
        `| ${s.name} | ${fmtMs(s.postEditMs.median)} | ${fmtMs(s.postEditMs.min)}–${fmtMs(s.postEditMs.max)} | ${s.postEdits.filter((e) => e.ok).length} of ${s.postEdits.length} | ${s.templateEdit?.ok ? fmtMs(s.templateEdit.totalMs) : "–"} | ${fmtSeconds(s.startMs)} |`,
    ),
    "",
  ];
  if (sitegen && sitegen.postEdits.length > 0) {
    lines.push(
      `| edit | title changed | sitegen: HTML | Markdown | blog index | sitegen, all shown |${hugo ? " hugo server |" : ""}`,
      `|---|---|---|---|---|---|${hugo ? "---|" : ""}`,
    );
    for (const edit of sitegen.postEdits) {
      const theirs = hugo?.postEdits.find((e) => e.edit === edit.edit);
      lines.push(
        `| ${edit.edit} | ${edit.title ? "yes" : "no"} | ${fmtMs(edit.seenMs.HTML ?? NaN)} | ${fmtMs(edit.seenMs.Markdown ?? NaN)} | ${edit.title ? fmtMs(edit.seenMs["blog index"] ?? NaN) : ""} | ${edit.ok ? fmtMs(edit.totalMs) : "not shown"} |${hugo ? ` ${theirs?.ok ? fmtMs(theirs.totalMs) : "–"} |` : ""}`,
      );
    }
    lines.push("");
  }
  const problems = result.servers.flatMap((s) => s.problems.map((p) => `- ${s.name}: ${p}`));
  if (problems.length > 0) lines.push(...problems, "");
  return lines;
}

/**
 * A footnote label defined twice, as the source's Markdown read it. Hugo's
 * (goldmark) and Astro's (remark) keep the first definition, and sitegen's
 * (markdown-it-footnote), like kramdown, the last: a translated post that
 * kept the English note and added its own under the same label showed the
 * English one, and would show the other after the move. From a generator
 * that keeps the first, each later definition of a label is given a label
 * of its own (`[^1]` becomes `[^1-2]`): every word of it stays in the text,
 * no reference shows it, as none did, and the reference shows the first
 * note, as it did. The report names each at its line. From one that keeps
 * the last, the text is as written: the page already shows what it showed.
 */
import type { Generator } from "./model.ts";

/** The generators whose Markdown shows a label's first definition (checked against Hugo 0.111 and remark-gfm 4). */
const FIRST_KEPT: Partial<Record<Generator, string>> = {
  hugo: "Hugo's Markdown (goldmark)",
  astro: "Astro's Markdown (remark)",
};

export interface RenamedNote {
  /** The later definition's line in the source file, and the first's. */
  line: number;
  firstLine: number;
  label: string;
  renamed: string;
}

/** A footnote definition at the start of a line (up to three spaces in, as CommonMark allows a block): its label. */
const DEFINITION = /^( {0,3})\[\^([^\]\s]+)\]:/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The body with each later definition of a label renamed, where the source's Markdown kept the first; and each, for the report. */
export function firstNotesKept(
  body: string,
  bodyLine: number,
  generator: Generator,
): { body: string; renamed: RenamedNote[] } {
  if (!FIRST_KEPT[generator] || !body.includes("[^")) return { body, renamed: [] };
  const lines = body.split("\n");
  const used = new Set([...body.matchAll(/\[\^([^\]\s]+)\]/g)].map((match) => match[1]));
  const first = new Map<string, number>();
  const renamed: RenamedNote[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    // A fence closes with the same character, at least as long as it opened.
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length)))
      fence = fence === undefined ? marker : undefined;
    if (fence !== undefined || marker) return;
    const definition = DEFINITION.exec(line);
    if (!definition) return;
    const label = definition[2];
    const at = first.get(label);
    if (at === undefined) {
      first.set(label, bodyLine + index);
      return;
    }
    let n = 2;
    while (used.has(`${label}-${n}`)) n++;
    const fresh = `${label}-${n}`;
    used.add(fresh);
    lines[index] = `${definition[1]}[^${fresh}]:${line.slice(definition[0].length)}`;
    renamed.push({ line: bodyLine + index, firstLine: at, label, renamed: fresh });
  });
  return { body: renamed.length > 0 ? lines.join("\n") : body, renamed };
}

/** What the report says of a renamed definition, at its line. */
export function renamedNoteWhy(note: RenamedNote, generator: Generator): string {
  return (
    `footnote [^${note.label}] defined again (first at line ${note.firstLine}): ${FIRST_KEPT[generator]} showed the first, ` +
    `so this one is kept as [^${note.renamed}], which no reference shows, as none did; give it a reference of its own, or remove one`
  );
}

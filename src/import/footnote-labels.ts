/**
 * Footnote labels as the source's Markdown read them. Hugo's (goldmark) and
 * Astro's (remark) keep a label's first definition, and sitegen's
 * (markdown-it-footnote), like kramdown, the last: a translated post that
 * kept the English note and added its own under the same label showed the
 * English one, and would show the other after the move. From a generator
 * that keeps the first, each later definition of a label is given a label
 * of its own (`[^1]` becomes `[^1-2]`): every word of it stays in the text,
 * no reference shows it, as none did, and the reference shows the first
 * note, as it did. The report names each at its line. From one that keeps
 * the last, the text is as written: the page already shows what it showed.
 *
 * remark also reads a label in any case (`[^Note]` is the note `[^note]:`
 * defines), where goldmark and markdown-it read it as written: from Astro,
 * each reference is spelled as its definition, or markdown-it would show it
 * as typed and the note not at all.
 */
import { fenceAfter } from "../text/code-fences.ts";
import type { Generator } from "./model.ts";

interface FirstKept {
  /** How messages name the source's Markdown. */
  name: string;
  /** A label as the source's Markdown compares it. */
  key(label: string): string;
}

/** The generators whose Markdown shows a label's first definition (checked against Hugo 0.111 and Astro 5's remark-gfm). */
const FIRST_KEPT: Partial<Record<Generator, FirstKept>> = {
  hugo: { name: "Hugo's Markdown (goldmark)", key: (label) => label },
  // micromark's normalizeIdentifier, as mdast-util-to-hast looks a note up.
  astro: { name: "Astro's Markdown (remark)", key: (label) => label.toLowerCase().toUpperCase() },
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
const REFERENCE = /\[\^([^\]\s]+)\]/g;

/**
 * The body with each later definition of a label renamed, and each reference spelled as its definition, where
 * the source's Markdown kept the first; each renamed definition for the report, and how many references were
 * spelled anew.
 */
export function firstNotesKept(
  body: string,
  bodyLine: number,
  generator: Generator,
): { body: string; renamed: RenamedNote[]; respelled: number } {
  const rules = FIRST_KEPT[generator];
  if (!rules || !body.includes("[^")) return { body, renamed: [], respelled: 0 };
  const lines = body.split("\n");
  const text = outsideCode(lines);
  const used = new Set([...body.matchAll(REFERENCE)].map((match) => rules.key(match[1])));
  const first = new Map<string, { line: number; label: string }>();
  const renamed: RenamedNote[] = [];
  text.forEach((line, index) => {
    const definition = line === undefined ? null : DEFINITION.exec(line);
    if (!definition) return;
    const label = definition[2];
    const at = first.get(rules.key(label));
    if (at === undefined) {
      first.set(rules.key(label), { line: bodyLine + index, label });
      return;
    }
    let n = 2;
    while (used.has(rules.key(`${label}-${n}`))) n++;
    const fresh = `${label}-${n}`;
    used.add(rules.key(fresh));
    lines[index] = `${definition[1]}[^${fresh}]:${lines[index].slice(definition[0].length)}`;
    text[index] = `${definition[1]}[^${fresh}]:${line!.slice(definition[0].length)}`;
    renamed.push({ line: bodyLine + index, firstLine: at.line, label, renamed: fresh });
  });
  let respelled = 0;
  text.forEach((line, index) => {
    if (line === undefined) return;
    // A reference elsewhere than a definition's own label, spelled otherwise than the note it names is defined.
    const from = DEFINITION.exec(line)?.[0].length ?? 0;
    let spelled = lines[index];
    for (const match of [...line.slice(from).matchAll(REFERENCE)].reverse()) {
      const label = first.get(rules.key(match[1]))?.label;
      if (label === undefined || label === match[1]) continue;
      const at = from + match.index;
      spelled = `${spelled.slice(0, at)}[^${label}]${spelled.slice(at + match[0].length)}`;
      respelled++;
    }
    lines[index] = spelled;
  });
  return { body: renamed.length + respelled > 0 ? lines.join("\n") : body, renamed, respelled };
}

/** Each line with its code spans blanked, the same length; undefined for a line of a fenced code block or its fence. */
function outsideCode(lines: string[]): (string | undefined)[] {
  let open: string | undefined;
  return lines.map((line) => {
    const after = fenceAfter(open, line);
    open = after.open;
    return after.code ? undefined : line.replace(/(`+)[^`][\s\S]*?\1/g, (code) => " ".repeat(code.length));
  });
}

/** What the report says of a renamed definition, at its line. */
export function renamedNoteWhy(note: RenamedNote, generator: Generator): string {
  return (
    `footnote [^${note.label}] defined again (first at line ${note.firstLine}): ${FIRST_KEPT[generator]?.name} showed the first, ` +
    `so this one is kept as [^${note.renamed}], which no reference shows, as none did; give it a reference of its own, or remove one`
  );
}

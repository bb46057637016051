/**
 * A port of llmstxt.org's reference parser: `parse_llms_file` of the Python
 * `llms-txt` package (AnswerDotAI/llms-txt, llms_txt/core.py, and its
 * miniparse.py twin `parse_llms_txt`), the reader behind `llms_txt2ctx`.
 * Ported line for line, so that it accepts and refuses what the Python does:
 * where the Python would raise (a section line that is not a link, a head
 * with no H1), this throws.
 *
 * Python's `re` and JavaScript's RegExp differ in what ends a line: with
 * re.MULTILINE, `^` and `$` see only `\n`, and `.` stops only at `\n`, where
 * JavaScript also stops at `\r`, U+2028 and U+2029. The patterns below spell
 * Python's meaning out (BOL, EOL, DOT), so a title with a U+2028 in it is
 * read as the Python reads it; WS is Python's `\s`.
 */

/** Python's `^` under re.MULTILINE: the start of the text or just after a `\n`. */
const BOL = String.raw`(?:(?<![\s\S])|(?<=\n))`;
/** Python's `$` under re.MULTILINE: just before a `\n` or at the end of the text. */
const EOL = String.raw`(?=\n|(?![\s\S]))`;
/** Python's `.` without re.DOTALL: anything but `\n`. */
const DOT = String.raw`[^\n]`;
/** Python's `.` with re.DOTALL. */
const ANY = String.raw`[\s\S]`;
/** Python's `\s` on a str: JavaScript's but U+FEFF, and U+001C–U+001F and U+0085 besides. */
const WS = String.raw`(?:[^\S\ufeff]|[\x1c-\x1f\x85])`;

export interface LlmsLink {
  title: string;
  url: string;
  desc: string | null;
}

export interface LlmsFile {
  title: string;
  summary: string | null;
  info: string;
  /** Each H2's links, by its heading, in the order the headings first appear (a Python dict's order). */
  sections: Map<string, LlmsLink[]>;
}

/** `parse_link`: `- [title](url): desc`, found anywhere in the line (Python's re.search). */
export function parseLink(text: string): LlmsLink {
  const pattern = new RegExp(
    String.raw`-${WS}*\[(?<title>[^\]]+)\]\((?<url>[^\)]+)\)(?::${WS}*(?<desc>${DOT}*))?`,
  );
  const match = pattern.exec(text);
  // Python: re.search(...) is None, and None.groupdict() raises AttributeError.
  if (!match)
    throw new Error(
      `parse_link: no link in ${JSON.stringify(text)} ('NoneType' object has no attribute 'groupdict')`,
    );
  return { title: match.groups!.title, url: match.groups!.url, desc: match.groups!.desc ?? null };
}

/** `_parse_links`: every non-blank line of a section is a link. */
function parseLinks(links: string): LlmsLink[] {
  return pyStrip(links)
    .split(/\n+/)
    .filter((line) => pyStrip(line) !== "")
    .map(parseLink);
}

/** `_parse_llms`: the head before the first H2, and each H2's links. */
function parseLlms(text: string): { start: string; sections: Map<string, LlmsLink[]> } {
  // re.split(r'^##\s*(.*?$)', txt, flags=re.MULTILINE): the captured heading interleaved with what follows it.
  const [start, ...rest] = text.split(new RegExp(`${BOL}##${WS}*(${DOT}*?${EOL})`));
  const sections = new Map<string, LlmsLink[]>();
  // dict(chunked(rest, 2)): a later heading of the same name replaces the earlier one's links, keeping its place.
  for (let index = 0; index < rest.length; index += 2)
    sections.set(rest[index], parseLinks(rest[index + 1] ?? ""));
  return { start: pyStrip(start), sections };
}

/** `parse_llms_file`: the H1, the optional blockquote, the free text (`info`), then the sections. */
export function parseLlmsFile(text: string): LlmsFile {
  const { start, sections } = parseLlms(text);
  // pat = r'^#\s*(?P<title>.+?$)\n+(?:^>\s*(?P<summary>.+?$)$)?\n+(?P<info>.*)', re.MULTILINE | re.DOTALL
  const pattern = new RegExp(
    String.raw`${BOL}#${WS}*(?<title>${ANY}+?${EOL})\n+(?:${BOL}>${WS}*(?<summary>${ANY}+?${EOL})${EOL})?\n+(?<info>${ANY}*)`,
  );
  const match = pattern.exec(start);
  // Python: search(...) is None, and None['sections'] = … raises TypeError.
  if (!match)
    throw new Error(
      "parse_llms_file: the text before the first H2 is not an H1, an optional blockquote and free text ('NoneType' object does not support item assignment)",
    );
  return {
    title: match.groups!.title,
    summary: match.groups!.summary ?? null,
    info: match.groups!.info,
    sections,
  };
}

/** Python's str.strip(): whitespace as Python counts it, which adds U+001C–U+001F to JavaScript's. */
function pyStrip(text: string): string {
  return text.replace(new RegExp(`^${WS}+|${WS}+$`, "g"), "");
}

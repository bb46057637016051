/**
 * A template's text read into its tags: `{{name}}`, `{{{name}}}`,
 * `{{#name}}…{{/name}}`, `{{^name}}…{{/name}}`, `{{> partial}}` and `{{! a
 * comment }}`, which says why to whoever edits it and prints nothing, each with
 * the line and column of its `{{`; what only looks like a tag, a brace too
 * many or a section closed out of order is an error at its line. Its own
 * module because a template is parsed once and rendered for every page
 * (src/render/page/template.ts): the parse is where every error of the
 * template's own text is found.
 */
import { SitegenError } from "../../errors.ts";

/** 1-based line and column of a tag's `{{`, for error messages. */
interface Position {
  line: number;
  column: number;
}

/** A template's parts: text as it is, a name inserted, a section with its own parts, a partial included. */
export type Node =
  | { kind: "text"; text: string }
  | ({ kind: "var"; name: string; path: string[]; raw: boolean } & Position)
  | ({ kind: "section"; name: string; path: string[]; inverted: boolean; children: Node[] } & Position)
  | ({ kind: "partial"; name: string } & Position);

/**
 * A tag: `{{` or `{{{`, an optional sigil, a name, then `}}` or `}}}`. The
 * braces are read exactly, so a tag that opens with three and closes with two
 * (or the other way round) is reported, never guessed at: a guess either way
 * would turn HTML escaping off, or eat a brace.
 */
const TAG = /\{\{!(?:[^}]|\}(?!\}))*\}\}|\{\{(\{?)\s*([#^/>]?)\s*([\w.-]+)\s*(\}?)\}\}/g;

/** The parts of a template's text; `file` is the template as the user named its folder, for errors. */
export function parse(source: string, file: string): Node[] {
  const root: Node[] = [];
  const open: { node: Extract<Node, { kind: "section" }>; parent: Node[] }[] = [];
  let current = root;
  let last = 0;
  const lines = source.split("\n");
  const at = (index: number): Position => {
    const before = source.slice(0, index);
    return { line: before.split("\n").length, column: index - before.lastIndexOf("\n") };
  };
  const text = (from: number, to: number) => {
    // Anything left that opens like a tag is a typo, not text to print.
    const stray = source.indexOf("{{", from);
    if (stray !== -1 && stray < to) {
      const position = at(stray);
      const close = source.indexOf("}}", stray);
      const written =
        close !== -1 && close - stray < 60
          ? source.slice(stray, close + 2)
          : `${source.slice(stray, stray + 20)}…`;
      throw new SitegenError("E_TEMPLATE", `\`${written.split("\n")[0]}\` is not a tag`, {
        location: { file, ...position },
        sourceLine: lines[position.line - 1],
        hint: "a tag is `{{name}}`, `{{{name}}}`, `{{#name}}…{{/name}}`, `{{^name}}…{{/name}}`, `{{> partial}}` or `{{! comment}}`; a name is letters, digits, `_`, `.` and `-`",
      });
    }
    if (to > from) current.push({ kind: "text", text: source.slice(from, to) });
  };
  for (const match of source.matchAll(TAG)) {
    const [whole, brace = "", sigil, name, closing = ""] = match;
    if (whole.startsWith("{{!")) {
      text(last, match.index!);
      last = match.index! + whole.length;
      continue;
    }
    const position = at(match.index!);
    const { line } = position;
    if (brace.length !== closing.length || (brace && sigil)) {
      throw new SitegenError(
        "E_TEMPLATE",
        `\`${whole}\` is not a tag: ${brace && sigil ? "only a name can be inserted raw" : `it opens with ${2 + brace.length} braces and closes with ${2 + closing.length}`}`,
        {
          location: { file, ...position },
          sourceLine: lines[line - 1],
          hint:
            brace && sigil
              ? `write \`{{${sigil}${name}}}\``
              : `write \`{{${name}}}\` to insert escaped text, or \`{{{${name}}}}\` for HTML as it is; put a space before a literal \`}\``,
        },
      );
    }
    text(last, match.index!);
    last = match.index! + whole.length;
    if (sigil === "#" || sigil === "^") {
      const node: Extract<Node, { kind: "section" }> = {
        kind: "section",
        name,
        path: name.split("."),
        inverted: sigil === "^",
        children: [],
        ...position,
      };
      current.push(node);
      open.push({ node, parent: current });
      current = node.children;
    } else if (sigil === "/") {
      const top = open.pop();
      if (!top || top.node.name !== name) {
        throw new SitegenError(
          "E_TEMPLATE",
          `\`{{/${name}}}\` closes ${top ? `\`{{#${top.node.name}}}\` opened on line ${top.node.line}` : "nothing"}`,
          {
            location: { file, ...position },
            sourceLine: lines[line - 1],
            hint: top
              ? `close \`{{#${top.node.name}}}\` with \`{{/${top.node.name}}}\` first; sections close in the reverse order they open`
              : `remove it, or open the section with \`{{#${name}}}\``,
          },
        );
      }
      current = top.parent;
    } else if (sigil === ">") current.push({ kind: "partial", name, ...position });
    else current.push({ kind: "var", name, path: name.split("."), raw: brace === "{", ...position });
  }
  if (open.length > 0) {
    const top = open[open.length - 1].node;
    throw new SitegenError("E_TEMPLATE", `\`{{#${top.name}}}\` is never closed`, {
      location: { file, line: top.line, column: top.column },
      sourceLine: lines[top.line - 1],
      hint: `add \`{{/${top.name}}}\``,
    });
  }
  text(last, source.length);
  return root;
}

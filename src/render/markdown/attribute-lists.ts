/**
 * An attribute list's syntax, as pandoc and kramdown write it (`{#id .class
 * key="value"}`, kramdown's `{: …}` and its definitions `{:name: …}`), and
 * what it gives the token it is applied to: what attributes.ts and
 * block-attributes.ts find the lists of, and code.ts and admonitions.ts read
 * after a fence's or a container's marker.
 */
import type Token from "markdown-it/lib/token.mjs";

export interface AttributeList {
  id?: string;
  classes: string[];
  /** Other attributes, by name as written. */
  others: [name: string, value: string][];
  /** kramdown's `{:toc}`. */
  toc: boolean;
  /** kramdown's attribute list definition, `{:name: …}`: applies to nothing where it stands. */
  definition: boolean;
  /** The definitions it names (`{: name}`), in order. */
  references: string[];
}

/** kramdown's attribute list definitions of a text, by name. */
export type Definitions = Map<string, AttributeList>;

const ITEM =
  /\s*(?:#([\p{L}\p{N}_:-]+)|\.([\p{L}\p{N}_-]+)|([A-Za-z_:][\w.:-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))|(-)|([A-Za-z_][\w-]*))/uy;
const DEFINITION = /^:([A-Za-z_][\w-]*):/;

/** The attributes `{…}` holds (`inner` is what is between the braces), or undefined when it is not an attribute list. */
export function readAttributes(inner: string): AttributeList | undefined {
  const kramdown = inner.startsWith(":");
  const definition = DEFINITION.exec(inner);
  let rest = definition ? inner.slice(definition[0].length) : kramdown ? inner.slice(1) : inner;
  const list: AttributeList = {
    classes: [],
    others: [],
    toc: false,
    definition: definition !== null,
    references: [],
  };
  let items = 0;
  ITEM.lastIndex = 0;
  while (rest.trim() !== "") {
    ITEM.lastIndex = 0;
    const item = ITEM.exec(rest);
    // kramdown passes over what it cannot read (`title="Warning` with no closing quote); pandoc's braces are then text.
    if (!item && kramdown) {
      rest = rest.replace(/^\s*\S+/, "");
      continue;
    }
    if (!item) return undefined;
    rest = rest.slice(item[0].length);
    items++;
    if (item[1] !== undefined) list.id = item[1];
    else if (item[2] !== undefined) list.classes.push(item[2]);
    else if (item[3] !== undefined) addOther(list, item[3], item[4] ?? item[5] ?? item[6]);
    else if (item[7] !== undefined) list.classes.push("unnumbered");
    // A bare word: kramdown's reference to a definition, or `toc`; in pandoc's form it makes the braces text.
    else if (!kramdown) return undefined;
    else if (item[8] === "toc") list.toc = true;
    else list.references.push(item[8]);
  }
  return items > 0 || kramdown ? list : undefined;
}

/** `class="a b"` and `id="x"` written as others are a list's classes and id, as kramdown reads them. */
function addOther(list: AttributeList, name: string, value: string): void {
  if (name === "class") list.classes.push(...value.split(/\s+/).filter((word) => word !== ""));
  else if (name === "id") list.id = value;
  else list.others.push([name, value]);
}

/** A whole line (or text) that is an attribute list and nothing else. */
export function attributeLine(text: string): AttributeList | undefined {
  const match = /^[ \t]*\{([^{}\n]*)\}[ \t]*$/.exec(text);
  return match ? readAttributes(match[1]) : undefined;
}

/**
 * Sets the attributes on a token: an id, classes, others, those of the
 * definitions it names first; a code block's `language-x` class names its
 * language. A `style` is marked as the author's (`attributeStyle`), with the
 * list's 1-based `line` where it is known.
 */
export function applyAttributes(
  token: Token,
  written: AttributeList,
  definitions?: Definitions,
  line?: number,
): void {
  const list = withDefinitions(written, definitions);
  if (list.id !== undefined) token.attrSet("id", list.id);
  for (const name of list.classes) token.attrJoin("class", name);
  for (const [name, value] of list.others) if (name !== "id" && name !== "class") token.attrSet(name, value);
  if ((token.type === "fence" || token.type === "code_block") && token.info.trim() === "") {
    const language = list.classes.find((name) => name.startsWith("language-"));
    if (language) token.info = language.slice("language-".length);
  }
  if (list.toc) token.meta = { ...token.meta, toc: true };
  // Where the list is, when it is not on the element's first line: what a warning of its style points at.
  if (list.others.some(([name]) => name === "style"))
    token.meta = { ...token.meta, attributeStyle: line ?? true };
}

/** A list with what the definitions it names give, theirs first (kramdown's order), a definition naming another followed once. */
function withDefinitions(
  list: AttributeList,
  definitions: Definitions | undefined,
  seen = new Set<string>(),
): AttributeList {
  if (!definitions || list.references.length === 0) return list;
  const merged: AttributeList = { ...list, classes: [], others: [], references: [] };
  for (const name of list.references) {
    const definition = definitions.get(name);
    if (!definition || seen.has(name)) continue;
    seen.add(name);
    const resolved = withDefinitions(definition, definitions, seen);
    merged.id ??= resolved.id;
    merged.classes.push(...resolved.classes);
    merged.others.push(...resolved.others);
  }
  if (list.id !== undefined) merged.id = list.id;
  merged.classes.push(...list.classes);
  merged.others.push(...list.others);
  return merged;
}

const DEFINITION_LINE = /^ {0,3}\{:([A-Za-z_][\w-]*):([^{}\n]*)\}[ \t]*$/gm;

/** The attribute list definitions a text makes, wherever they stand: kramdown reads them all before it applies any. */
export function definitionsOf(src: string): Definitions {
  const definitions: Definitions = new Map();
  if (!src.includes("{:")) return definitions;
  for (const [, name, rest] of src.matchAll(DEFINITION_LINE)) {
    const list = readAttributes(`:${name}:${rest}`);
    if (list) definitions.set(name, list);
  }
  return definitions;
}

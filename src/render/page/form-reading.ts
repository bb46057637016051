/**
 * A page's forms as an agent can act on them, for its Markdown
 * representation (`agents: { forms: true }` in site.yaml): where each posts
 * and how, each field with its label, its kind and whether it is required,
 * the fields to leave alone, and what happens after. Read from the page's
 * HTML as a browser reads it (a field's label is the `<label for>` naming its
 * id, or the `<label>` around it, or its `aria-label`), so a form in a
 * template (contact.html) and one written in the body are described alike.
 *
 * This file reads the forms; forms.ts writes them out, as Markdown and as
 * WebMCP's annotations.
 */
import { htmlTags, type HtmlTag } from "../checks/html-tags.ts";

export interface FormField {
  name: string;
  /** The label's own words; what its nested elements add (a hint) is `hint`. */
  label: string;
  hint?: string;
  /** `text`, `email`, `textarea`, `select`, `checkbox`… */
  kind: string;
  required: boolean;
  /** A value sent as it is (a hidden field). */
  fixed?: string;
  /** A select's or a radio group's choices, by value. */
  choices?: string[];
  maxlength?: number;
}

export interface PageForm {
  /** The heading the form sits under, or its name. */
  title: string;
  name?: string;
  method: "GET" | "POST";
  /** The absolute URL it sends to, without a fragment, and where the browser goes after (with it). */
  address: string;
  after: string;
  enctype: string;
  fields: FormField[];
  /** A field to leave empty: Netlify's honeypot, whose submissions are dropped. */
  trap?: string;
  /** A Netlify form, which Netlify Forms takes on a deploy (and `sitegen serve` locally). */
  netlify: boolean;
  /** The text of the element the action's fragment names: what the page shows after a submission. */
  thanks?: string;
  submit?: string;
  /** The paragraphs between the form's heading and the form (its introduction), and those inside it that hold no field (a note). */
  intro: string[];
  notes: string[];
  /** The words the trap's label shows a person (Netlify's honeypot: "Leave this field empty"). */
  trapLabel?: string;
}

/** The forms in a page's HTML; `pageUrl` is the page's absolute URL, against which actions are read. */
export function pageForms(html: string, pageUrl: string): PageForm[] {
  if (!/<form\b/i.test(html)) return [];
  const tags = htmlTags(html);
  const forms: PageForm[] = [];
  tags.forEach((tag, index) => {
    if (tag.name !== "form") return;
    const close = closingOffset(html, "form", tag.end);
    const inside = tags.slice(index + 1).filter((inner) => inner.start < close);
    forms.push(formOf(html, tag, inside, tags, pageUrl));
  });
  return forms;
}

function formOf(html: string, form: HtmlTag, inside: HtmlTag[], all: HtmlTag[], pageUrl: string): PageForm {
  const attribute = (name: string) => form.attributes.get(name);
  const after = new URL(attribute("action") || pageUrl, pageUrl);
  const address = new URL(after.href);
  address.hash = "";
  const trap = attribute("data-netlify-honeypot") ?? attribute("netlify-honeypot");
  const labels = labelTexts(html, inside);
  const fields: FormField[] = [];
  for (const tag of inside) {
    const field = fieldOf(html, tag, labels);
    if (!field || field.name === trap) continue;
    const same = fields.find(
      (earlier) => earlier.name === field.name && earlier.kind === "radio" && field.kind === "radio",
    );
    if (same) same.choices = [...(same.choices ?? []), ...(field.choices ?? [])];
    else fields.push(field);
  }
  const target =
    after.hash.length > 1
      ? all.find((tag) => tag.attributes.get("id") === decodeURIComponent(after.hash.slice(1)))
      : undefined;
  const heading = all.filter((tag) => /^h[1-6]$/.test(tag.name) && tag.start < form.start).at(-1);
  const paragraphs = (tags: HtmlTag[]) =>
    tags
      .filter((tag) => tag.name === "p" && tag !== target)
      .map((tag) => paragraphText(html, tag))
      .filter(Boolean);
  const between = heading ? all.filter((tag) => tag.start > heading.end && tag.start < form.start) : [];
  const holdsField = (tag: HtmlTag) =>
    inside.some(
      (inner) =>
        (CONTROLS.has(inner.name) || inner.name === "label") &&
        inner.start > tag.start &&
        inner.start < closingOffset(html, "p", tag.end),
    );
  const trapTag = trap
    ? inside.find((tag) => CONTROLS.has(tag.name) && tag.attributes.get("name") === trap)
    : undefined;
  const trapLabel = trapTag && (labels.get(trapTag.attributes.get("id") ?? "") ?? labels.get(trapTag))?.label;
  const submit = inside.find(
    (tag) =>
      (tag.name === "button" && (tag.attributes.get("type") ?? "submit") === "submit") ||
      (tag.name === "input" && tag.attributes.get("type") === "submit"),
  );
  const name = attribute("name");
  return {
    title: attribute("aria-label") ?? headingBefore(html, all, form.start) ?? name ?? "Form",
    ...(name ? { name } : {}),
    method: attribute("method")?.toUpperCase() === "POST" ? "POST" : "GET",
    address: address.href,
    after: after.href,
    enctype: attribute("enctype") ?? "application/x-www-form-urlencoded",
    fields,
    ...(trap ? { trap } : {}),
    netlify: attribute("data-netlify") === "true" || form.attributes.has("netlify"),
    ...(target ? { thanks: textOf(html, target) } : {}),
    ...(submit
      ? { submit: submit.name === "button" ? textOf(html, submit) : (submit.attributes.get("value") ?? "") }
      : {}),
    intro: paragraphs(between),
    notes: paragraphs(inside.filter((tag) => !holdsField(tag))),
    ...(trapLabel ? { trapLabel } : {}),
  };
}

export const CONTROLS = new Set(["input", "select", "textarea"]);
const UNSENT = new Set(["submit", "button", "reset", "image"]);

function fieldOf(html: string, tag: HtmlTag, labels: Map<HtmlTag | string, Label>): FormField | undefined {
  if (!CONTROLS.has(tag.name)) return undefined;
  const name = tag.attributes.get("name");
  const kind = tag.name === "input" ? (tag.attributes.get("type") ?? "text").toLowerCase() : tag.name;
  if (!name || UNSENT.has(kind) || tag.attributes.has("disabled")) return undefined;
  const aria = tag.attributes.get("aria-label");
  const { label, hint } =
    aria !== undefined
      ? { label: aria, hint: undefined }
      : (labels.get(tag.attributes.get("id") ?? "") ??
        labels.get(tag) ?? { label: tag.attributes.get("placeholder") ?? "", hint: undefined });
  const maxlength = Number(tag.attributes.get("maxlength"));
  return {
    name,
    label,
    ...(hint ? { hint } : {}),
    kind,
    required: tag.attributes.has("required"),
    ...(kind === "hidden" ? { fixed: tag.attributes.get("value") ?? "" } : {}),
    ...(kind === "radio" || kind === "checkbox" ? { choices: [tag.attributes.get("value") ?? "on"] } : {}),
    ...(kind === "select" ? { choices: optionsOf(html, tag) } : {}),
    ...(Number.isInteger(maxlength) && maxlength > 0 ? { maxlength } : {}),
  };
}

interface Label {
  label: string;
  hint?: string;
}

/** Each label's text, by the id it names (`for`) and by the control it wraps. */
function labelTexts(html: string, tags: HtmlTag[]): Map<HtmlTag | string, Label> {
  const texts = new Map<HtmlTag | string, Label>();
  for (const label of tags.filter((tag) => tag.name === "label")) {
    const text = labelText(html, label);
    const target = label.attributes.get("for");
    if (target) texts.set(target, text);
    const close = closingOffset(html, "label", label.end);
    const wrapped = tags.find((tag) => CONTROLS.has(tag.name) && tag.start >= label.end && tag.start < close);
    if (wrapped && !target) texts.set(wrapped, text);
  }
  return texts;
}

function optionsOf(html: string, select: HtmlTag): string[] {
  const close = closingOffset(html, "select", select.end);
  return htmlTags(html.slice(select.end, close))
    .filter((tag) => tag.name === "option")
    .map((option) => option.attributes.get("value") ?? textOf(html.slice(select.end, close), option))
    .filter((value) => value !== "");
}

/** The text of the last heading before `offset`: what a form sits under. */
function headingBefore(html: string, tags: HtmlTag[], offset: number): string | undefined {
  const heading = tags.filter((tag) => /^h[1-6]$/.test(tag.name) && tag.start < offset).at(-1);
  return heading && textOf(html, heading);
}

/**
 * A label's words, and apart what its nested elements add (a hint):
 * `Your email address`, `We reply to this address.`.
 */
function labelText(html: string, label: HtmlTag): Label {
  // A control the label wraps (a select and its options, a textarea's text) is the field, not words of its label.
  const inner = html
    .slice(label.end, closingOffset(html, "label", label.end))
    .replace(/<(select|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  const nested = [...inner.matchAll(/<([a-z][a-z0-9-]*)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)]
    .map((match) => fold(match[2].replace(/<[^>]*>/g, " ")))
    .filter(Boolean);
  const own = fold(
    inner.replace(/<([a-z][a-z0-9-]*)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ").replace(/<[^>]*>/g, " "),
  );
  return nested.length > 0 && own !== ""
    ? { label: own, hint: nested.join(" ") }
    : { label: own || nested.join(" ") };
}

export function fold(text: string): string {
  return decode(text).replace(/\s+/g, " ").trim();
}

/** A paragraph's text: its inline elements' words run on as a browser shows them (`notice</a>.` is `notice.`), a line break a space. */
function paragraphText(html: string, tag: HtmlTag): string {
  const inner = html.slice(tag.end, closingOffset(html, tag.name, tag.end));
  return fold(inner.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, ""));
}

/** An element's text: its content up to its end tag, without tags, with whitespace folded. */
function textOf(html: string, tag: HtmlTag): string {
  const inner = html.slice(tag.end, closingOffset(html, tag.name, tag.end));
  return fold(inner.replace(/<[^>]*>/g, " "));
}

/** Where the end tag of a `name` element opened just before `from` is, counting the same elements nested in it. */
export function closingOffset(html: string, name: string, from: number): number {
  const pattern = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] === "/" ? -1 : 1;
    if (depth === 0) return match.index;
  }
  return html.length;
}

function decode(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|apos|nbsp);/g,
    (_all, entity: string) =>
      ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " })[entity] ?? "",
  );
}

/**
 * A page's forms as an agent can act on them, for its Markdown
 * representation (`agents: { forms: true }` in site.yaml): where each posts
 * and how, each field with its label, its kind and whether it is required,
 * the fields to leave alone, and what happens after. Read from the page's
 * HTML as a browser reads it (a field's label is the `<label for>` naming its
 * id, or the `<label>` around it, or its `aria-label`), so a form in a
 * template (contact.html) and one written in the body are described alike.
 */
import { htmlTags, type HtmlTag } from "./html-tags.ts";
import { markdownInline } from "../text/markdown-inline.ts";

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
    const same = fields.find((earlier) => earlier.name === field.name && earlier.kind === "radio" && field.kind === "radio");
    if (same) same.choices = [...(same.choices ?? []), ...(field.choices ?? [])];
    else fields.push(field);
  }
  const target = after.hash.length > 1 ? all.find((tag) => tag.attributes.get("id") === decodeURIComponent(after.hash.slice(1))) : undefined;
  const heading = all.filter((tag) => /^h[1-6]$/.test(tag.name) && tag.start < form.start).at(-1);
  const paragraphs = (tags: HtmlTag[]) => tags.filter((tag) => tag.name === "p" && tag !== target).map((tag) => paragraphText(html, tag)).filter(Boolean);
  const between = heading ? all.filter((tag) => tag.start > heading.end && tag.start < form.start) : [];
  const holdsField = (tag: HtmlTag) => inside.some((inner) => (CONTROLS.has(inner.name) || inner.name === "label") && inner.start > tag.start && inner.start < closingOffset(html, "p", tag.end));
  const trapTag = trap ? inside.find((tag) => CONTROLS.has(tag.name) && tag.attributes.get("name") === trap) : undefined;
  const trapLabel = trapTag && (labels.get(trapTag.attributes.get("id") ?? "") ?? labels.get(trapTag))?.label;
  const submit = inside.find((tag) => (tag.name === "button" && (tag.attributes.get("type") ?? "submit") === "submit") || (tag.name === "input" && tag.attributes.get("type") === "submit"));
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
    ...(submit ? { submit: submit.name === "button" ? textOf(html, submit) : (submit.attributes.get("value") ?? "") } : {}),
    intro: paragraphs(between),
    notes: paragraphs(inside.filter((tag) => !holdsField(tag))),
    ...(trapLabel ? { trapLabel } : {}),
  };
}

const CONTROLS = new Set(["input", "select", "textarea"]);
const UNSENT = new Set(["submit", "button", "reset", "image"]);

function fieldOf(html: string, tag: HtmlTag, labels: Map<HtmlTag | string, Label>): FormField | undefined {
  if (!CONTROLS.has(tag.name)) return undefined;
  const name = tag.attributes.get("name");
  const kind = tag.name === "input" ? (tag.attributes.get("type") ?? "text").toLowerCase() : tag.name;
  if (!name || UNSENT.has(kind) || tag.attributes.has("disabled")) return undefined;
  const aria = tag.attributes.get("aria-label");
  const { label, hint } = aria !== undefined ? { label: aria, hint: undefined } : (labels.get(tag.attributes.get("id") ?? "") ?? labels.get(tag) ?? { label: tag.attributes.get("placeholder") ?? "", hint: undefined });
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
  const inner = html.slice(label.end, closingOffset(html, "label", label.end)).replace(/<(select|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  const nested = [...inner.matchAll(/<([a-z][a-z0-9-]*)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)].map((match) => fold(match[2].replace(/<[^>]*>/g, " "))).filter(Boolean);
  const own = fold(inner.replace(/<([a-z][a-z0-9-]*)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ").replace(/<[^>]*>/g, " "));
  return nested.length > 0 && own !== "" ? { label: own, hint: nested.join(" ") } : { label: own || nested.join(" ") };
}

function fold(text: string): string {
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
function closingOffset(html: string, name: string, from: number): number {
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
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_all, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " })[entity] ?? "");
}

/**
 * The forms as a section of the page's Markdown: for each, how to send it
 * (method, address, encoding), its fields as a list, the fields to leave
 * alone, and what the site answers.
 */
export function formsMarkdown(forms: PageForm[], shown = ""): string[] {
  // A paragraph the page's Markdown already has (a form written in the body) is not said twice.
  const said = fold(shown.replace(/[*_`\\]/g, ""));
  const unsaid = (texts: string[]) => texts.filter((text) => !said.includes(text)).map((text) => [markdownInline(text), ""]).flat();
  return forms.flatMap((form) => {
    const fields = form.fields.filter((field) => field.fixed === undefined);
    const fixed = form.fields.filter((field) => field.fixed !== undefined);
    const lines = [`## Form: ${markdownInline(form.title)}`, "", ...unsaid(form.intro)];
    lines.push(`To send this form, make a \`${form.method}\` request to ${form.address} with these fields${form.method === "POST" ? `, the body encoded as \`${form.enctype}\`` : " as its query"}${form.submit ? ` (a person sends it with the button "${markdownInline(form.submit)}")` : ""}:`, "");
    for (const field of fixed) lines.push(`- \`${markdownInline(field.name)}\`: always \`${markdownInline(field.fixed!)}\``);
    for (const field of fields) lines.push(...fieldLines(field));
    lines.push("", ...unsaid(form.notes));
    const trapLabel = form.trapLabel ? ` ("${markdownInline(form.trapLabel)}")` : "";
    if (form.trap) lines.push(`Leave out \`${markdownInline(form.trap)}\`${trapLabel}: it is a trap for spam, and a submission that fills it is dropped without a word.`, "");
    lines.push(afterText(form), "");
    return lines;
  });
}

/**
 * A field's item: its name, whether it is required, its kind, and its label
 * as the page shows it, the hint the label holds on a line of its own (one
 * paragraph in Markdown, as the label is one element in HTML).
 */
function fieldLines(field: FormField): string[] {
  const head = `- \`${markdownInline(field.name)}\` (${field.required ? "required" : "optional"}; ${describeKind(field)}): `;
  if (!field.label) return [`${head}no label`];
  return [`${head}${markdownInline(field.label)}`, ...(field.hint ? [`  ${markdownInline(field.hint)}`] : [])];
}

function describeKind(field: FormField): string {
  const parts = [field.kind === "textarea" ? "text, may span lines" : field.kind];
  if (field.choices && field.choices.length > 0) parts.push(`one of ${field.choices.map((choice) => `\`${markdownInline(choice)}\``).join(", ")}`);
  if (field.maxlength) parts.push(`at most ${field.maxlength} characters`);
  return parts.join(", ");
}

function afterText(form: PageForm): string {
  const shows = form.thanks ? `, where the page says: "${markdownInline(form.thanks)}"` : "";
  if (form.netlify) return `After a submission, the site (Netlify Forms) takes it and sends the browser on to ${form.after}${shows}.`;
  return `After a submission, ${form.address} answers${form.after !== form.address ? `, and a browser is sent on to ${form.after}` : ""}${shows}.`;
}

/**
 * The page's HTML with its forms annotated for WebMCP's declarative API
 * (`agents: { webmcp: true }`): a browser's agent sees each form as a tool by
 * its `toolname` and `tooldescription`, and each field as a parameter
 * described by its `toolparamdescription` (the draft falls back to the
 * field's label; the hint a label holds is said too). What the author wrote
 * on a form or field is kept.
 */
export function annotateForms(html: string, pageUrl: string): string {
  if (!/<form\b/i.test(html)) return html;
  const forms = pageForms(html, pageUrl);
  const tags = htmlTags(html);
  const inserts: { at: number; text: string }[] = [];
  const names = new Set<string>();
  tags.filter((tag) => tag.name === "form").forEach((tag, index) => {
    const form = forms[index];
    const close = closingOffset(html, "form", tag.end);
    if (!tag.attributes.has("toolname")) inserts.push({ at: attributeSlot(html, tag), text: ` toolname="${escapeAttribute(toolName(form, names))}"` });
    if (!tag.attributes.has("tooldescription")) inserts.push({ at: attributeSlot(html, tag), text: ` tooldescription="${escapeAttribute(toolDescription(form))}"` });
    for (const field of tags.filter((inner) => inner.start > tag.start && inner.start < close && CONTROLS.has(inner.name))) {
      const described = form.fields.find((each) => each.name === field.attributes.get("name") && each.fixed === undefined);
      const words = described?.label && (described.hint ? `${described.label} (${described.hint})` : described.label);
      if (words && !field.attributes.has("toolparamdescription")) inserts.push({ at: attributeSlot(html, field), text: ` toolparamdescription="${escapeAttribute(words)}"` });
    }
  });
  // From the end, so that each offset still points where it did; of two at one offset, the later first, so each lands after the earlier.
  return inserts
    .map((insert, order) => ({ ...insert, order }))
    .sort((a, b) => b.at - a.at || b.order - a.order)
    .reduce((out, { at, text }) => out.slice(0, at) + text + out.slice(at), html);
}

/** Where a new attribute goes in a start tag: before its `>`, or its `/>`. */
function attributeSlot(html: string, tag: HtmlTag): number {
  return html[tag.end - 2] === "/" ? tag.end - 2 : tag.end - 1;
}

/** A tool's name: the form's name, or its title, as a lowercase identifier; a second of one name on the page is numbered. */
function toolName(form: PageForm, taken: Set<string>): string {
  const base = (form.name ?? form.title).normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "form";
  let name = base;
  for (let count = 2; taken.has(name); count++) name = `${base}_${count}`;
  taken.add(name);
  return name;
}

/**
 * What the tool does, in a sentence: a GET form opens its address with the
 * fields as the query (a search); any other fills in the fields the form
 * sends, for the person on the page to send.
 */
function toolDescription(form: PageForm): string {
  const fields = form.fields.filter((field) => field.fixed === undefined).map((field) => field.label || field.name);
  const listed = fields.length > 0 ? ` (${fields.join("; ")})` : "";
  const path = new URL(form.address).pathname;
  if (form.method === "GET") return `${form.title}: opens ${path} with this form's fields${listed} as its query.`;
  const sends = form.submit ? `; the person on the page sends it with "${form.submit}"` : "";
  return `${form.title}: fills in this form${listed}, which is sent to ${path}${sends}.`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

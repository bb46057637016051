/**
 * A page's forms written out for agents: as Markdown, in the page's Markdown
 * representation, and as WebMCP's declarative annotations on the HTML
 * (`agents.webmcp`). What each form is comes from form-reading.ts.
 */
import { htmlTags, type HtmlTag } from "../checks/html-tags.ts";
import { markdownInline } from "../../text/markdown-inline.ts";
import { closingOffset, CONTROLS, fold, pageForms, type FormField, type PageForm } from "./form-reading.ts";

/**
 * The forms as a section of the page's Markdown: for each, how to send it
 * (method, address, encoding), its fields as a list, the fields to leave
 * alone, and what the site answers.
 */
export function formsMarkdown(forms: PageForm[], shown = ""): string[] {
  // A paragraph the page's Markdown already has (a form written in the body) is not said twice.
  const said = fold(shown.replace(/[*_`\\]/g, ""));
  const unsaid = (texts: string[]) =>
    texts.filter((text) => !said.includes(text)).flatMap((text) => [markdownInline(text), ""]);
  return forms.flatMap((form) => {
    const fields = form.fields.filter((field) => field.fixed === undefined);
    const fixed = form.fields.filter((field) => field.fixed !== undefined);
    const lines = [`## Form: ${markdownInline(form.title)}`, "", ...unsaid(form.intro)];
    lines.push(
      `To send this form, make a \`${form.method}\` request to ${form.address} with these fields${form.method === "POST" ? `, the body encoded as \`${form.enctype}\`` : " as its query"}${form.submit ? ` (a person sends it with the button "${markdownInline(form.submit)}")` : ""}:`,
      "",
    );
    for (const field of fixed)
      lines.push(`- \`${markdownInline(field.name)}\`: always \`${markdownInline(field.fixed!)}\``);
    for (const field of fields) lines.push(...fieldLines(field));
    lines.push("", ...unsaid(form.notes));
    const trapLabel = form.trapLabel ? ` ("${markdownInline(form.trapLabel)}")` : "";
    if (form.trap)
      lines.push(
        `Leave out \`${markdownInline(form.trap)}\`${trapLabel}: it is a trap for spam, and a submission that fills it is dropped without a word.`,
        "",
      );
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
  return [
    `${head}${markdownInline(field.label)}`,
    ...(field.hint ? [`  ${markdownInline(field.hint)}`] : []),
  ];
}

function describeKind(field: FormField): string {
  const parts = [field.kind === "textarea" ? "text, may span lines" : field.kind];
  if (field.choices && field.choices.length > 0)
    parts.push(`one of ${field.choices.map((choice) => `\`${markdownInline(choice)}\``).join(", ")}`);
  if (field.maxlength) parts.push(`at most ${field.maxlength} characters`);
  return parts.join(", ");
}

function afterText(form: PageForm): string {
  const shows = form.thanks ? `, where the page says: "${markdownInline(form.thanks)}"` : "";
  if (form.netlify)
    return `After a submission, the site (Netlify Forms) takes it and sends the browser on to ${form.after}${shows}.`;
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
  tags
    .filter((tag) => tag.name === "form")
    .forEach((tag, index) => {
      const form = forms[index];
      const close = closingOffset(html, "form", tag.end);
      if (!tag.attributes.has("toolname"))
        inserts.push({
          at: attributeSlot(html, tag),
          text: ` toolname="${escapeAttribute(toolName(form, names))}"`,
        });
      if (!tag.attributes.has("tooldescription"))
        inserts.push({
          at: attributeSlot(html, tag),
          text: ` tooldescription="${escapeAttribute(toolDescription(form))}"`,
        });
      for (const field of tags.filter(
        (inner) => inner.start > tag.start && inner.start < close && CONTROLS.has(inner.name),
      )) {
        const described = form.fields.find(
          (each) => each.name === field.attributes.get("name") && each.fixed === undefined,
        );
        const words =
          described?.label && (described.hint ? `${described.label} (${described.hint})` : described.label);
        if (words && !field.attributes.has("toolparamdescription"))
          inserts.push({
            at: attributeSlot(html, field),
            text: ` toolparamdescription="${escapeAttribute(words)}"`,
          });
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
  const base =
    (form.name ?? form.title)
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "") || "form";
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
  const fields = form.fields
    .filter((field) => field.fixed === undefined)
    .map((field) => field.label || field.name);
  const listed = fields.length > 0 ? ` (${fields.join("; ")})` : "";
  const path = new URL(form.address).pathname;
  if (form.method === "GET")
    return `${form.title}: opens ${path} with this form's fields${listed} as its query.`;
  const sends = form.submit ? `; the person on the page sends it with "${form.submit}"` : "";
  return `${form.title}: fills in this form${listed}, which is sent to ${path}${sends}.`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

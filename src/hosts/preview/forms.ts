/**
 * The preview server's stand-in for Netlify Forms, so that an author can try
 * the site's HTML forms locally: a POST to a page is taken when that page
 * holds a Netlify form (`data-netlify="true"`) whose name the submission
 * carries in `form-name`, as Netlify takes it. The submission is printed, not
 * stored or sent anywhere; a filled honeypot field is dropped silently, as
 * Netlify drops it. The answer sends the browser on to the form's `action`
 * (303, RFC 9110 §15.4.4), so that reloading the thank-you state does not post
 * again.
 */
import { readFile } from "node:fs/promises";
import { baseHeaders, CACHE, type HeaderPolicy } from "../../negotiation/headers.ts";
import { cdnNotFound, resolveInside } from "./static.ts";

/** A Netlify form as the page declares it. */
export interface DeclaredForm {
  name: string;
  /** Where the browser goes after a submission: the form's `action`, or the page itself. */
  action: string;
  /** The field Netlify treats as a honeypot (`data-netlify-honeypot`), if any. */
  honeypot?: string;
}

/** The Netlify forms in a page's HTML: every `<form>` with `data-netlify="true"` (or a bare `netlify` attribute) and a name. */
export function declaredForms(html: string, pagePath: string): DeclaredForm[] {
  const forms: DeclaredForm[] = [];
  for (const [tag] of html.matchAll(/<form\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/\s([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attributes.set(match[1].toLowerCase(), unescape(match[2] ?? match[3] ?? match[4] ?? ""));
    }
    const netlify = attributes.get("data-netlify") === "true" || attributes.has("netlify");
    const name = attributes.get("name");
    if (!netlify || !name) continue;
    const honeypot = attributes.get("data-netlify-honeypot") ?? attributes.get("netlify-honeypot");
    forms.push({ name, action: attributes.get("action") || pagePath, honeypot: honeypot || undefined });
  }
  return forms;
}

export interface FormIntakeOptions {
  root: string;
  policy: HeaderPolicy;
  log: (text: string) => void;
}

/** Takes a form's POST to the page at `request`'s path (decide.ts passes only those to the host). */
export async function takeFormSubmission(request: Request, options: FormIntakeOptions): Promise<Response> {
  const { pathname } = new URL(request.url);
  const file = resolveInside(options.root, `${pathname}index.html`);
  const html = file ? await readFile(file, "utf8").catch(() => "") : "";
  let fields: FormData;
  try {
    fields = await request.formData();
  } catch {
    options.log(`form: POST ${pathname}: the body is not form data; answered 400`);
    return new Response("Bad Request: the body is not form data\n", { status: 400, headers: { ...baseHeaders(options.policy), "Cache-Control": CACHE.never, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const name = String(fields.get("form-name") ?? "");
  const form = declaredForms(html, pathname).find((each) => each.name === name);
  if (!form) {
    options.log(`form: POST ${pathname}: no Netlify form named ${JSON.stringify(name)} on this page; answered 404, as Netlify would`);
    return cdnNotFound(options.root, false, options.policy);
  }
  if (form.honeypot && String(fields.get(form.honeypot) ?? "") !== "") {
    options.log(`form "${form.name}" on ${pathname}: dropped, its honeypot field "${form.honeypot}" was filled in (Netlify drops these silently)`);
  } else {
    const lines = [...fields].filter(([key]) => key !== "form-name" && key !== form.honeypot).map(([key, value]) => `  ${key}: ${typeof value === "string" ? value.replace(/\r?\n/g, "\n    ") : `(file ${value.name}, ${value.size} bytes)`}`);
    options.log([`form "${form.name}" on ${pathname}: a submission (on Netlify, Netlify Forms stores it and notifies the operator)`, ...lines].join("\n"));
  }
  return new Response(null, { status: 303, headers: { ...baseHeaders(options.policy), "Cache-Control": CACHE.never, Location: form.action } });
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" };

function unescape(value: string): string {
  return value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]);
}

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
import { visible, visibleLines } from "../../text/visible.ts";
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

/**
 * The largest submission taken, in bytes of its body: Netlify Forms takes at
 * most 8 MB a request, so nothing larger could reach it from a deployed site.
 */
export const MAX_FORM_BYTES = 8 * 1024 * 1024;

/**
 * Takes a form's POST to the page at `request`'s path (decide.ts passes only
 * those to the host). The body is read only once the page is known to hold a
 * Netlify form, and only up to `MAX_FORM_BYTES`; what is printed has its
 * control characters shown as escapes, since anyone who can reach the server
 * chooses the fields' names and values.
 */
export async function takeFormSubmission(request: Request, options: FormIntakeOptions): Promise<Response> {
  const { pathname } = new URL(request.url);
  const where = visible(pathname);
  const file = resolveInside(options.root, `${pathname}index.html`);
  const html = file ? await readFile(file, "utf8").catch(() => "") : "";
  const forms = declaredForms(html, pathname);
  if (forms.length === 0) {
    options.log(`form: POST ${where}: this page has no Netlify form; answered 404, as Netlify would`);
    return cdnNotFound(options.root, false, options.policy);
  }
  const body = await readAtMost(request, MAX_FORM_BYTES);
  if (body === undefined) {
    options.log(
      `form: POST ${where}: the body is over ${MAX_FORM_BYTES} bytes (8 MB, Netlify Forms' limit); answered 413`,
    );
    return plain(413, "Content Too Large: a form submission may be at most 8 MB\n", options.policy);
  }
  let fields: FormData;
  try {
    fields = await new Response(body, {
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    options.log(`form: POST ${where}: the body is not form data; answered 400`);
    return plain(400, "Bad Request: the body is not form data\n", options.policy);
  }
  const name = String(fields.get("form-name") ?? "");
  const form = forms.find((each) => each.name === name);
  if (!form) {
    options.log(
      `form: POST ${where}: no Netlify form named ${JSON.stringify(name)} on this page; answered 404, as Netlify would`,
    );
    return cdnNotFound(options.root, false, options.policy);
  }
  if (form.honeypot && String(fields.get(form.honeypot) ?? "") !== "") {
    options.log(
      `form "${visible(form.name)}" on ${where}: dropped, its honeypot field "${visible(form.honeypot)}" was filled in (Netlify drops these silently)`,
    );
  } else {
    const lines = [...fields]
      .filter(([key]) => key !== "form-name" && key !== form.honeypot)
      .map(
        ([key, value]) =>
          `  ${visible(key)}: ${typeof value === "string" ? visibleLines(value.replace(/\r\n/g, "\n")).replace(/\n/g, "\n    ") : `(file ${visible(value.name)}, ${value.size} bytes)`}`,
      );
    options.log(
      [
        `form "${visible(form.name)}" on ${where}: a submission (on Netlify, Netlify Forms stores it and notifies the operator)`,
        ...lines,
      ].join("\n"),
    );
  }
  return new Response(null, {
    status: 303,
    headers: { ...baseHeaders(options.policy), "Cache-Control": CACHE.never, Location: form.action },
  });
}

/**
 * The request's body, or undefined when it is longer than `limit` bytes: by
 * its Content-Length before a byte is read, else as it arrives, the rest then
 * read and dropped (memory stays at the limit), so the answer goes on a
 * connection that has read the whole request.
 */
async function readAtMost(request: Request, limit: number): Promise<Buffer<ArrayBuffer> | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit || !request.body) return declared > limit ? undefined : Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length <= limit) chunks.push(value);
    else chunks.length = 0;
  }
  return length > limit ? undefined : Buffer.concat(chunks);
}

function plain(status: number, text: string, policy: HeaderPolicy): Response {
  return new Response(text, {
    status,
    headers: {
      ...baseHeaders(policy),
      "Cache-Control": CACHE.never,
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

function unescape(value: string): string {
  return value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]);
}

/**
 * `{{base_url}}` in a page's Markdown is this site's origin, as the build
 * resolves it (site.yaml, `--base-url`, or Netlify's `URL`). Pages that
 * document the site's own URLs (curl examples, `type` values, `Link`
 * headers) write it instead of an origin, so a build for another origin
 * documents that origin, in the HTML, the `.md` sibling and llms-full.txt
 * alike. It is replaced everywhere in the body, code included: code samples
 * are where the origin is written most.
 */
export const ORIGIN_PLACEHOLDER = "{{base_url}}";

export function resolveOrigin(body: string, baseUrl: string): string {
  return body.includes(ORIGIN_PLACEHOLDER) ? body.replaceAll(ORIGIN_PLACEHOLDER, baseUrl) : body;
}

/**
 * Whether a home's source holds text of its own, which the new home shows
 * (its template renders the page's body above its recent posts), or only
 * lists the site's posts (a Jekyll `index.html` of a `{% for post in
 * site.posts %}` loop, a theme's `layout: home` with an empty body). The
 * first is compared with the old home as any moved page is; the second is
 * a list, whose page shows what its template lists, not what its author wrote.
 */

/** Template code, comments and markup: what a reader never reads as the text's own words. */
const NO_TEXT = [
  // A loop's body is written once for each item it lists: a list, not text.
  /\{%-?\s*for\b[\s\S]*?\{%-?\s*endfor\s*-?%\}/g,
  /\{%[\s\S]*?%\}/g,
  /\{\{[\s\S]*?\}\}/g,
  /\{#[\s\S]*?#\}/g,
  /<!--[\s\S]*?-->/g,
  /<(script|style)\b[\s\S]*?<\/\1>/gi,
  /<[^>]*>/g,
  // MDX's code lines.
  /^(?:import|export)\s.*$/gm,
];

/** True when the body has a word of two letters or more outside its template code and its markup. */
export function hasOwnText(body: string): boolean {
  const text = NO_TEXT.reduce((rest, pattern) => rest.replace(pattern, " "), body);
  return /\p{L}{2}/u.test(text);
}

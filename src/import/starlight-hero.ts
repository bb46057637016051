/**
 * Starlight's hero (`hero:` in a page's frontmatter: its title, tagline,
 * image and action buttons), which the theme draws above the text of a home
 * page from the frontmatter, not from the text: the new site's templates know
 * no `hero`, and its words, picture and links would be lost. Each is moved as
 * Markdown at the top of the text, as the theme showed them there, named at
 * the `hero:` line. Done after the site's own Astro gave its components
 * (astro-output.ts), which pairs the moved text's lines with the file's: the
 * hero's lines are counted in the frontmatter, where they were written, so
 * that what follows is still named at its own line.
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { imagesBeside } from "./astro-entries.ts";
import type { ImportedSite } from "./model.ts";

/** Each page's hero moved to the top of its text, named in `site.notes` at its `hero:` line. */
export function heroesFirst(site: ImportedSite, root: string): void {
  for (const document of site.pages) {
    const hero = document.data.hero;
    if (!isRecord(hero) || document.real === undefined) continue;
    const parts = heroParts(hero, document.data.title);
    if (parts.length === 0) continue;
    const pictures = imagesBeside(root, dirname(document.real), parts.join("\n\n"));
    const lines = `${pictures.body}\n`.split("\n");
    const known = new Set(document.bundle.map((file) => file.path));
    document.bundle.push(...pictures.files.filter((file) => !known.has(file.path)));
    document.body = `${lines.join("\n")}\n${document.body}`;
    document.bodyLine = Math.max(1, document.bodyLine - lines.length);
    const written = readFileSync(document.real, "utf8").split(/\r?\n/);
    const line = written.findIndex((each) => /^hero\s*:/.test(each)) + 1;
    (site.notes ??= []).push({
      file: document.file,
      ...(line > 0 ? { line } : {}),
      why: `Starlight's hero (${describe(hero)}), which the theme drew from the frontmatter: moved as Markdown at the top of the text`,
    });
  }
}

/** The hero's title (where it is not the page's), image, tagline and actions, each a Markdown paragraph, in the order Starlight shows them. */
function heroParts(hero: Record<string, unknown>, title: unknown): string[] {
  const parts: string[] = [];
  if (typeof hero.title === "string" && hero.title.trim() !== "" && hero.title !== title)
    parts.push(`**${hero.title.trim()}**`);
  const image = hero.image;
  if (isRecord(image)) {
    const alt = typeof image.alt === "string" ? image.alt.replace(/[[\]]/g, "") : "";
    if (typeof image.html === "string") parts.push(image.html.trim());
    else
      for (const src of [image.file, image.dark, image.light])
        if (typeof src === "string" && src !== "") parts.push(`![${alt}](${destination(src)})`);
  }
  if (typeof hero.tagline === "string" && hero.tagline.trim() !== "") parts.push(hero.tagline.trim());
  const actions = (Array.isArray(hero.actions) ? hero.actions : []).filter(
    (action): action is { text: string; link: string } =>
      isRecord(action) && typeof action.text === "string" && typeof action.link === "string",
  );
  if (actions.length > 0)
    parts.push(
      actions
        .map((action) => `[${action.text.replace(/[[\]]/g, "\\$&")}](${destination(action.link)})`)
        .join(" · "),
    );
  return parts;
}

/** What the hero held, for its note: `tagline, 2 actions, image`. */
function describe(hero: Record<string, unknown>): string {
  const held = [
    ...(typeof hero.title === "string" ? ["title"] : []),
    ...(typeof hero.tagline === "string" ? ["tagline"] : []),
    ...(Array.isArray(hero.actions) ? [`${hero.actions.length} action(s)`] : []),
    ...(isRecord(hero.image) ? ["image"] : []),
  ];
  return held.join(", ");
}

/** A link's destination as Markdown reads it: in `<…>` where it holds a space or a parenthesis. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

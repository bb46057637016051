/**
 * A page of content/pages/: its file name is its path (`index.md` is `/`,
 * `services.md` is `/services/`), so the name must be a URL segment. The
 * pages the folder holds are the site's whole set of pages.
 */
import { SitegenError, SitegenErrors } from "../errors.ts";
import { validatePage } from "../schemas/index.ts";
import { parseMarkdownFile, schemaErrors } from "./frontmatter.ts";
import { slugify, slugProblem } from "./slug.ts";
import type { PageSource } from "./types.ts";

export function parsePage(name: string, text: string, file: string, path = file): PageSource {
  const problem = slugProblem(name);
  if (problem) {
    const suggested = slugify(name);
    throw new SitegenError("E_CONTENT", `\`${name}\` cannot be a page's name: ${problem}`, {
      location: { file },
      hint: suggested ? `the file name is the page's URL: rename the file to \`${suggested}.md\` (/${suggested}/)` : "the file name is the page's URL: name the file with Latin letters, digits and hyphens",
    });
  }
  const parsed = parseMarkdownFile(text, file);
  if (!validatePage(parsed.data)) throw new SitegenErrors(schemaErrors(validatePage.errors ?? [], parsed, file, text));
  const data = parsed.data as Pick<PageSource, "title" | "description" | "updated" | "lang">;
  return { name, file, path, ...data, body: parsed.body, bodyLine: parsed.bodyLine };
}

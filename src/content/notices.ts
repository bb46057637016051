/**
 * What reading the content found that a build reports and goes on with, made
 * once per build from what each file carries (`notices`, src/content/
 * types.ts): a field sitegen does not know, once per name for the whole
 * build with the files that use it counted; a template tag left in a page's
 * text, each at its line; and, for `check`, the slug chosen for each file
 * whose name is not one.
 */
import { SitegenError } from "../errors.ts";
import { excerptOf } from "./excerpt.ts";
import { FOREIGN_FIELD_HINTS, likelyMeant, PAGE_FIELDS, POST_FIELDS, type FieldProblem } from "./foreign-fields.ts";
import type { ParsedYaml } from "./frontmatter.ts";
import type { ContentNotice } from "./types.ts";

/** A warning that is most likely a typo: `check --strict` fails on it. */
export const TYPO_CODE = "E_FIELD_NAME";

/** A notice for each field set aside as a param, with its line and, if it looks like a typo, the field meant. */
export function fieldNotices(params: Record<string, unknown>, parsed: ParsedYaml, kind: "post" | "page"): ContentNotice[] {
  return Object.keys(params).map((name) => {
    const meant = likelyMeant(name, kind === "post" ? POST_FIELDS : PAGE_FIELDS);
    const line = parsed.locateKey([name])?.line;
    return { kind: "field", name, ...(line !== undefined ? { line } : {}), ...(meant !== undefined ? { meant } : {}) };
  });
}

/** The description as written, else the body's first paragraph; a file with neither is reported. */
export function readDescription(written: string | undefined, body: string, report: (problem: FieldProblem) => void): string | undefined {
  if (written !== undefined) return written;
  const excerpt = excerptOf(body);
  if (excerpt !== "") return excerpt;
  report({ path: [], key: false, message: "missing `description`, and the body has no paragraph to take one from", hint: "add `description:`, one or two sentences that stand alone in an index" });
  return undefined;
}

interface Noticed {
  file: string;
  notices: ContentNotice[];
}

/** The build's warnings and `check`'s notes, from every page's and post's notices, in a stable order. */
export function contentNotices(sources: Noticed[]): { warnings: SitegenError[]; notes: SitegenError[] } {
  const ordered = [...sources].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const fields = new Map<string, { first: { file: string; line?: number }; files: Set<string>; meant?: string }>();
  const tags: SitegenError[] = [];
  const notes: SitegenError[] = [];
  for (const { file, notices } of ordered) {
    for (const notice of notices) {
      if (notice.kind === "field") {
        const seen = fields.get(notice.name) ?? { first: { file, line: notice.line }, files: new Set<string>(), meant: notice.meant };
        seen.files.add(file);
        fields.set(notice.name, seen);
      } else if (notice.kind === "template-tag") {
        tags.push(new SitegenError("E_CONTENT", `template tag \`${notice.tag}\` is not run: readers would see it as written`, { location: { file, line: notice.line }, hint: "sitegen runs no Liquid or shortcodes: write what it stands for in Markdown (`sitegen import` converts highlight, raw, link, post_url and figure), or put it in backticks to show it as code" }));
      } else {
        notes.push(new SitegenError("E_CONTENT", `its name is not a slug: the post is at /blog/${notice.slug}/`, { location: { file }, hint: `set \`slug:\` to choose another, or rename the file to \`${notice.slug}.md\`` }));
      }
    }
  }
  const fieldWarnings = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, seen]) => fieldWarning(name, seen));
  return { warnings: [...fieldWarnings, ...tags], notes };
}

function fieldWarning(name: string, seen: { first: { file: string; line?: number }; files: Set<string>; meant?: string }): SitegenError {
  const count = seen.files.size;
  const where = count === 1 ? "" : ` (in ${count} files; the first is named)`;
  if (seen.meant !== undefined) {
    return new SitegenError(TYPO_CODE, `unknown field \`${name}\`${where}: did you mean \`${seen.meant}\`?`, { location: seen.first, hint: `rename it to \`${seen.meant}\`; until then it is kept as \`params.${name}\` and \`check --strict\` fails` });
  }
  const instead = FOREIGN_FIELD_HINTS[name.toLowerCase()];
  return new SitegenError("E_CONTENT", `field \`${name}\` is not one of sitegen's${where}: kept as \`params.${name}\` for the templates`, { location: seen.first, hint: instead ?? "a template can show it as {{params." + name + "}}; remove it if nothing needs it" });
}

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
/** A warning about an invisible character XML forbids (src/content/control-characters.ts): `check --strict` fails on it. */
export const CONTROL_CHARACTER_CODE = "E_CONTROL_CHARACTER";
/** The warnings `check --strict` fails on. */
export const STRICT_CODES: ReadonlySet<string> = new Set([TYPO_CODE, CONTROL_CHARACTER_CODE]);

/** A notice for each field set aside as a param, with its line and, if it looks like a typo, the field meant. */
/** Fields kept as params that the build itself reads: `translationKey` joins translations (src/manifest/manifest.ts). */
const READ_AS_PARAMS = new Set(["translationKey"]);

export function fieldNotices(params: Record<string, unknown>, parsed: ParsedYaml, kind: "post" | "page"): ContentNotice[] {
  return Object.keys(params).filter((name) => !READ_AS_PARAMS.has(name)).map((name) => {
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
  // Warnings at a line of a file: template tags left in a text, control characters in one.
  const atLines: SitegenError[] = [];
  const notes: SitegenError[] = [];
  for (const { file, notices } of ordered) {
    for (const notice of notices) {
      if (notice.kind === "field") {
        const seen = fields.get(notice.name) ?? { first: { file, line: notice.line }, files: new Set<string>(), meant: notice.meant };
        seen.files.add(file);
        fields.set(notice.name, seen);
      } else if (notice.kind === "control-character") {
        const more = notice.count > 1 ? ` (and ${notice.count - 1} more)` : "";
        atLines.push(new SitegenError(CONTROL_CHARACTER_CODE, `${notice.field === "body" ? "the body" : `\`${notice.field}\``} holds ${notice.character}${more}, a control character XML 1.0 forbids: feed.xml and the sitemap leave it out`, { location: { file, line: notice.line }, hint: "remove it: it is invisible here, and a feed reader refuses a feed that holds one; `check --strict` fails on it" }));
      } else if (notice.kind === "template-tag") {
        atLines.push(new SitegenError("E_CONTENT", `template tag \`${notice.tag}\` is not run: readers would see it as written`, { location: { file, line: notice.line }, hint: "sitegen runs no Liquid or shortcodes: write what it stands for in Markdown (`sitegen import` converts highlight, raw, link, post_url and figure), or put it in backticks to show it as code" }));
      } else {
        notes.push(new SitegenError("E_CONTENT", `its name is not a slug: the post is at /blog/${notice.slug}/`, { location: { file }, hint: `set \`slug:\` to choose another, or rename the file to \`${notice.slug}.md\`` }));
      }
    }
  }
  const fieldWarnings = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, seen]) => fieldWarning(name, seen));
  return { warnings: [...fieldWarnings, ...atLines], notes };
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

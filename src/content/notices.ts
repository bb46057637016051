/**
 * What reading the content found that a build reports and goes on with, made
 * once per build from what each file carries (`notices`, src/content/
 * types.ts): a field sitegen does not know, once per name for the whole
 * build with the files that use it counted; a template tag left in a page's
 * text, each at its line; what was read past, each at its place; and, for
 * `check`, the slug chosen for each file whose name is not one. Each is a
 * finding of its kind, whose seriousness src/policy.ts decides.
 */
import { SitegenError } from "../errors.ts";
import type { ExcerptOf } from "./excerpt.ts";
import { FOREIGN_FIELD_HINTS, PAGE_FIELDS, POST_FIELDS } from "./field-names.ts";
import type { FieldProblem, MappedFields } from "./foreign-fields.ts";
import { likelyMeant } from "./misspelt-fields.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";
import type { Markup } from "./markup.ts";
import type { ContentNotice } from "./types.ts";

/** The code of a field name that is most likely a typo (kind `likely-typo`). */
export const TYPO_CODE = "E_FIELD_NAME";
/** A warning about an invisible character XML forbids (src/content/control-characters.ts): `check --strict` fails on it. */
export const CONTROL_CHARACTER_CODE = "E_CONTROL_CHARACTER";
/** The warnings `check --strict` fails on. */
export const STRICT_CODES: ReadonlySet<string> = new Set([TYPO_CODE, CONTROL_CHARACTER_CODE]);

/** Fields kept as params that the build itself reads: `translationKey` joins translations (src/manifest/manifest.ts); Jekyll's `render_with_liquid: false` keeps a text's Liquid from running (src/render/liquid/links.ts). */
const READ_AS_PARAMS = new Set(["translationKey", "render_with_liquid"]);

/** A notice for each field sitegen does not know, kept as a param, with its line and, if it looks like a typo, the field meant. */
export function fieldNotices(
  mapped: Pick<MappedFields, "params" | "setAside">,
  parsed: ParsedYaml,
  kind: "post" | "page",
): ContentNotice[] {
  return Object.keys(mapped.params)
    .filter((name) => !mapped.setAside.includes(name) && !READ_AS_PARAMS.has(name))
    .map((name) => {
      const meant = likelyMeant(name, kind === "post" ? POST_FIELDS : PAGE_FIELDS);
      const line = parsed.locateKey([name])?.line;
      return {
        kind: "field",
        name,
        ...(line !== undefined ? { line } : {}),
        ...(meant !== undefined ? { meant } : {}),
      };
    });
}

/** The description as written, else the body's first paragraph (`excerptOf`, src/content/excerpt.ts); a file with neither has none, and is reported. */
export function readDescription(
  written: string | undefined,
  body: string,
  report: (problem: FieldProblem) => void,
  markup: Markup | undefined,
  excerptOf: ExcerptOf,
): string {
  if (written !== undefined) return written;
  const excerpt = excerptOf(body, {}, markup);
  if (excerpt !== "") return excerpt;
  report({
    kind: "no-description",
    path: [],
    key: false,
    message: "no `description`, and the body has no paragraph to take one from: it has none",
    hint: "add `description:`, one or two sentences that stand alone in an index",
  });
  return "";
}

interface Noticed {
  file: string;
  notices: ContentNotice[];
}

/** The findings of every page's and post's notices, in a stable order. */
export function contentNotices(sources: Noticed[]): SitegenError[] {
  const ordered = [...sources].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const fields = new Map<
    string,
    { first: { file: string; line?: number }; files: Set<string>; meant?: string }
  >();
  const each: SitegenError[] = [];
  for (const { file, notices } of ordered) {
    for (const notice of notices) {
      if (notice.kind === "field") {
        const seen = fields.get(notice.name) ?? {
          first: { file, line: notice.line },
          files: new Set<string>(),
          meant: notice.meant,
        };
        seen.files.add(file);
        fields.set(notice.name, seen);
      } else if (notice.kind === "template-tag") {
        each.push(
          new SitegenError(
            "E_CONTENT",
            `template tag \`${notice.tag}\` is not run: readers would see it as written`,
            {
              kind: "template-tag",
              location: { file, line: notice.line },
              hint: "sitegen runs a Jekyll blog's Liquid once content/ holds its _config.yml or _includes/ (copy them in), and no other template code: write what it stands for in Markdown (the build itself reads highlight, link, post_url and site.url; `sitegen import` converts figure too), or put it in backticks to show it as code",
            },
          ),
        );
      } else if (notice.kind === "control-character") {
        const more = notice.count > 1 ? ` (and ${notice.count - 1} more)` : "";
        each.push(
          new SitegenError(
            CONTROL_CHARACTER_CODE,
            `${notice.field === "body" ? "the body" : `\`${notice.field}\``} holds ${notice.character}${more}, a control character: ${notice.field === "body" ? "feed.xml and the sitemap leave it out" : "feed.xml, the pages, llms.txt and the `.md` files leave it out"}`,
            {
              kind: "control-character",
              location: { file, line: notice.line },
              hint: "remove it: it is invisible here, a terminal showing the file obeys it, and a feed reader refuses a feed that holds one; `--strict` fails on it",
            },
          ),
        );
      } else if (notice.kind === "problem") {
        each.push(
          new SitegenError("E_CONTENT", notice.message, {
            kind: notice.problem,
            location: { file, line: notice.line, column: notice.column },
            sourceLine: notice.sourceLine,
            hint: notice.hint,
          }),
        );
      } else {
        each.push(
          new SitegenError("E_CONTENT", `its name is not a slug: the post is at /blog/${notice.slug}/`, {
            kind: "slug-chosen",
            location: { file },
            hint: `set \`slug:\` to choose another, or rename the file to \`${notice.slug}.md\``,
          }),
        );
      }
    }
  }
  const fieldFindings = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, seen]) => fieldWarning(name, seen));
  return [...fieldFindings, ...each];
}

function fieldWarning(
  name: string,
  seen: { first: { file: string; line?: number }; files: Set<string>; meant?: string },
): SitegenError {
  const count = seen.files.size;
  const where = count === 1 ? "" : ` (in ${count} files; the first is named)`;
  if (seen.meant !== undefined) {
    return new SitegenError(TYPO_CODE, `unknown field \`${name}\`${where}: did you mean \`${seen.meant}\`?`, {
      kind: "likely-typo",
      location: seen.first,
      hint: `rename it to \`${seen.meant}\`; until then it is kept as \`params.${name}\` and \`--strict\` fails`,
    });
  }
  // Own keys only: a field named `constructor` or `toString` is not a hint.
  const instead = Object.hasOwn(FOREIGN_FIELD_HINTS, name.toLowerCase())
    ? FOREIGN_FIELD_HINTS[name.toLowerCase()]
    : undefined;
  return new SitegenError(
    "E_CONTENT",
    `field \`${name}\` is not one of sitegen's${where}: kept as \`params.${name}\` for the templates`,
    {
      kind: "unknown-field",
      location: seen.first,
      hint: instead ?? `a template can show it as {{params.${name}}}; remove it if nothing needs it`,
    },
  );
}

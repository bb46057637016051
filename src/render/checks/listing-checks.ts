/**
 * What the listing pages (src/manifest/listings.ts) need that the site must
 * give: a template for each kind of listing page the settings ask for, and
 * tags a URL can be made of.
 */
import { SitegenError } from "../../errors.ts";
import type { Manifest } from "../../manifest/manifest.ts";
import type { TemplateSet } from "../page/template.ts";

/** A setting of site.yaml that cannot be met, by its path there. */
export interface SettingProblem {
  path: string[];
  message: string;
  hint: string;
}

/** `tags: true` renders the tag index through tags.html and each tag's page through tag.html: a templates folder without them fails at the setting. */
export function listingTemplateProblems(
  manifest: Pick<Manifest, "site" | "routes">,
  templates: TemplateSet,
): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const missing = manifest.site.tags ? ["tags.html", "tag.html"].filter((name) => !templates.has(name)) : [];
  if (missing.length > 0) {
    problems.push({
      path: ["tags"],
      message: `\`tags: true\` renders tag pages through ${missing.join(" and ")}, which the templates do not have`,
      hint: "copy them from the starter theme (node_modules/@sitegen/cli/starter/templates/), or leave `tags` out",
    });
  }
  // `archive: true` renders /archive/ through archive.html.
  if (manifest.site.archive && !templates.has("archive.html")) {
    problems.push({
      path: ["archive"],
      message: "`archive: true` renders /archive/ through archive.html, which the templates do not have",
      hint: "copy it from the starter theme (node_modules/@sitegen/cli/starter/templates/), or leave `archive` out",
    });
  }
  return problems;
}

/** Each path of `sections` that is no page of the site: its section navigation would link nothing. */
export function sectionProblems(manifest: Pick<Manifest, "site" | "routes">): SettingProblem[] {
  const paths = new Set(manifest.routes.map((route) => route.path));
  return (manifest.site.sections ?? []).flatMap((section, index) =>
    section.pages.flatMap((path, at) =>
      paths.has(path)
        ? []
        : [
            {
              path: ["sections", String(index), "pages", String(at)],
              message: `\`${path}\` in \`sections\` is not a page of the site`,
              hint: "name a page by its path as the site publishes it, with its slashes (/start/), or leave it out",
            },
          ],
    ),
  );
}

/** A tag of punctuation alone has no URL, so no page, and no place among a post's links to its tags' pages: said once per tag, at the first post that has it. */
export function unaddressableTagWarnings(manifest: Pick<Manifest, "unaddressableTags">): SitegenError[] {
  return manifest.unaddressableTags.map(
    ({ name, source }) =>
      new SitegenError(
        "E_CONTENT",
        `the tag \`${name}\` has no letter, digit or symbol to make its URL of: it has no page, and a template that links a post's tags to their pages (\`tagLinks\`, as the starter's do) leaves it out`,
        {
          kind: "unaddressable-tag",
          location: { file: source },
          hint: "a tag's page is /tags/<slug>/, its slug made of the tag's letters and digits (a hash of them in a script without Latin letters); name the tag with a word",
        },
      ),
  );
}

/**
 * A post file without frontmatter, which Eleventy and Hugo publish and
 * Jekyll does not. Eleventy renders every Markdown file of its input as a
 * page (its date the file's: `date: git Created` or the file's creation
 * time; `page.fileSlug` the name a theme titles it by); Hugo publishes one
 * in its section, untitled and dated 0001-01-01 unless its `[frontmatter]`
 * dates it by the file (`:fileModTime`, `:git`). Jekyll copies a file of
 * `_posts/` without frontmatter as it is, as no post. So the content's
 * generator decides, read from the files that came with it: an Eleventy data
 * file (`posts.11tydata.js`, which sets the folder's layout, tags and
 * permalink) or configuration in the post's folder or a folder above it up
 * to the content folder, or Hugo's section page (`_index.md`) or
 * configuration. Jekyll's files (`_config.yml`) or none of these keep
 * Jekyll's rule: the file is left out, as it was.
 *
 * Asked only of a file without frontmatter: the folders are read then, once
 * each, and a blog whose posts all have frontmatter pays nothing.
 */
import { readdirSync } from "node:fs";
import { dirname } from "node:path";

export type UnfrontedDialect = "eleventy" | "hugo";

const ELEVENTY = /(?:\.11tydata\.(?:c?js|mjs|json)|^\.?eleventy(?:\.config)?\.(?:c?js|mjs|ts))$/;
const HUGO = /^(?:_index\.(?:md|markdown|html)|hugo\.(?:toml|ya?ml|json))$/;
const JEKYLL = /^(?:_config\.ya?ml|_includes)$/;
/** The content folder: site.yaml is in it. */
const SITE_FILE = "site.yaml";

/** Each folder's names, read once a process. */
const named = new Map<string, string[]>();

function namesIn(folder: string): string[] {
  let names = named.get(folder);
  if (!names) {
    try {
      names = readdirSync(folder);
    } catch {
      names = [];
    }
    named.set(folder, names);
  }
  return names;
}

/**
 * The generator whose content the file at `path` is, where that generator
 * publishes a file without frontmatter; undefined where it is Jekyll's, or
 * cannot be told (Jekyll's rule). The nearest folder that names one decides.
 */
export function unfrontedDialect(path: string): UnfrontedDialect | undefined {
  let folder = dirname(path);
  for (let depth = 0; depth < 32; depth++) {
    const names = namesIn(folder);
    if (names.some((name) => ELEVENTY.test(name))) return "eleventy";
    if (names.some((name) => HUGO.test(name))) return "hugo";
    if (names.includes(SITE_FILE) || names.some((name) => JEKYLL.test(name))) return undefined;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

/** The frontmatter-less text as a file with empty frontmatter: the lines it is read with, two more at its top. */
export const EMPTY_FRONTMATTER = "---\n---\n";

/**
 * The one warning of a post published without frontmatter: what it was
 * titled and dated by, as its generator published it, and the lines that say
 * so in the file. `title` as the file's first heading gave it or its name.
 */
export function unfrontedNotice(options: {
  dialect: UnfrontedDialect;
  title: string;
  titleFrom: "heading" | "name";
  day: string;
  dateFrom: string;
}): { message: string; hint: string } {
  const generator = options.dialect === "eleventy" ? "Eleventy" : "Hugo";
  const titled = options.titleFrom === "heading" ? "its first heading" : "its file's name";
  return {
    message: `no frontmatter: published as ${generator} publishes it, titled \`${options.title}\` by ${titled} and dated ${options.day}, ${options.dateFrom}`,
    hint: `start the file with these lines: \`---\`, \`title: ${JSON.stringify(options.title)}\`, \`date: ${options.day}\`, \`---\``,
  };
}

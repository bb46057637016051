/**
 * site.yaml: validated against its schema, then the languages read into one
 * list. `languages: [en, vi]` names them, the first the default; a site in
 * one language may write `language: en` instead, as site.yaml did before a
 * site could have several.
 */
import { SitegenError, SitegenErrors } from "../errors.ts";
import type { FindingKind } from "../policy.ts";
import { validateSite } from "../schemas/index.ts";
import { schemaErrors } from "./field-errors.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";
import { parseYaml } from "./yaml.ts";
import { canonicalTag } from "./languages.ts";
import type { Lang, SiteConfig, SiteRedirect } from "./types.ts";

/** site.yaml as written, before its languages are one list and its theme one mapping. */
type SiteFile = Omit<SiteConfig, "languages" | "redirects"> & {
  languages?: string[];
  language?: string;
  logo?: string;
  social_image?: string;
  redirects?: Record<string, string>;
};

/** Fields that moved into `theme:`: still read, each with a warning (pushed onto `warnings`). */
const MOVED_TO_THEME = ["logo", "social_image"] as const;

export function parseSite(text: string, file: string, warnings: SitegenError[] = []): SiteConfig {
  const parsed = parseYaml(text, file);
  if (!validateSite(parsed.data))
    throw new SitegenErrors(schemaErrors(validateSite.errors ?? [], parsed, file, text, undefined, "site"));
  const { language, languages, redirects, ...written } = parsed.data as SiteFile;
  const error = locatedError(parsed, file, text);
  const site = {
    ...movedToTheme(written, error, warnings),
    ...(redirects ? { redirects: redirectsOf(redirects, parsed) } : {}),
  };
  const listed = siteLanguages({ language, languages }, error);
  const ports = portErrors(written.security, error);
  if (ports.length > 0) throw new SitegenErrors(ports);
  // The index is read only through /mcp's search tool (the search page and the header's box ask it there), so
  // without /mcp the site would publish a search that finds nothing: a setting that cannot be met.
  if (site.search && !site.agents?.mcp)
    throw error(
      "`search` is on, but `agents.mcp` is not: the search page and the header's search box ask /mcp, which the site would not serve",
      ["search"],
      "turn `/mcp` on (`agents: { mcp: true }`), or `search` off",
      true,
    );
  // A locale for a language the site does not have would never be used: most likely a typo.
  // Pages look their locale up by their language as the site spells it, so a key must be spelled so too.
  const stray = Object.keys(site.locales ?? {}).filter((key) => !listed.includes(key));
  if (stray.length > 0)
    throw new SitegenErrors(
      stray.map((key) =>
        error(
          `\`locales\` names \`${key}\`, which is not one of the site's languages (${listed.join(", ")})`,
          ["locales", key],
          "key each locale by one of `languages`, spelled as there",
          true,
        ),
      ),
    );
  return { ...site, languages: listed };
}

/** `redirects:` as a list, each with its line, which a redirect the build leaves out is reported at. */
function redirectsOf(written: Record<string, string>, parsed: ParsedYaml): SiteRedirect[] {
  return Object.entries(written).map(([from, to]) => ({
    from,
    to,
    line: parsed.locateKey(["redirects", from])?.line,
  }));
}

/** A source's port, where it names one: `https://a.example:8443` is 8443. */
const PORT = /^(?:[a-z]+:\/\/)?[^/:]+:(\d+)(?:\/|$)/i;

/**
 * `security:` sources whose port is none (`https://a.example:99999`): the
 * schema holds a source to its form, which cannot count, and a browser
 * ignores such a source, so the page would block what the setting was
 * written to allow. A port is 1 to 65535 (RFC 6335 §6).
 */
function portErrors(
  security: Partial<Record<string, readonly string[]>> | undefined,
  error: LocatedError,
): SitegenError[] {
  return Object.entries(security ?? {}).flatMap(([directive, sources = []]) =>
    sources.flatMap((source, index) => {
      const port = PORT.exec(source)?.[1];
      if (port === undefined || (Number(port) >= 1 && Number(port) <= 65535)) return [];
      return [
        error(
          `\`security.${directive}\` names \`${source}\`, whose port ${port} is none: a port is 1 to 65535`,
          ["security", directive, index],
          "write the port the server listens on (`https://cdn.example:8443`), or none for https's own",
        ),
      ];
    }),
  );
}

/** `logo: x` as `theme: { logo: x }`; both at once is an error, as two values for one setting. */
function movedToTheme(
  written: Omit<SiteFile, "language" | "languages" | "redirects">,
  error: LocatedError,
  warnings: SitegenError[],
): Omit<SiteConfig, "languages" | "redirects"> {
  const { logo, social_image, ...site } = written;
  const theme = { ...site.theme };
  const old = { logo, social_image };
  for (const key of MOVED_TO_THEME) {
    if (old[key] === undefined) continue;
    if (theme[key] !== undefined)
      throw error(`both \`${key}\` and \`theme.${key}\` are set`, [key], `keep \`theme.${key}\``, true);
    theme[key] = old[key];
    warnings.push(
      error(
        `\`${key}\` is read as \`theme.${key}\``,
        [key],
        `move it into \`theme:\`, where the site's other settings of its looks are`,
        true,
        "moved-setting",
      ),
    );
  }
  return Object.keys(theme).length > 0 ? { ...site, theme } : site;
}

/**
 * An error at a setting of site.yaml found after it was read (a theme colour
 * against the templates' stylesheet, a file the build does not publish). A
 * setting still written at the top level (`logo:`) is found there.
 */
export function siteSettingError(
  site: { file: string; text: string },
  problem: { path: string[]; message: string; hint: string },
): SitegenError {
  const parsed = parseYaml(site.text, site.file);
  const at = parsed.locate(problem.path) ?? parsed.locate(problem.path.slice(-1));
  return new SitegenError("E_CONTENT", problem.message, {
    kind: "site",
    location: { file: site.file, line: at?.line, column: at?.column },
    sourceLine: at && site.text.split(/\r?\n/)[at.line - 1],
    hint: problem.hint,
  });
}

type LocatedError = (
  message: string,
  path: (string | number)[],
  hint: string,
  key?: boolean,
  kind?: FindingKind,
) => SitegenError;

function locatedError(parsed: ParsedYaml, file: string, text: string): LocatedError {
  return (message, path, hint, key = false, kind = "site") => {
    const at = key ? parsed.locateKey(path) : parsed.locate(path);
    return new SitegenError("E_CONTENT", message, {
      kind,
      location: { file, line: at?.line, column: at?.column },
      sourceLine: at && text.split(/\r?\n/)[at.line - 1],
      hint,
    });
  };
}

function siteLanguages(written: Pick<SiteFile, "language" | "languages">, error: LocatedError): Lang[] {
  if (written.language !== undefined && written.languages !== undefined) {
    throw error(
      "both `language` and `languages` are set",
      ["language"],
      "keep `languages`, the list of the site's languages with the default first, e.g. `languages: [en, de]`",
      true,
    );
  }
  if (written.language === undefined && written.languages === undefined) {
    throw error(
      "missing required field `languages`",
      [],
      "name the site's languages, the default first, e.g. `languages: [en]` or `languages: [en, de]`",
    );
  }
  const listed = written.languages ?? [written.language!];
  const path = (index: number) => (written.languages ? ["languages", index] : ["language"]);
  const errors: SitegenError[] = [];
  const languages: Lang[] = [];
  listed.forEach((tag, index) => {
    const canonical = canonicalTag(tag);
    if (canonical === undefined)
      errors.push(
        error(
          `\`${tag}\` is not a language tag`,
          path(index),
          "write a BCP 47 language tag such as `en`, `de`, `vi` or `pt-BR`",
        ),
      );
    else if (languages.some((language) => language.toLowerCase() === canonical.toLowerCase()))
      errors.push(error(`\`${tag}\` is listed twice`, path(index), "list each language once"));
    else languages.push(canonical);
  });
  if (errors.length > 0) throw new SitegenErrors(errors);
  return languages;
}

/**
 * The colours of site.yaml's `theme:` in the stylesheet. The templates'
 * `assets/site.css` colours links and highlights with `var(--accent)`; a site
 * that sets `theme.accent` gets that stylesheet with one rule more at its end,
 * which sets `--accent` for the light scheme and, inside
 * `@media (prefers-color-scheme: dark)`, for the dark one. Nothing else of the
 * build changes, so a site's colour needs no template edit.
 *
 * Each accent is text on its scheme's background, so it must meet WCAG 2.2's
 * AA contrast (SC 1.4.3, 4.5:1). The backgrounds are the stylesheet's own
 * `--background` in each scheme, so a theme that changes its background is
 * checked against it. No single colour meets 4.5:1 on both a white and a
 * near-black background, so where `theme.accent_dark` is absent the dark
 * scheme's accent is the light one lightened (in OKLCH, keeping its hue) until
 * it meets AA on the dark background.
 *
 * culori parses every CSS colour syntax and computes the contrast; it is
 * loaded only by a site that sets an accent, so no other build pays for it.
 */
import type { SiteTheme } from "../../content/site-settings.ts";

/** WCAG 2.2 SC 1.4.3: text at least 4.5:1 against its background. */
export const AA_CONTRAST = 4.5;

/** A background a stylesheet that declares none is read against: the browser's own. */
const DEFAULT_LIGHT_BACKGROUND = "#ffffff";

/** A setting of `theme:` that cannot be used, by its path in site.yaml. */
export interface ThemeProblem {
  path: ["theme", keyof SiteTheme];
  message: string;
  hint: string;
}

export interface ThemedStylesheet {
  /** The stylesheet with the theme's rule appended; as it was where the theme sets no accent. */
  css: string;
  problems: ThemeProblem[];
}

/** The stylesheet `stylesheet` with `theme`'s accents, or the problems that keep them out. */
export async function themeStylesheet(
  theme: SiteTheme | undefined,
  stylesheet: string,
): Promise<ThemedStylesheet> {
  if (theme?.accent === undefined && theme?.accent_dark === undefined)
    return { css: stylesheet, problems: [] };
  const colour = await import("./colour.ts");
  const backgrounds = schemeBackgrounds(stylesheet);
  const problems: ThemeProblem[] = [];
  const read = (
    key: "accent" | "accent_dark",
    background: string | undefined,
    scheme: string,
  ): string | undefined => {
    const written = theme[key];
    if (written === undefined) return undefined;
    const parsed = colour.parseColour(written);
    if ("reason" in parsed) {
      problems.push({
        path: ["theme", key],
        message: `\`${written}\` cannot be an accent: ${parsed.reason}`,
        hint: "write a CSS colour such as `#1a5fb4`, `rgb(26 95 180)`, `hsl(213 75% 40%)` or `oklch(50% 0.15 255)`",
      });
      return undefined;
    }
    if (background === undefined) return parsed.hex;
    const ratio = colour.contrast(parsed.hex, background);
    // A background culori cannot read (a `var()`, a system colour) cannot be checked against.
    if (Number.isNaN(ratio)) return parsed.hex;
    if (ratio < AA_CONTRAST) {
      const nearest = colour.nearestPassing(parsed.hex, background, AA_CONTRAST);
      const instead = nearest
        ? `the nearest shade that does, its hue kept, is \`${nearest}\` (${formatRatio(colour.contrast(nearest, background))})`
        : `no shade of its hue reaches ${AA_CONTRAST}:1 on this background`;
      const other = key === "accent" ? "; the dark scheme has its own, `theme.accent_dark`" : "";
      problems.push({
        path: ["theme", key],
        message: `\`${written}\` has a contrast of ${formatRatio(ratio)} against the ${scheme} scheme's background ${background}, below WCAG AA's ${AA_CONTRAST}:1`,
        hint: `${instead}${other}`,
      });
    }
    return parsed.hex;
  };
  const light = read("accent", backgrounds.light, "light");
  const dark =
    read("accent_dark", backgrounds.dark, "dark") ??
    (light && backgrounds.dark !== undefined
      ? colour.lightenUntil(light, backgrounds.dark, AA_CONTRAST)
      : undefined);
  if (problems.length > 0) return { css: stylesheet, problems };
  return { css: stylesheet + themeRule(light, backgrounds.dark === undefined ? undefined : dark), problems };
}

/**
 * The rule appended to the stylesheet: later in the sheet, it wins over the
 * theme's own `--accent`. On screens only, so a print stylesheet keeps its own.
 */
function themeRule(light: string | undefined, dark: string | undefined): string {
  let rule = "\n/* theme.accent and theme.accent_dark of site.yaml */\n";
  if (light !== undefined) rule += `@media screen { :root { --accent: ${light}; } }\n`;
  // A scheme the reader chose (`theme.scheme_toggle`: data-scheme on the root) wins over the system's.
  if (dark !== undefined)
    rule += `@media screen and (prefers-color-scheme: dark) { :root:not([data-scheme="light"]) { --accent: ${dark}; } }\n@media screen { :root[data-scheme="dark"] { --accent: ${dark}; } }\n`;
  return rule;
}

/** 4.478… → "4.47:1": cut, not rounded, so a ratio just below 4.5 never reads as 4.5. */
function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * The `--background` a stylesheet declares for each scheme: the dark one
 * inside `@media (prefers-color-scheme: dark)`, the light one outside it. A
 * stylesheet with no dark background has no dark scheme to check.
 */
export function schemeBackgrounds(stylesheet: string): { light: string; dark?: string } {
  const darkBlocks: string[] = [];
  let outside = "";
  let at = 0;
  for (const match of stylesheet.matchAll(/@media[^{]*prefers-color-scheme\s*:\s*dark[^{]*\{/g)) {
    if (match.index < at) continue;
    const end = closingBrace(stylesheet, match.index + match[0].length);
    outside += stylesheet.slice(at, match.index);
    darkBlocks.push(stylesheet.slice(match.index, end));
    at = end;
  }
  outside += stylesheet.slice(at);
  const declared = (text: string) =>
    /--background\s*:\s*([^;}]+)/.exec(text.replace(/\/\*[\s\S]*?\*\//g, ""))?.[1].trim();
  return {
    light: declared(outside) ?? DEFAULT_LIGHT_BACKGROUND,
    dark: darkBlocks.map(declared).find((value) => value !== undefined),
  };
}

/** The index just past the `}` that closes a block whose `{` ends just before `from`. */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index++) {
    if (text[index] === "{") depth++;
    else if (text[index] === "}" && --depth === 0) return index + 1;
  }
  return text.length;
}

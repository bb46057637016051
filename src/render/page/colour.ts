/**
 * CSS colours for theme.ts: parsed, compared and lightened with culori
 * (https://culorijs.org). Only the colour spaces CSS Color 4 writes are
 * registered, through culori's tree-shakeable entry.
 */
import {
  clampChroma,
  formatHex,
  modeHsl,
  modeHwb,
  modeLab,
  modeLch,
  modeLrgb,
  modeOklab,
  modeOklch,
  modeRgb,
  parse,
  useMode,
  wcagContrast,
  type Color,
} from "culori/fn";

for (const mode of [modeRgb, modeLrgb, modeHsl, modeHwb, modeLab, modeLch, modeOklab]) useMode(mode);
const toOklch = useMode(modeOklch);

/** `written` as `#rrggbb` (in sRGB's gamut, as contrast is measured), or why it cannot be an accent. */
export function parseColour(written: string): { hex: string } | { reason: string } {
  const colour = parse(written);
  if (colour === undefined) return { reason: "not a colour CSS Color 4 writes" };
  if (colour.alpha !== undefined && colour.alpha < 1)
    return { reason: "it is translucent, so its contrast depends on what is behind it" };
  return { hex: formatHex(clampChroma(colour, "oklch")) };
}

/** WCAG 2.2's contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}

/** `colour` made lighter in steps of 1 % of OKLCH lightness, hue kept, until it meets `ratio` against `background`. */
export function lightenUntil(colour: string, background: string, ratio: number): string {
  return shiftedUntil(colour, background, ratio, 0.01) ?? "#ffffff";
}

/**
 * The shade of `colour` nearest to it that meets `ratio` against
 * `background`: lighter or darker in steps of 0.1 % of OKLCH lightness, its
 * hue kept, whichever is the fewer steps away (a suggestion in an error
 * message: the fine steps cost nothing that matters). Undefined when neither is.
 */
export function nearestPassing(colour: string, background: string, ratio: number): string | undefined {
  const start = toOklch(parse(colour) as Color).l;
  const shades = [
    shiftedUntil(colour, background, ratio, -0.001),
    shiftedUntil(colour, background, ratio, 0.001),
  ].filter((shade): shade is string => shade !== undefined);
  const distance = (shade: string) => Math.abs(toOklch(parse(shade) as Color).l - start);
  return shades.sort((a, b) => distance(a) - distance(b))[0];
}

/** The first shade of `colour`, `step` of OKLCH lightness at a time (darker when negative), that meets `ratio` against `background`. */
function shiftedUntil(colour: string, background: string, ratio: number, step: number): string | undefined {
  const start = toOklch(parse(colour) as Color);
  for (let lightness = start.l; lightness <= 1 && lightness >= 0; lightness += step) {
    const candidate = formatHex(clampChroma({ ...start, l: lightness }, "oklch"));
    if (wcagContrast(candidate, background) >= ratio) return candidate;
  }
  return undefined;
}

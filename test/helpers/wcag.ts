/**
 * WCAG 2.x's contrast ratio, computed here from the standard's own
 * definitions rather than by the code under test (src/render/page/colour.ts uses
 * culori): the oracle the tests hold colours to. Only `#rgb` and `#rrggbb`.
 *
 * - relative luminance: L = 0.2126 R + 0.7152 G + 0.0722 B, each channel
 *   linearised as c / 12.92 for c ≤ 0.03928, else ((c + 0.055) / 1.055)^2.4
 *   (WCAG 2.2, "relative luminance");
 * - contrast ratio: (L1 + 0.05) / (L2 + 0.05), L1 the lighter (WCAG 2.2,
 *   "contrast ratio"), from 1 to 21.
 */

/** Ratios published for these pairs (WebAIM's contrast checker, and the 21:1 of WCAG's definition), which the computation below must give to two decimals. */
export const PUBLISHED_RATIOS: readonly [foreground: string, background: string, ratio: number][] = [
  ["#000000", "#ffffff", 21],
  ["#595959", "#ffffff", 7.0],
  ["#767676", "#ffffff", 4.54],
  ["#777777", "#ffffff", 4.48],
  ["#ffffff", "#ffffff", 1],
];

function channels(colour: string): [number, number, number] {
  const hex = /^#[0-9a-f]{3}$/i.test(colour)
    ? `#${[...colour.slice(1)].map((digit) => digit + digit).join("")}`
    : colour;
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
}

export function relativeLuminance(colour: string): number {
  const [r, g, b] = channels(colour).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

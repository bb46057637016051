/**
 * The outputs and tags of a Jekyll site's Liquid, each up to the first
 * closer as Ruby's Liquid reads it, outside `{% raw %}` and `{% comment %}`
 * blocks, whose text is no Liquid: what the readings of Ruby's lenient
 * Liquid look through (liquid-filter-commas.ts, liquid-string-backslashes.ts).
 */

export interface LiquidMarkup {
  /** The output or tag as written, its braces and whitespace control too. */
  written: string;
  /** Where it starts in the text. */
  index: number;
  /** An output's markup, `x | upcase` of `{{ x | upcase }}`. */
  output?: string;
  /** A tag's markup, `assign x = "a"` of `{% assign x = "a" %}`, and its name. */
  tag?: string;
  name?: string;
}

/** An output or a tag, whitespace control and all: its output's or its tag's markup. */
const MARKUP = /\{(?:\{-?([\s\S]*?)-?\}\}|%-?([\s\S]*?)-?%\})/g;

/** Each output and tag of `text` that Liquid reads, in order. */
export function* liquidMarkups(text: string): Generator<LiquidMarkup> {
  let verbatim: string | undefined;
  for (const markup of text.matchAll(MARKUP)) {
    const [written, output, tag] = markup;
    const name = /^\s*(\w+)/.exec(tag ?? "")?.[1];
    if (verbatim !== undefined) {
      if (name === `end${verbatim}`) verbatim = undefined;
      continue;
    }
    if (name === "raw" || name === "comment") {
      verbatim = name;
      continue;
    }
    yield { written, index: markup.index, output, tag, name };
  }
}

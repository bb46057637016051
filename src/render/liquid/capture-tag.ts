import type { Liquid, Parser, Tag, TagToken, TopLevelToken } from "liquidjs";

/** Ruby Liquid's `Capture::Syntax`: the first run of a variable's characters anywhere in the tag's markup. */
const RUBY_CAPTURE_NAME = /(?:\(?[\w\-.[\]]\)?)+/;

/** A tag class as LiquidJS registers one: its `render` is the built-in capture's own. */
type TagClass = new (
  token: TagToken,
  remain: TopLevelToken[],
  liquid: Liquid,
  parser: Parser,
) => Tag & { render: Tag["render"] };

/**
 * `{% capture %}` as Jekyll's Liquid reads its name: the first run of a
 * variable's characters in the markup, wherever it starts. A theme writes
 * `{% capture /dev/null %}` to run a block for its assignments and show
 * nothing of it (Jekyll captures it into `dev`); LiquidJS wants the name
 * first, and without this the include that holds one (a download page's
 * whole table) could not run at all. A name LiquidJS reads is read as before.
 */
export function laxCapture(Capture: TagClass): TagClass {
  return class extends Capture {
    readVariable(): { content: string } {
      const { tokenizer } = this as unknown as { tokenizer: Tokenizer };
      const start = tokenizer.p;
      const named = tokenizer.readIdentifier();
      if (named.content) return named;
      tokenizer.p = start;
      const markup = tokenizer.input.slice(start, tokenizer.N);
      const found = RUBY_CAPTURE_NAME.exec(markup);
      if (found) {
        tokenizer.p = start + found.index;
        const ruby = tokenizer.readIdentifier();
        if (ruby.content) return ruby;
        tokenizer.p = start;
      }
      return (Capture.prototype as unknown as { readVariable(): { content: string } }).readVariable.call(
        this,
      );
    }
  };
}

/** What of LiquidJS's tokenizer of a tag's markup the name is read with. */
interface Tokenizer {
  input: string;
  p: number;
  N: number;
  readIdentifier(): { content: string };
}

/**
 * Eleventy's JavaScript frontmatter (`---js`) when it only writes values:
 * an object literal (`{ title: "A post" }`), or declarations of names with
 * literal values (`const title = "A post";`), which Eleventy's own starter
 * blog uses. Those are read as data, with nothing run: the text is scanned
 * as literals (strings without `${…}`, numbers, `true`, `false`, `null`,
 * arrays and objects of them, comments), and anything else (a call, an
 * operator, a function, a name) makes it code, which sitegen never runs
 * (undefined).
 */

/** The fields the block writes, with the 1-based line of each within it; undefined when it is code. */
export function jsLiterals(
  text: string,
): { data: Record<string, unknown>; lines: Record<string, number> } | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.skip();
    if (scanner.peek() === "{") {
      const start = scanner.line();
      const data = scanner.value();
      scanner.skip();
      if (!scanner.done() || typeof data !== "object" || data === null || Array.isArray(data))
        return undefined;
      return {
        data: data as Record<string, unknown>,
        lines: Object.fromEntries(Object.keys(data).map((key) => [key, start])),
      };
    }
    const data: Record<string, unknown> = {};
    const lines: Record<string, number> = {};
    while (!scanner.done()) {
      scanner.keyword("export");
      if (!scanner.keyword("const") && !scanner.keyword("let") && !scanner.keyword("var")) return undefined;
      const line = scanner.line();
      const name = scanner.identifier();
      scanner.expect("=");
      data[name] = scanner.value();
      lines[name] = line;
      scanner.skip();
      if (scanner.peek() === ";") scanner.next();
      scanner.skip();
    }
    return { data, lines };
  } catch (error) {
    if (error instanceof NotLiteral) return undefined;
    throw error;
  }
}

class NotLiteral extends Error {}

class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    this.skip();
    return this.at >= this.text.length;
  }

  peek(): string {
    return this.text[this.at];
  }

  next(): string {
    return this.text[this.at++];
  }

  line(): number {
    return this.text.slice(0, this.at).split("\n").length;
  }

  /** Whitespace and comments. */
  skip(): void {
    for (;;) {
      const rest = this.text.slice(this.at);
      const space = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
      if (!space) return;
      this.at += space[0].length;
    }
  }

  keyword(word: string): boolean {
    this.skip();
    if (!new RegExp(`^${word}\\b`).test(this.text.slice(this.at))) return false;
    this.at += word.length;
    return true;
  }

  identifier(): string {
    this.skip();
    const match = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at));
    if (!match) throw new NotLiteral();
    this.at += match[0].length;
    return match[0];
  }

  expect(char: string): void {
    this.skip();
    if (this.next() !== char) throw new NotLiteral();
  }

  value(): unknown {
    this.skip();
    const char = this.peek();
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    if (char === '"' || char === "'" || char === "`") return this.string();
    const rest = this.text.slice(this.at);
    const word = /^(?:true|false|null|undefined)\b/.exec(rest);
    if (word) {
      this.at += word[0].length;
      return word[0] === "true" ? true : word[0] === "false" ? false : null;
    }
    const number = /^-?(?:\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+)/i.exec(rest);
    if (number && !/^[\w$]/.test(rest.slice(number[0].length))) {
      this.at += number[0].length;
      return Number(number[0].replace(/_/g, ""));
    }
    throw new NotLiteral();
  }

  private object(): Record<string, unknown> {
    this.expect("{");
    const object: Record<string, unknown> = {};
    for (;;) {
      this.skip();
      if (this.peek() === "}") break;
      const char = this.peek();
      const key = char === '"' || char === "'" ? this.string() : this.identifier();
      this.expect(":");
      object[key] = this.value();
      this.skip();
      if (this.peek() === ",") this.next();
      else if (this.peek() !== "}") throw new NotLiteral();
    }
    this.next();
    return object;
  }

  private array(): unknown[] {
    this.expect("[");
    const items: unknown[] = [];
    for (;;) {
      this.skip();
      if (this.peek() === "]") break;
      items.push(this.value());
      this.skip();
      if (this.peek() === ",") this.next();
      else if (this.peek() !== "]") throw new NotLiteral();
    }
    this.next();
    return items;
  }

  private string(): string {
    const quote = this.next();
    let value = "";
    for (;;) {
      const char = this.next();
      if (char === undefined || (char === "\n" && quote !== "`")) throw new NotLiteral();
      if (char === quote) return value;
      if (quote === "`" && char === "$" && this.peek() === "{") throw new NotLiteral();
      if (char === "\\") {
        const escaped = this.next();
        value += ({ n: "\n", t: "\t", r: "\r", "0": "\0" } as Record<string, string>)[escaped] ?? escaped;
      } else value += char;
    }
  }
}

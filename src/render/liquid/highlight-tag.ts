import {
  Tag,
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  type TagToken,
  type Template,
  type TopLevelToken,
} from "liquidjs";

/**
 * `{% highlight ruby %}` … `{% endhighlight %}`: what it holds run as Liquid,
 * as Jekyll's block does, then written as a fence of its language (`ruby`;
 * `linenos` and the like are Jekyll's page dressing), so that the page and
 * its Markdown show code, not tags. A block whose tags do not stand on lines
 * of their own keeps them, which the page shows as text, as before Liquid ran.
 */
export class Highlight extends Tag {
  private templates: Template[] = [];
  private close = "{% endhighlight %}";
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    while (remain.length > 0) {
      const next = remain.shift()!;
      if ("name" in next && next.name === "endhighlight") {
        this.close = next.getText();
        return;
      }
      this.templates.push(parser.parseToken(next, remain));
    }
    throw new Error(`tag ${token.getText()} not closed`);
  }
  *render(context: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const code = (yield this.liquid.renderer.renderTemplates(this.templates, context)) as string;
    const { input, begin } = this.token;
    // The opening tag's indent, where it starts its line: a block in a list item is indented with it, and so is its closing fence.
    const indent = /(?:^|\n)([ \t]*)$/.exec(input.slice(0, begin))?.[1];
    if (indent === undefined || !code.startsWith("\n") || !/\n[ \t]*$/.test(code))
      return void emitter.write(`${this.token.getText()}${code}${this.close}`);
    const language = /^\s*(\S+)/.exec(this.token.args)?.[1] ?? "";
    const ticks = "`".repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((run) => run[0].length + 1)));
    emitter.write(`${ticks}${language}\n${code.slice(1).replace(/\n[ \t]*$/, "")}\n${indent}${ticks}`);
  }
}

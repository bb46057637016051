/**
 * What the content fuzz (content.ts) writes into a site: seeded frontmatter
 * in YAML, TOML and JSON, bodies, hostile but valid fields, links out of the
 * tree and binary files, each input the same for the same seed. The
 * hostile strings the fields and bodies are made of are hostile-text.ts's.
 */
import { join } from "node:path";
import { CONTROL, picker, text, type Next } from "./hostile-text.ts";

/** One input: files to write under the site's folder (by path from it), and links to make. */
export interface Input {
  label: string;
  files: Record<string, string | Buffer>;
  links: [path: string, target: string][];
  /** Files to make this large without writing their bytes. */
  sparse: [path: string, bytes: number][];
  /** A change to the starter's site.yaml: a field set to a value, or text added at its end. */
  siteYaml?: { set: [field: string, value: string] } | { append: string };
  bytes: number;
}

/** A YAML scalar for `value`, quoted as the roll says: plain, double-quoted with escapes, single-quoted, or a block. */
function yamlScalar(next: Next, value: string): string {
  const roll = next();
  if (roll < 0.6) return JSON.stringify(value);
  if (roll < 0.85) return `|\n  ${value.split("\n").join("\n  ")}`;
  if (roll < 0.95) return `'${value.replace(/'/g, "''")}'`;
  return value;
}

function date(next: Next): string {
  return picker(next)([
    "2025-03-04",
    "2026-11-30T10:00:00Z",
    "2025-02-29",
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "2025-13-45",
    "2025-03-04 10:00:00 +0100",
    "2025-03-04T25:00:00Z",
    "yesterday",
    "",
    "2025-03-04T10:00:00+23:59",
    "1969-12-31",
  ]);
}

/** A frontmatter value nested `depth` deep: lists and mappings of scalars. */
function nested(next: Next, depth: number, max: number): unknown {
  if (depth <= 0) return text(next, max);
  return next() < 0.5 ? [nested(next, depth - 1, max)] : { [`k${depth}`]: nested(next, depth - 1, max) };
}

/** Frontmatter of one kind, with sitegen's fields (or some of them), random others, and perhaps an attack. */
function frontmatter(next: Next, max: number, kind: "post" | "page"): string {
  const pick = picker(next);
  const fields: [string, string][] = [];
  if (next() < 0.97) fields.push(["title", text(next, max)]);
  if (next() < 0.85) fields.push(["description", text(next, max)]);
  if (next() < 0.95)
    fields.push([kind === "post" ? "date" : "updated", next() < 0.6 ? "2025-03-04" : date(next)]);
  if (next() < 0.2) fields.push(["slug", text(next, 40)]);
  if (next() < 0.3)
    fields.push(["tags", next() < 0.6 ? pick(["kafka", "a, b", "event-sourcing"]) : text(next, 40)]);
  if (next() < 0.2) fields.push(["lang", pick(["en", "vi", "xx", "en-US", "", "de"])]);
  if (next() < 0.2) fields.push(["status", pick(["published", "draft", "retired", "maybe"])]);
  if (next() < 0.2) fields.push(["author", text(next, 60)]);
  const language = next();
  if (language < 0.15) {
    // TOML, as Hugo writes it; sometimes a dotted key far too deep.
    const lines = fields.map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
    if (next() < 0.15)
      lines.push(`${Array.from({ length: 1 + Math.floor(next() * 200) }, (_, i) => `k${i}`).join(".")} = 1`);
    if (next() < 0.1)
      lines.push(
        `x = ${"[".repeat(1 + Math.floor(next() * 200))}${"]".repeat(1 + Math.floor(next() * 200))}`,
      );
    return `+++\n${lines.join("\n")}\n+++\n`;
  }
  if (language < 0.25)
    return `---json\n${JSON.stringify(Object.fromEntries(fields.map(([key, value]) => [key, key === "title" ? value : next() < 0.5 ? value : nested(next, Math.floor(next() * 100), 20)])))}\n---\n`;
  if (language < 0.27) return "---js\nmodule.exports = { title: 'x' };\n---\n";
  const lines = fields.map(([key, value]) => `${key}: ${yamlScalar(next, value)}`);
  const attacks = [
    () =>
      lines.push(
        "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]",
        ..."bcdefg"
          .split("")
          .map((name, i) => `${name}: &${name} [${Array(9).fill(`*${"abcdefg"[i]}`).join(", ")}]`),
      ),
    () =>
      lines.push(`deep: ${"[".repeat(Math.floor(next() * 5000))}${"]".repeat(Math.floor(next() * 5000))}`),
    () => lines.push(...Array.from({ length: Math.floor(next() * 2000) }, (_, i) => `key${i % 1500}: ${i}`)),
    () => lines.push(`${text(next, max)}: value`),
    () =>
      lines.push(
        `aliases: ${JSON.stringify([pick(["/%2e%2e/x/", "/c%2B%2B-tips/", "/_sitegen/x/", "/index.html", "//evil.example/", "/a\r\nb/", "/%ZZ/", "/ok/"])])}`,
      ),
    () => lines.push("\tindented: with a tab"),
    () => lines.push(`title: ${JSON.stringify(text(next, max))}`),
    () => lines.push(`params: ${JSON.stringify(nested(next, Math.floor(next() * 200), 10))}`),
    () => lines.push(`unclosed: "${text(next, 50)}`),
  ];
  if (next() < 0.4) pick(attacks)();
  const closed = next() < 0.98;
  return `${next() < 0.05 ? "\ufeff" : ""}---\n${lines.join("\n")}\n${closed ? "---\n" : ""}`;
}

/**
 * A post or page that must build: sitegen's fields well formed, but their
 * strings hostile (control characters, injections, unicode), and a body of
 * what a build takes with at most a warning (HTML, template tags, emphasis
 * storms, deep quotes and lists, brackets, links elsewhere): what its
 * escaping and its XML and JSON writers must carry through intact.
 */
function validButHostile(next: Next, max: number, kind: "post" | "page"): string {
  const pick = picker(next);
  const fields = [
    `title: ${JSON.stringify(text(next, max) || "x")}`,
    `description: ${JSON.stringify(text(next, max) || "x")}`,
    `${kind === "post" ? "date" : "updated"}: 2025-03-04`,
  ];
  if (next() < 0.3) fields.push(`author: ${JSON.stringify(text(next, 60) || "x")}`);
  if (next() < 0.3)
    fields.push(
      `aliases: [${JSON.stringify(pick(["/c%2B%2B-tips/", "/a%2Cb/", "/old/post.html", "/caf%C3%A9/", "/x[1]/"]))}]`,
    );
  const blocks = [
    () => `${text(next, max)}\n`,
    () => `## ${text(next, 80)}\n`,
    () => `<div onclick="x">${text(next, 40)}</div>\n`,
    () => `{{ page.title }} {{< shortcode >}}\n`,
    () => `${"> ".repeat(1 + Math.floor(next() * 300))}deep quote\n`,
    () =>
      `${Array.from({ length: Math.floor(next() * 100) }, (_, i) => `${"  ".repeat(i)}- item`).join("\n")}\n`,
    () => `${"*".repeat(Math.floor(next() * 3000))}x${"_".repeat(Math.floor(next() * 3000))}\n`,
    () => `${"[".repeat(Math.floor(next() * 2000))}${"]".repeat(Math.floor(next() * 2000))}\n`,
    // A lone surrogate (text's control characters hold one) has no UTF-8 to percent-encode: encodeURIComponent throws on it.
    () =>
      `[elsewhere](https://example.com/${encodeURIComponent(text(next, 20).replace(/\p{Surrogate}/gu, "\ufffd"))})\n`,
    () => `\`\`\`${pick(["js", "", "nope"])}\n${text(next, max)}\n\`\`\`\n`,
  ];
  return `---\n${fields.join("\n")}\n---\n\n${text(next, 200) || "First paragraph."}\n\n${Array.from({ length: Math.floor(next() * 6) }, () => pick(blocks)()).join("\n")}`;
}

/** A Markdown body of random blocks, hostile ones among them. */
function body(next: Next, max: number): string {
  const pick = picker(next);
  const blocks = [
    () => `${text(next, max)}\n`,
    () => `${text(next, max)}\n`,
    () => `## ${text(next, 80)}\n`,
    () => `## ${text(next, 80)}\n`,
    () => `${next() < 0.2 ? "#" : "###"} ${text(next, 80)}\n`,
    () =>
      `[a link](${pick(["/nope/", "/about/", "https://example.com", "javascript:alert(1)", "data:text/html,x", "/blog/", "#frag", "https://example.com/a(b)", "/about/#x"])})\n`,
    () =>
      `![an image](${pick(["/missing.png", "https://example.com/x.png", "/favicon.ico", "https://example.com/y.svg"])})\n`,
    () => `<div onclick="x">${text(next, 40)}</div>\n<script>alert(1)</script>\n`,
    () => `\`\`\`${pick(["js", "", "nope", "html"])}\n${text(next, max)}\n${next() < 0.7 ? "```\n" : ""}`,
    () => `${"> ".repeat(1 + Math.floor(next() * 500))}deep quote\n`,
    () =>
      `${Array.from({ length: Math.floor(next() * 300) }, (_, i) => `${"  ".repeat(i)}- item`).join("\n")}\n`,
    () => `${"*".repeat(Math.floor(next() * 5000))}x${"_".repeat(Math.floor(next() * 5000))}\n`,
    () => `{{ page.title }} {% raw %}x{% endraw %} {{< shortcode >}}\n`,
    () => `| a | b |\n|---|---|\n| ${text(next, 40)} | ${text(next, 40)} |\n`,
    () => `[ref]: https://evil.example\n\n[x][ref]\n`,
    () => `${pick(CONTROL)}${text(next, 40)}${pick(CONTROL)}\n`,
    () => `${"[".repeat(Math.floor(next() * 3000))}${"]".repeat(Math.floor(next() * 3000))}\n`,
    () => `Footnote[^1].\n\n[^1]: ${text(next, 60)}\n`,
  ];
  return Array.from({ length: Math.floor(next() * 8) }, () => pick(blocks)()).join("\n");
}

/** One input of the run: the roll picks a post, a page, a site.yaml, or the tree itself. */
export function input(next: Next, index: number, max: number, canary: string): Input {
  const pick = picker(next);
  const made: Input = { label: "", files: {}, links: [], sparse: [], bytes: 0 };
  const roll = next();
  const markdown = (kind: "post" | "page") =>
    next() < 0.45 ? validButHostile(next, max, kind) : `${frontmatter(next, max, kind)}\n${body(next, max)}`;
  if (roll < 0.55) {
    made.label = `post #${index}`;
    made.files[
      `content/blog/${pick(["fuzz.md", "2025-01-01-fuzz.md", "Fuzz Post.md", "fuzz.markdown", "fuzz/index.md"])}`
    ] = markdown("post");
  } else if (roll < 0.7) {
    made.label = `page #${index}`;
    made.files[`content/pages/${pick(["fuzz", "about", "index", "fuzz", "Bad Name", "blog"])}.md`] =
      markdown("page");
  } else if (roll < 0.8) {
    made.label = `site.yaml #${index}`;
    // A field of the starter's site.yaml set to a hostile value, or an alias bomb added at its end.
    made.siteYaml =
      next() < 0.15
        ? {
            append:
              "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
          }
        : {
            set: [
              pick(["name", "name", "summary", "summary", "base_url", "languages", "when_to_use"]),
              text(next, max),
            ],
          };
  } else {
    made.label = `tree #${index}`;
    const tree = [
      () => made.links.push(["content/blog/linked.md", join(canary, "secret.md")]),
      () => made.links.push(["content/static", canary]),
      () => made.links.push(["content/pages/linked.md", join(canary, "secret.md")]),
      () => {
        made.files["content/blog/looped/index.md"] =
          "---\ntitle: Looped\ndescription: A loop.\ndate: 2025-01-01\n---\n\nText.\n";
        made.links.push(["content/blog/looped/again", "."]);
      },
      () =>
        (made.files["content/blog/binary.md"] = Buffer.from(
          Array.from({ length: 2048 }, () => Math.floor(next() * 256)),
        )),
      () => made.sparse.push(["content/static/huge.png", 21 * 1024 * 1024 + Math.floor(next() * 1024)]),
      () => {
        made.files["content/blog/bundle/index.md"] =
          "---\ntitle: Bundle\ndescription: A bundle.\ndate: 2025-01-01\n---\n\n![x](x.png)\n";
        made.links.push(["content/blog/bundle/x.png", join(canary, "secret.png")]);
      },
    ];
    pick(tree)();
  }
  made.bytes =
    Object.values(made.files).reduce((sum, file) => sum + Buffer.byteLength(file), 0) +
    (made.siteYaml ? Buffer.byteLength(JSON.stringify(made.siteYaml)) : 0);
  return made;
}

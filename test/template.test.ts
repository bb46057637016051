/**
 * The template engine reads tags exactly: `{{name}}` escapes, `{{{name}}}`
 * inserts as it is, and a tag whose braces do not match is a located error,
 * never a guess that turns escaping off or eats a brace.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { SitegenError } from "../src/errors.ts";
import { TemplateSet } from "../src/render/page/template.ts";

function render(source: string, context: object = { name: "<b>&</b>" }): string {
  return new TemplateSet(new Map([["t.html", source]])).render("t.html", context);
}

function rejects(source: string, message: RegExp, column: number): void {
  assert.throws(
    () => render(source),
    (error: unknown) => {
      assert.ok(error instanceof SitegenError, String(error));
      assert.equal(error.code, "E_TEMPLATE");
      assert.match(error.message, message);
      assert.deepEqual(error.location, { file: "templates/t.html", line: 2, column });
      assert.equal(error.sourceLine, source.split("\n")[1]);
      return true;
    },
  );
}

test("{{name}} escapes and {{{name}}} does not", () => {
  assert.equal(render("{{name}} {{{name}}}"), "&lt;b&gt;&amp;&lt;/b&gt; <b>&</b>");
});

test("three braces open and two close: an error at the tag, not raw HTML", () => {
  rejects("<p>\n  <p>{{{name}}</p>", /opens with 3 braces and closes with 2/, 6);
});

test("two braces open and three close: an error at the tag, not a swallowed brace", () => {
  rejects("<p>\n{{name}}}", /opens with 2 braces and closes with 3/, 1);
});

test("a section or partial cannot be raw", () => {
  rejects("x\n{{{#name}}}{{/name}}", /only a name can be inserted raw/, 1);
});

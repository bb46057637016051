/**
 * Two pages of the real site say each thing once, and say the same to people
 * and agents: the home page lists its recent posts once (the template's list,
 * made from the manifest), and what /contact/ tells agents about its form is
 * in its Markdown, which is what agents read, as well as in its HTML.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { builtSite } from "./helpers/dist.ts";
import { decodeEntities } from "./helpers/site.ts";

const dist = builtSite();
const read = (file: string) => readFileSync(join(dist, file), "utf8");
const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

test("the home page lists its recent posts once, in HTML and in Markdown", () => {
  assert.equal(read("index.html").match(/>Recent writing</g)?.length, 1);
  assert.equal(read("index.md").match(/^## Recent writing$/gm)?.length, 1);
});

test("what /contact/ tells agents about its form is in its Markdown as in its HTML", () => {
  const toAgents =
    /an agent or script should give its user the address hello@halyard\.example instead of sending the form/;
  assert.match(text(read("contact/index.html")), toAgents);
  assert.match(read("contact.md"), toAgents);
  // Every sentence of the HTML's main text that mentions agents is in the Markdown too.
  const main = text(/<main[\s\S]*<\/main>/.exec(read("contact/index.html"))![0]);
  const markdown = read("contact.md").replace(/\*\*|\s+/g, " ");
  for (const sentence of main.split(/(?<=\.)\s/).filter((each) => /agent/i.test(each)))
    assert.ok(markdown.includes(sentence.trim().replace(/\s+/g, " ")), sentence);
});

/**
 * Jekyll's `{{ site.url }}` and `{{ site.baseurl }}` are link tags only where
 * a URL starts. The rule is one look-behind, kept here as the oracle; the
 * build reads the text backwards instead (src/content/template-tags.ts,
 * `startsUrl`), and must agree with it on every text, the odd ones included.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { rng } from "../bench/random.ts";
import { linkTags, startsUrl } from "../src/content/template-tags.ts";

const ORACLE =
  /(?<=\]\(\s*<?|\]:[ \t]*<?|\b(?:href|src)\s*=\s*["']?)(?:\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\})+/g;
const PIECES = [
  "](",
  "]:",
  "]",
  "(",
  ":",
  " ",
  "\t",
  "\n",
  "\u00a0",
  "<",
  '"',
  "'",
  "=",
  "href",
  "src",
  "xhref",
  "Href",
  "_src",
  "a",
  "{{ site.url }}",
  "{{site.baseurl}}",
  "{{- site.url -}}",
  "/x",
];

function sitePositions(text: string): number[] {
  return [...text.matchAll(/\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\}/g)].map((match) => match.index);
}

test("startsUrl agrees with the look-behind at every site tag of 20,000 seeded texts", () => {
  const next = rng(20261126);
  let positive = 0;
  for (let round = 0; round < 20_000; round++) {
    const text = Array.from(
      { length: 2 + Math.floor(next() * 10) },
      () => PIECES[Math.floor(next() * PIECES.length)],
    ).join("");
    const oracle = new Set([...text.matchAll(ORACLE)].map((match) => match.index));
    // A tag right after another is never a start: the look-behind sees `}}` before it.
    for (const at of sitePositions(text)) {
      assert.equal(startsUrl(text, at), oracle.has(at), JSON.stringify({ text, at }));
      if (oracle.has(at)) positive++;
    }
  }
  assert.ok(positive > 500, `texts where a tag starts a URL: ${positive}`);
});

test("linkTags finds the same site tags as the look-behind", () => {
  const text =
    '[a]({{ site.url }}/a/) [b]: <{{site.baseurl}}/b/>\n<img src = "{{ site.url }}{{ site.baseurl }}/c.png"> xhref={{ site.url }} text {{ site.url }} [d]( \n {{- site.url -}}/d/)';
  const found = linkTags(text)
    .filter((tag) => tag.kind === "address")
    .map((tag) => [tag.start, tag.tag]);
  assert.deepEqual(
    found,
    [...text.matchAll(ORACLE)].map((match) => [match.index, match[0]]),
  );
  assert.equal(found.length, 4);
});

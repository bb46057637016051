/**
 * The move's proof reads a formula the old page left to MathJax or KaTeX in
 * the browser (its TeX: `$\varphi$`, `\(\delta\)`, `\[…\]`) and the MathML the
 * new page shows as the same formula: a post whose math moved keeps every
 * word, where `varphi` and `frac` had been counted missing; and a formula the
 * new page lacks is still counted missing, by its signs.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo", "jekyll"]);

type Page = {
  old: string;
  new: string;
  words: { old: number; kept: number };
  missing: { words: string[] };
};

function pageOf(pages: Page[], old: string): Page {
  const page = pages.find((each) => each.old === old);
  assert.ok(page, `${old} not compared: ${JSON.stringify(pages.map((each) => each.old))}`);
  return page;
}

test("a Hugo post whose TeX KaTeX typeset ($…$, $$…$$) keeps every word once moved to MathML, a price in dollars read as words", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-proof-math-hugo"),
    hugoBuild(tools.path("hugo")),
  );
  const page = pageOf(report.proof.pages, "/posts/lens-ratio/");
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  // The sentences and the formulas' signs are counted: φ, 1, 5, 2 in the first; φ, 2, φ, 1 in the second.
  assert.ok(page.words.old >= 40, JSON.stringify(page.words));

  // The same page as KaTeX renders it ahead of the browser (rehype-katex's way): its MathML with the TeX as an
  // annotation, beside the drawing it shows; read by the annotation, it is the same formulas, the drawing not counted twice.
  const oldPage = join(out, "posts/lens-ratio/index.html");
  const prerendered = readFileSync(oldPage, "utf8")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace("$\\varphi = \\frac{1 + \\sqrt{5}}{2}$", katex("\\varphi = \\frac{1 + \\sqrt{5}}{2}", "φ=21+5"))
    .replace(/\$\$\s*(\\varphi\^2 = \\varphi \+ 1)\s*\$\$/, (_all, tex: string) => katex(tex, "φ2=φ+1"));
  assert.doesNotMatch(prerendered, /\$\\varphi|\$\$|katex\.min\.js/);
  writeFileSync(oldPage, prerendered);
  const compared = await sitegenHere(["compare", out, "--json"], { cwd: site });
  const again = pageOf(JSON.parse(compared.stdout).pages, "/posts/lens-ratio/");
  assert.deepEqual(again.words, page.words, JSON.stringify(again.missing));
});

/** A formula as KaTeX writes it: its MathML, whose `<semantics>` holds the TeX, and the drawing a reader sees, hidden from screen readers. */
function katex(tex: string, drawn: string): string {
  return (
    `<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics>` +
    `<mrow><mi>φ</mi></mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math></span>` +
    `<span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">${drawn}</span></span></span></span>`
  );
}

test("a Jekyll post whose kramdown math MathJax typeset (\\(…\\), \\[…\\], an align) keeps every word; a formula the new page lacks is missing by its signs", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-proof-math-jekyll"),
    jekyllBuild(tools.path("jekyll")),
  );
  const old = "/2024/05/06/tide-agreement.html";
  const moved = pageOf(report.proof.pages, old);
  assert.equal(moved.words.kept, moved.words.old, JSON.stringify(moved.missing));

  // The new page without its τ formula: that formula's signs, and only they, are what it lacks.
  const built = join(site, "dist", moved.new, "index.html");
  const html = readFileSync(built, "utf8");
  const formulas = html.match(/<math display="block"[\s\S]*?<\/math>/g) ?? [];
  const tau = formulas.find((formula) => formula.includes("<mi>τ</mi>"));
  assert.ok(tau, `no τ formula on the new page: ${formulas.length} display formulas`);
  writeFileSync(built, html.replace(tau, ""));
  const compared = await sitegenHere(["compare", out, "--json"], { cwd: site });
  const cut = pageOf(JSON.parse(compared.stdout).pages, old);
  assert.equal(cut.words.old, moved.words.old);
  // τ_B = (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2)) is 14 signs: τ, B and six n's with their c, d, 0, 1, 0, 2; a
  // digit the new theme shows elsewhere (its "1 min read") may stand in for one of them.
  const lost = cut.words.old - cut.words.kept;
  assert.ok(lost >= 12 && lost <= 14, `${lost}: ${JSON.stringify(cut.missing)}`);
  assert.deepEqual(cut.missing.words.slice(0, 2), ["τ", "b"]);
});

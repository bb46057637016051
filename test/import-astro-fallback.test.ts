/**
 * A page not translated into a language is shown in the default one at that
 * language's address (Starlight's fallback pages; Astro's `i18n.fallback`
 * with `fallbackType: "rewrite"`): those addresses are old pages of the
 * text too, and lead to its moved page, while a page that is translated
 * keeps its translation's. A real Starlight site under a base path with
 * three languages and no translations left 138 of its 313 old pages
 * without an answer. Held to Astro's own build of the fixture, on every
 * host. Astro comes from npm into a folder beside the clone
 * (test/helpers/astro.ts): a run without it skips, and CI fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";
import { answersOnEveryHost } from "./helpers/landings.ts";
import { astroSkip, installAstro } from "./helpers/astro.ts";

const FIXTURE = join(ROOT, "test/fixtures/generators/astro-fallback");

type Moved = { file: string; from: string[]; to: string };

test("the default language's text shown at another language's address is an old address of that text, and leads to its moved page on every host", {
  skip: astroSkip,
}, async () => {
  const { out, site, report } = await importedAgainst(FIXTURE, (source, out) => {
    installAstro(source);
    return { command: join(source, "node_modules/.bin/astro"), args: ["build", "--outDir", out] };
  });
  // The reference: Astro wrote the French copies of the two pages not translated, and the translation of the third.
  const built = readdirSync(out, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith("index.html"))
    .sort();
  assert.deepEqual(built, [
    "fr/lighting/index.html",
    "fr/rotation/index.html",
    "fr/signals/fog/index.html",
    "lighting/index.html",
    "rotation/index.html",
    "signals/fog/index.html",
  ]);

  const moved = Object.fromEntries(
    (report.moved as Moved[]).map((each) => [each.file.replace(/^.*?\/source\//, ""), each]),
  );
  assert.deepEqual(moved["src/content/docs/rotation.md"].from, ["/keeper/rotation/", "/keeper/fr/rotation/"]);
  assert.deepEqual(moved["src/content/docs/signals/fog.md"].from, [
    "/keeper/signals/fog/",
    "/keeper/fr/signals/fog/",
  ]);
  // A translated page's French address is its translation's, not a copy of the English text's.
  assert.deepEqual(moved["src/content/docs/lighting.md"].from, ["/keeper/lighting/"]);
  assert.deepEqual(moved["src/pages/fr/lighting.md"].from, ["/keeper/fr/lighting/"]);
  assert.deepEqual(report.proof.answered, { old: 6, answer: 6, unanswered: [] });

  const to = (file: string) => moved[file].to;
  await answersOnEveryHost(site, [
    ["/keeper/fr/rotation/", to("src/content/docs/rotation.md")],
    ["/keeper/fr/signals/fog/", to("src/content/docs/signals/fog.md")],
    ["/keeper/fr/lighting/", to("src/pages/fr/lighting.md")],
    ["/keeper/rotation/", to("src/content/docs/rotation.md")],
  ]);
});

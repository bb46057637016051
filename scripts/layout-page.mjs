// Writes docs/content/pages/project/layout.md from the layers dependency-cruiser
// checks (.dependency-cruiser.cjs) and the folders src/ holds, so the page
// and the rule cannot disagree; `--check` writes nothing and exits 1 when the
// page differs from what it would write (test/layers.test.ts runs it).
// Run with node: node scripts/layout-page.mjs
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const page = join(root, "docs/content/pages/project/layout.md");
const config = createRequire(import.meta.url)(join(root, ".dependency-cruiser.cjs"));

/** The entries of src/ a layer holds, as its rule's paths match them. */
function entriesOf(layer) {
  const tests = layer.paths.map((path) => new RegExp(path));
  return readdirSync(join(root, "src"), { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `src/${entry.name}/` : `src/${entry.name}`))
    .filter((path) => tests.some((test) => test.test(path)))
    .sort()
    .map((path) => `\`${path.slice(4)}\``)
    .join(", ");
}

/** A list item of `text` wrapped at 100 columns, its lines after the first indented under its first word, as the docs' other pages are. */
function item(marker, text) {
  const lines = [];
  let line = marker;
  for (const word of text.split(" ")) {
    if (line.length > marker.length && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = " ".repeat(marker.length) + word;
    } else line += (line.length > marker.length ? " " : "") + word;
  }
  return [...lines, line].join("\n");
}

const layers = config.layers
  .map((layer, index) => item(`${index + 1}. `, `**${layer.name}** (${entriesOf(layer)}): ${layer.why}.`))
  .join("\n");
const known = [
  ...config.knownCircles.map((entry) => item("- ", `a circle among \`${entry.paths}\`: ${entry.why}.`)),
  ...config.knownUpward.map((entry) => item("- ", `\`${entry.from}\` → \`${entry.to}\`: ${entry.why}.`)),
].join("\n");

const written = `---
title: "Layout"
description: "The layers of src/ in the pipeline's order, as the rule npm test checks them, and where a new Markdown construct, agent file or host goes."
updated: 2026-11-28
---

The code is in \`src/\`, in layers. A module imports from its own layer and the layers below it, never
from one above, and no module imports itself through others: dependency-cruiser checks both on every
\`npm test\` (\`.dependency-cruiser.cjs\`, run by \`test/layers.test.ts\`), and this page is written from
the same list (\`node scripts/layout-page.mjs\`), so the two cannot disagree. From the top:

${layers}

${
  known === ""
    ? "The rule lets nothing through: no circle, and no import up the order."
    : `What the rule lets through for now, each to be taken out by the next change to its modules:\n\n${known}`
}

## Where a change goes

- **A new Markdown construct** (a kind of block or inline the posts can write): a markdown-it plugin
  in \`src/render/markdown/\`, a file of its own beside \`footnotes.ts\` and \`admonitions.ts\`. Add it to
  the instance in \`src/render/markdown/instance.ts\`; when looking for it costs every post something,
  name it in \`CONSTRUCTS\` there and say in \`src/render/markdown/constructs.ts\` what in a post's text
  it needs, so a post without it does not pay. The Markdown page of these docs says what a writer
  may use.
- **A new agent file** (a file of the machine surface, like \`/sitemap.md\` or
  \`/.well-known/api-catalog\`): its route in \`src/manifest/agent-files.ts\` (where site.yaml's \`agents\`
  turns it on) and on the \`Manifest\` in \`src/manifest/manifest.ts\`; its bytes in a file of its own in
  \`src/render/emit/\` (\`api-catalog.ts\` is the smallest to copy); a line in the plan's artifacts
  (\`src/plan/plan.ts\`) and in the emitters' table in \`src/render/render-job.ts\`. llms.txt, the
  sitemap, OpenAPI and every host learn of it from the manifest.
- **A new host** (a CDN or runtime that serves the site): an adapter in a folder of its own under
  \`src/hosts/\`, handing each request to the negotiation core (\`src/negotiation/respond.ts\`) as
  \`src/hosts/netlify/edge.ts\` and \`src/hosts/cloudflare/worker.ts\` do; its rules files, if it has
  any, from the manifest in \`src/render/emit/\` (\`netlify.ts\`, \`cloudflare.ts\`); its name among
  the hosts in \`src/content/types.ts\` (\`HostName\`) and what \`sitegen init\` writes for it in
  \`src/init/host.ts\`.

## Beside src/

\`bin/sitegen.js\` runs the compiled \`lib/\`; \`templates/\` and \`content/\` are the Halyard site,
\`starter/\` (content and its theme) what \`init\` writes; \`rules/\` is this repository's Netlify entry
and cache plugin; \`fuzz/\` the seeded HTTP and content fuzz suites (see [Security](/project/security/)),
which \`npm test\` runs briefly and \`npm run fuzz\` at length; \`test/fixtures/sites/kontor\` is a second
site, in German and English; \`bench/smoke.test.ts\` runs the benchmark itself once at a tiny size
(\`npm run bench:smoke\`), so the bench is known to work without costing every test run.
`;

if (process.argv.includes("--check")) {
  if (readFileSync(page, "utf8") !== written) {
    process.stderr.write(
      "docs/content/pages/project/layout.md differs from .dependency-cruiser.cjs and src/: run `node scripts/layout-page.mjs`\n",
    );
    process.exitCode = 1;
  }
} else writeFileSync(page, written);

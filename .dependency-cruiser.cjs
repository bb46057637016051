/**
 * The layers of src/, top to bottom, as dependency-cruiser checks them
 * (test/layers.test.ts runs it in `npm test`): a module may import from its
 * own layer and the layers below it, never from one above, and no module
 * imports itself through others. The docs' Layout page is drawn from LAYERS
 * (scripts/layout-page.mjs), so the page and the rule cannot disagree.
 *
 * The order is the pipeline's: the CLI parses a command; `import`, `init` and
 * `check` drive whole runs; the hosts serve a built site; build runs the
 * stages below it; execute renders the pages in lanes; render turns routes
 * into bytes; plan lists every output before it is written; the manifest,
 * the writer and verify know routes and files but not how pages look;
 * content reads the site's files; negotiation is the pure core every host
 * shares; and at the bottom the schemas, the policy and the text helpers
 * everything else leans on.
 */

/** Each layer: its name, why its members sit there, and the paths (regular expressions from the repository's root) it holds. */
const LAYERS = [
  { name: "cli", why: "parses the command line, runs the command and reports what it found", paths: ["^src/cli\\.ts$", "^src/cli/"] },
  {
    name: "import, init, check",
    why: "the work of a whole command above a build: importing another generator's site, starting a new one, and `check`, which runs the build into a folder it discards and cross-checks a built folder, reading its negotiation data as the preview host does",
    paths: ["^src/import/", "^src/init/", "^src/check\\.ts$"],
  },
  { name: "hosts", why: "the preview server, the Netlify edge function and the Cloudflare worker: adapters around the negotiation core; the preview's watch mode runs builds", paths: ["^src/hosts/"] },
  {
    name: "build",
    why: "runs the stages in order and times them (pipeline.ts), into the folders build-folders.ts has checked it may use (build.ts); the build's checks (src/checks/) are data it runs, each reading what the stages below made",
    paths: ["^src/build\\.ts$", "^src/build-folders\\.ts$", "^src/pipeline\\.ts$", "^src/checks/", "^src/stage-times\\.ts$"],
  },
  { name: "execute", why: "renders the planned pages in lanes (worker threads) and reuses what an earlier build rendered", paths: ["^src/execute/"] },
  { name: "render", why: "turns one route into its HTML and Markdown: Markdown, Liquid templates, the theme, and each emitted file", paths: ["^src/render/"] },
  { name: "plan", why: "lists every output file and checks the list (budgets, limits, placeholders) before anything is written", paths: ["^src/plan/"] },
  {
    name: "manifest, write, verify",
    why: "the manifest (every route and file, from the content), the writer (staging, the build cache) and verify (checks a deployed site over HTTP): each knows routes and files, none how a page looks",
    paths: ["^src/manifest/", "^src/write/", "^src/verify/"],
  },
  { name: "content", why: "reads the content tree: files, frontmatter in each dialect, site.yaml", paths: ["^src/content/"] },
  { name: "negotiation", why: "the pure core every host shares: a Request and the table in, a Response out; no node:*, no process", paths: ["^src/negotiation/"] },
  {
    name: "schemas, policy, text",
    why: "what everything leans on: the JSON Schemas, the one policy of how serious a finding is, the error type and the findings collector built on it, and text escaping",
    paths: ["^src/schemas/", "^src/policy\\.ts$", "^src/text/", "^src/errors\\.ts$", "^src/findings\\.ts$", "^src/collector\\.ts$", "^src/types/"],
  },
];

/**
 * What the rules let through for now, each with why. Every one is in modules
 * being changed in parallel; the next change to them moves the shared piece
 * down to where both sides can import it, and takes its entry out.
 */
const KNOWN_CIRCLES = [];

const KNOWN_UPWARD = [];

const slug = (name) => name.replace(/[^a-z]+/g, "-");
const above = (index) => LAYERS.slice(0, index).flatMap((layer) => layer.paths);

/** A rule per layer: nothing in it imports from a layer above it; a module KNOWN_UPWARD names, only what its entry names. */
const upward = LAYERS.flatMap((layer, index) =>
  index === 0
    ? []
    : [
        {
          name: `no-upward-from-${slug(layer.name)}`,
          comment: `${layer.name} sits below ${LAYERS.slice(0, index).map((each) => each.name).join("; ")}: it imports from none of them`,
          severity: "error",
          from: { path: layer.paths, pathNot: KNOWN_UPWARD.map((entry) => entry.from) },
          to: { path: above(index) },
        },
        ...KNOWN_UPWARD.filter((entry) => entry.layer === layer.name).map((entry) => ({
          name: `no-upward-from-${slug(layer.name)}`,
          comment: entry.why,
          severity: "error",
          from: { path: entry.from },
          to: { path: above(index), pathNot: entry.to },
        })),
      ],
);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no module imports itself through others: a circle is one module in several files",
      severity: "error",
      from: {},
      // With nothing let through, no `via`: an empty pathNot would match every module and let every circle through.
      to: KNOWN_CIRCLES.length === 0 ? { circular: true } : { circular: true, via: { pathNot: KNOWN_CIRCLES.map((entry) => entry.paths).join("|") } },
    },
    ...upward,
    {
      name: "no-unresolvable",
      comment: "an import the tool cannot follow is one it cannot check",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7's compiler has no API for the tool to parse with; swc reads the sources, type-only imports included.
    parser: "swc",
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    enhancedResolveOptions: { conditionNames: ["import", "require", "node", "default", "types"], exportsFields: ["exports"] },
  },
};

// The layers and what is let through, for the docs' Layout page and the test that reads them: not enumerable, as
// dependency-cruiser's schema allows no other key in a configuration.
Object.defineProperties(module.exports, {
  layers: { value: LAYERS },
  knownCircles: { value: KNOWN_CIRCLES },
  knownUpward: { value: KNOWN_UPWARD },
});

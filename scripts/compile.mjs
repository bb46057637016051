#!/usr/bin/env node
// Compiles the TypeScript sources into lib/, once, when the package is
// prepared (`npm install` in a clone, `npm pack`, `npm publish`) and before
// the project's own scripts run. An installed sitegen is plain JavaScript: no
// TypeScript loader, nothing compiled at run time.
//
//   lib/cli.js            the CLI (bin/sitegen.js) with its packages,
//                         and the chunks beside it: each command's code, loaded when it runs
//   lib/render-worker.js  a render lane in a worker thread, started by the CLI
//   lib/build-thread.js   a large blog's build, in a thread whose heap fits the blog
//   lib/edge.js           the Netlify edge function's handler, with everything it
//                         imports (negotiator included) in one ES module: Deno
//                         loads it in under a millisecond, where importing an npm
//                         package through its Node compatibility layer takes 15 ms
//   lib/cloudflare.js     the Cloudflare worker, the same way: one module of web
//                         APIs only, whatever the size of the site
//   lib/netlify-plugin.js the Netlify build plugin that keeps the build cache
//                         between deploys, alone: Netlify loads it before every build
//
// The JSON Schema validators are compiled here too (src/schemas/validators.ts
// names them): Ajv's standalone mode writes each as code, so a build neither
// loads Ajv nor compiles a schema at run time.
//
// lib/fingerprint.txt is a hash of every other file in lib/: the build cache
// keeps what this sitegen made apart from what another did
// (src/execute/reuse.ts), and reading it costs a build nothing, where hashing
// 2.5 MB of code cost every build 10 ms.
//
// esbuild leaves each module's code under a `// src/…` line, which
// bench/profile.ts reads to name the source of a profiled function.
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const LIB = join(ROOT, "lib");
const SCHEMAS = join(ROOT, "src/schemas");
/** Named in src/execute/reuse.ts too. */
const FINGERPRINT = "fingerprint.txt";

/** validators.ts as Ajv's standalone code for the schemas and options validators.json names, as an ES module. */
function standaloneValidators() {
  const { options, validators } = JSON.parse(readFileSync(join(SCHEMAS, "validators.json"), "utf8"));
  const ajv = new Ajv2020({ ...options, code: { source: true, esm: true } });
  addFormats(ajv);
  const exports = {};
  for (const [name, file] of Object.entries(validators)) {
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), "utf8")), file);
    exports[name] = file;
  }
  // The generated code takes Ajv's run-time helpers and the formats with `require`; an ES module imports them.
  const imports = new Map();
  const code = standaloneCode(ajv, exports).replace(/require\("([^"]+)"\)/g, (_, path) => {
    if (!imports.has(path)) imports.set(path, `required${imports.size}`);
    return imports.get(path);
  });
  return [...imports].map(([path, name]) => `import ${name} from "${path}.js";\n`).join("") + code;
}

/** Puts the generated validators where src/schemas/validators.ts is. */
const precompiledSchemas = {
  name: "precompiled-schemas",
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]src[\\/]schemas[\\/]validators\.ts$/ }, () => ({
      contents: standaloneValidators(),
      loader: "js",
      resolveDir: SCHEMAS,
    }));
  },
};

const common = { bundle: true, format: "esm", logLevel: "warning", legalComments: "eof", charset: "utf8" };

rmSync(LIB, { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: {
      cli: join(ROOT, "src/cli.ts"),
      "render-worker": join(ROOT, "src/execute/worker.ts"),
      "build-thread": join(ROOT, "src/cli/build-thread-main.ts"),
    },
    outdir: LIB,
    platform: "node",
    target: "node20",
    // The packages are bundled in too: Node resolving and loading their ~300 module
    // files cost ~70 ms of every command, a fifth of a small site's whole build.
    // Their licences are kept at the end of each file (legalComments). Only the
    // highlight.js grammars stay in node_modules, required when a fence names one.
    // Each command's code is a chunk of its own, loaded when the command runs: `--version` loads none of it.
    splitting: true,
    // sharp loads libvips, a native library of its own platform's package: it stays in node_modules, imported when a cover is resized.
    external: ["sharp"],
    // CommonJS packages (commander, yaml) require Node's built-ins; an ES module has no `require` of its own.
    banner: {
      js: 'import { createRequire as __sitegenRequire } from "node:module"; const require = __sitegenRequire(import.meta.url);',
    },
    plugins: [precompiledSchemas],
  }),
  build({
    ...common,
    entryPoints: { "netlify-plugin": join(ROOT, "src/hosts/netlify/cache-plugin.ts") },
    outdir: LIB,
    platform: "node",
    target: "node20",
  }),
  build({
    ...common,
    entryPoints: {
      edge: join(ROOT, "src/hosts/netlify/edge.ts"),
      cloudflare: join(ROOT, "src/hosts/cloudflare/worker.ts"),
    },
    outdir: LIB,
    // Netlify runs edge functions in Deno, Cloudflare workers in workerd: web APIs only, no Node built-ins.
    platform: "neutral",
    mainFields: ["module", "main"],
    target: "es2022",
  }),
]);

/** Every file of lib/ but the fingerprint itself, by name and bytes, hashed: the packages are bundled in, so their versions are in it too. */
function fingerprintOf(dir) {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    if (name !== FINGERPRINT)
      hash
        .update(name)
        .update("\0")
        .update(readFileSync(join(dir, name)))
        .update("\0");
  }
  return hash.digest("base64url");
}
writeFileSync(join(LIB, FINGERPRINT), `${fingerprintOf(LIB)}\n`);

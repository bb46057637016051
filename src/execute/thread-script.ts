/**
 * Where a thread's code is, compiled or as the TypeScript sources. The
 * compiled CLI (lib/cli.js) starts the file scripts/compile.mjs wrote beside
 * it; the TypeScript sources (tests, the benchmark) start a thread that
 * registers tsx's loader, then imports the module.
 */
export function threadScript(compiled: URL, source: URL): { script: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) return { script: compiled, eval: false };
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  return {
    script: `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`,
    eval: true,
  };
}

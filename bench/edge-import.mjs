// Module load of an edge function as Netlify's emulator pays it on every
// request: the emulator starts a fresh Deno worker per request, and the worker
// imports the function (and everything it imports) before it can answer.
// This script does the same, `--rounds` times for each module, the modules
// alternating within each round, and prints one JSON line:
//   { "<module path>": { "importMs": [...], "workerMs": [...] } }
// importMs is the `await import()` alone, timed inside the worker; workerMs
// runs from `new Worker()` to the end of the import, worker start-up included.
//
//   deno run --allow-read --no-config --no-lock bench/edge-import.mjs --rounds 10 <module> [<module> ...]
// Run by bench/edge.ts with the project's own deno (node_modules/.bin/deno).

if (typeof WorkerGlobalScope === "undefined") {
  const args = [...Deno.args];
  let rounds = 10;
  const at = args.indexOf("--rounds");
  if (at >= 0) rounds = Number(args.splice(at, 2)[1]);
  const modules = args.map((path) => new URL(path, `file://${Deno.cwd()}/`).href);
  if (modules.length === 0 || !Number.isInteger(rounds) || rounds <= 0) {
    console.error("usage: deno run --allow-read bench/edge-import.mjs --rounds N <module> [<module> ...]");
    Deno.exit(2);
  }
  const results = Object.fromEntries(args.map((path) => [path, { importMs: [], workerMs: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [index, href] of modules.entries()) {
      const started = performance.now();
      const worker = new Worker(import.meta.url, { type: "module", name: "edge-import" });
      const answer = await new Promise((done) => {
        worker.onmessage = (event) => done(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          done({ error: event.message });
        };
        worker.postMessage(href);
      });
      const workerMs = performance.now() - started;
      worker.terminate();
      if (answer.error) {
        console.error(`${args[index]}: ${answer.error}`);
        Deno.exit(1);
      }
      results[args[index]].importMs.push(answer.importMs);
      results[args[index]].workerMs.push(workerMs);
    }
  }
  console.log(JSON.stringify(results));
} else {
  self.onmessage = async (event) => {
    const started = performance.now();
    try {
      const module = await import(event.data);
      if (typeof module.default !== "function") throw new Error("the module has no default export function");
      self.postMessage({ importMs: performance.now() - started });
    } catch (error) {
      self.postMessage({ error: String(error?.stack ?? error) });
    }
  };
}

/** A bench module run in a process of its own (negotiation.ts, serve.ts, search.ts), its result read from the JSON line it prints last. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./options.ts";

/** Runs a bench module in its own process (its own heap and JIT) and returns its JSON line. */
export function runJsonChild<T>(script: string, args: string[], timeoutMs: number): Promise<T> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, script), ...args, "--json"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0)
        return reject(
          new Error(`${script} exited ${code}: ${stderr.trim().split("\n").slice(-5).join(" | ")}`),
        );
      try {
        done(JSON.parse(line) as T);
      } catch (error) {
        reject(new Error(`${script} printed no JSON result: ${line.slice(0, 200)}`, { cause: error }));
      }
    });
  });
}

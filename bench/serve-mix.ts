/**
 * The requests of the preview-server bench: a seeded mix of post pages as
 * HTML, as Markdown (the `.md` sibling's path for the plain server, which
 * cannot negotiate) and 404s, and one request of each kind checked before any
 * load. What is asked is one job; loading the servers (serve-load.ts) another.
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { rng } from "./random.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const MARKDOWN = "text/markdown, text/html;q=0.5";

export interface MixEntry {
  kind: "html" | "markdown" | "notFound";
  sitegen: { path: string; accept: string };
  plain: { path: string; accept: string };
  expect: number;
}

/** Posts that have both the HTML page and the `.md` sibling, sorted, at most `limit`. */
export async function postsIn(dir: string, limit: number): Promise<string[]> {
  const entries = await readdir(join(dir, "blog"), { withFileTypes: true }).catch(() => []);
  return entries
    .filter(
      (entry) =>
        entry.isDirectory() &&
        existsSync(join(dir, "blog", entry.name, "index.html")) &&
        existsSync(join(dir, "blog", `${entry.name}.md`)),
    )
    .map((entry) => entry.name)
    .sort()
    .slice(0, limit);
}

export function buildServeMix(slugs: string[], count: number, seed: number): MixEntry[] {
  const random = rng(seed);
  const mix: MixEntry[] = [];
  for (let i = 0; i < count; i++) {
    const slug = slugs[Math.floor(random() * slugs.length)];
    const roll = random();
    if (roll < 0.5) {
      const request = { path: `/blog/${slug}/`, accept: BROWSER };
      mix.push({ kind: "html", sitegen: request, plain: request, expect: 200 });
    } else if (roll < 0.8) {
      mix.push({
        kind: "markdown",
        sitegen: { path: `/blog/${slug}/`, accept: MARKDOWN },
        plain: { path: `/blog/${slug}.md`, accept: MARKDOWN },
        expect: 200,
      });
    } else {
      const request = { path: `/blog/no-such-post-${i}/`, accept: BROWSER };
      mix.push({ kind: "notFound", sitegen: request, plain: request, expect: 404 });
    }
  }
  return mix;
}

/** One request of each kind, checked by status and media type before any load. */
export async function checkServer(
  url: string,
  mix: MixEntry[],
  side: "sitegen" | "plain",
): Promise<string[]> {
  const problems: string[] = [];
  for (const kind of ["html", "markdown", "notFound"] as const) {
    const entry = mix.find((candidate) => candidate.kind === kind);
    if (!entry) continue;
    const request = entry[side];
    const response = await fetch(`${url}${request.path}`, {
      headers: { accept: request.accept },
      redirect: "manual",
    });
    await response.arrayBuffer();
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== entry.expect)
      problems.push(`${request.path} (${kind}) answered ${response.status}, expected ${entry.expect}`);
    if (kind === "html" && !type.startsWith("text/html"))
      problems.push(`${request.path} answered ${type || "no Content-Type"}, expected text/html`);
    if (kind === "markdown" && side === "sitegen" && !type.startsWith("text/markdown"))
      problems.push(`${request.path} with Accept: text/markdown answered ${type || "no Content-Type"}`);
  }
  return problems;
}

/**
 * `sitegen check`: validates the content and the manifest without writing,
 * and, given a built folder, cross-checks its artifacts against each other and
 * the manifest (OpenAPI slug enum = blog index = sitemap = `.md` files).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { sizeProblems } from "./build.ts";
import { loadContent } from "./content/load.ts";
import { SitegenError } from "./errors.ts";
import { findingOf, findingsOfThrown, type Finding } from "./findings.ts";
import { checkLinks } from "./links.ts";
import { buildManifest, INTERNAL_DIR, NEGOTIATION_TABLE_FILE, type Manifest } from "./manifest.ts";
import { allRoutes } from "./serve/folder.ts";
import { planSite } from "./plan.ts";
import { loadTemplates } from "./templates.ts";

export interface CheckOptions {
  contentDir: string;
  templatesDir: string;
  /** A built folder to cross-check, if it exists. */
  distDir?: string;
  baseUrl?: string;
}

export interface CheckResult {
  findings: Finding[];
  /** What was checked, for the summary line. */
  checked: { pages: number; posts: number; dist: boolean };
}

export async function check(options: CheckOptions): Promise<CheckResult> {
  let manifest: Manifest;
  let planned: ReturnType<typeof planSite>;
  try {
    const [content, { templates, assets }] = await Promise.all([loadContent(options.contentDir), loadTemplates(options.templatesDir)]);
    manifest = buildManifest(content, { baseUrl: options.baseUrl, generated: new Date(0) });
    planned = planSite(manifest, templates, { assets });
  } catch (error) {
    return { findings: findingsOfThrown(error), checked: { pages: 0, posts: 0, dist: false } };
  }
  const findings: Finding[] = [];
  const sizes = new Map<string, { bytes: number }>();
  let rendered = true;
  try {
    for (const output of planned.outputs) sizes.set(output.file, { bytes: sizeOf(output.render()) });
  } catch (error) {
    rendered = false;
    findings.push(...findingsOfThrown(error));
  }
  findings.push(...checkLinks(manifest, planned.facts).map((e) => findingOf(e)));
  // After a rendering error the sizes are incomplete; judging them would report files as empty.
  if (rendered) {
    const size = sizeProblems(sizes, "check");
    findings.push(...size.errors.map((e) => findingOf(e)), ...size.warnings);
  }

  const dist = options.distDir && (await stat(join(options.distDir, NEGOTIATION_TABLE_FILE)).then(() => true, () => false));
  if (dist) findings.push(...(await crossCheck(manifest, options.distDir!)).map((e) => findingOf(e)));
  return { findings, checked: { pages: manifest.pages.length, posts: manifest.posts.length, dist: Boolean(dist) } };
}

function sizeOf(body: string | Uint8Array | Iterable<string>): number {
  if (typeof body === "string") return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  let bytes = 0;
  for (const chunk of body) bytes += Buffer.byteLength(chunk);
  return bytes;
}

/** Every artifact of a built folder must name exactly the manifest's published slugs. */
export async function crossCheck(manifest: Manifest, distDir: string): Promise<SitegenError[]> {
  const expected = manifest.posts.map((post) => post.slug!).sort();
  const sources: [string, () => Promise<string[]>][] = [
    ["openapi.json", async () => {
      const doc = JSON.parse(await readFile(join(distDir, "openapi.json"), "utf8"));
      const param = doc.paths?.["/blog/{slug}.md"]?.get?.parameters?.find((p: { name: string }) => p.name === "slug");
      return param?.schema?.enum ?? [];
    }],
    ["blog-index.json", async () => {
      const index = JSON.parse(await readFile(join(distDir, "blog-index.json"), "utf8"));
      if (index.count !== index.posts?.length) throw new Error(`count is ${index.count} but posts has ${index.posts?.length} entries`);
      return index.posts.map((post: { slug: string }) => post.slug);
    }],
    ["sitemap.xml", async () => {
      const xml = await readFile(join(distDir, "sitemap.xml"), "utf8");
      return [...xml.matchAll(/<loc>[^<]*?\/blog\/([^/<]+)\/<\/loc>/g)].map((m) => m[1]);
    }],
    ["blog/*.md", async () => (await readdir(join(distDir, "blog"))).filter((name) => name.endsWith(".md")).map((name) => name.slice(0, -3))],
    [`${INTERNAL_DIR}/`, async () => {
      const routes = await allRoutes(distDir);
      return Object.keys(routes.pages).filter((path) => /^\/blog\/[^/]+\/$/.test(path)).map((path) => path.slice(6, -1));
    }],
  ];
  const errors: SitegenError[] = [];
  for (const [file, read] of sources) {
    let slugs: string[];
    try {
      slugs = (await read()).slice().sort();
    } catch (error) {
      errors.push(new SitegenError("E_CHECK", `cannot read the post slugs: ${(error as Error).message}`, { location: { file: join(distDir, file) }, cause: error }));
      continue;
    }
    const missing = expected.filter((slug) => !slugs.includes(slug));
    const extra = slugs.filter((slug) => !expected.includes(slug));
    if (missing.length > 0 || extra.length > 0) {
      const parts = [missing.length ? `missing ${missing.join(", ")}` : "", extra.length ? `not published: ${extra.join(", ")}` : ""].filter(Boolean);
      errors.push(new SitegenError("E_CHECK", `post slugs disagree with the content: ${parts.join("; ")}`, { location: { file: join(distDir, file) }, hint: "rebuild with `sitegen build`; a stale or hand-edited build drifts" }));
    }
  }
  return errors;
}

/**
 * The sizes of the agent files of a built site, the measure of the size policy
 * (docs: The size policy): each file of the surface, both representations
 * of /blog/, and the Markdown 404 as the negotiation core answers a few
 * misses on a cold host, with what the core read to answer each (the
 * negotiation data and slug index nodes, the static head of the map).
 *
 *   const sizes = await agentFileSizes("dist");
 *   console.log(agentFileTable(sizes));
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { folderStore } from "../src/hosts/preview/folder.ts";
import { respond } from "../src/negotiation/respond.ts";
import { SiteData } from "../src/negotiation/site-data.ts";

/** The files measured, by path on the site and file in the build. */
const FILES: [path: string, file: string][] = [
  ["/llms.txt", "llms.txt"],
  ["/llms-full.txt", "llms-full.txt"],
  ["/agent-instructions.md", "agent-instructions.md"],
  ["/blog/ (HTML)", "blog/index.html"],
  ["/blog.md", "blog.md"],
  ["/blog-index.json", "blog-index.json"],
  ["/sitemap.xml", "sitemap.xml"],
  ["/openapi.json", "openapi.json"],
  ["/robots.txt", "robots.txt"],
];

export interface AgentFileSizes {
  dir: string;
  /** Published posts, from the blog index. */
  posts: number;
  files: { path: string; bytes: number; characters: number }[];
  /** The Markdown 404 for each miss: its size, and the files and bytes the core read for it with nothing cached. */
  notFound: { path: string; bytes: number; filesRead: number; bytesRead: number }[];
}

/**
 * Sizes at the build folder `dir`. `misses` are the paths whose Markdown 404
 * is measured; by default a mistyped slug of the newest post, the same slug
 * without its first word, and a path like no post's.
 */
export async function agentFileSizes(
  dir: string,
  options: { misses?: string[] } = {},
): Promise<AgentFileSizes> {
  const files = [];
  for (const [path, file] of FILES) {
    const text = await readFile(join(dir, file), "utf8");
    files.push({ path, bytes: (await stat(join(dir, file))).size, characters: [...text].length });
  }
  const slugs = (
    JSON.parse(await readFile(join(dir, "blog-index.json"), "utf8")) as { posts: { slug: string }[] }
  ).posts.map((post) => post.slug);
  const misses = options.misses ?? defaultMisses(slugs[0]);
  const notFound = [];
  for (const path of misses) notFound.push({ path, ...(await markdownMiss(dir, path)) });
  return { dir, posts: slugs.length, files, notFound };
}

/** The Markdown 404 of `path` from a host that has read nothing yet, counting what it reads. */
async function markdownMiss(
  dir: string,
  path: string,
): Promise<{ bytes: number; filesRead: number; bytesRead: number }> {
  const store = folderStore(dir);
  let filesRead = 0;
  let bytesRead = 0;
  const site = new SiteData(async (file) => {
    const body = await store(file);
    if (body !== null) {
      filesRead++;
      bytesRead += (body as Uint8Array).byteLength;
    }
    return body;
  });
  const response = await respond(
    new Request(new URL(path, "http://localhost"), { headers: { accept: "text/markdown" } }),
    site,
  );
  if (response?.status !== 404) throw new Error(`${path} answered ${response?.status}, not 404`);
  return { bytes: (await response.arrayBuffer()).byteLength, filesRead, bytesRead };
}

function defaultMisses(newest: string | undefined): string[] {
  if (!newest) return ["/no-such-page/"];
  const typo =
    newest.length > 4 ? `${newest.slice(0, 3)}${newest[4]}${newest[3]}${newest.slice(5)}` : `${newest}x`;
  const withoutFirstWord = newest.includes("-") ? newest.slice(newest.indexOf("-") + 1) : newest;
  return [`/blog/${typo}/`, `/blog/${withoutFirstWord}/`, "/no-such-page/"];
}

/** The sizes as a Markdown table, for BENCHMARKS.md. */
export function agentFileTable(sizes: AgentFileSizes): string {
  const n = (value: number) => value.toLocaleString("en");
  return [
    `| file (${n(sizes.posts)} posts) | bytes | characters |`,
    "|---|---:|---:|",
    ...sizes.files.map((file) => `| ${file.path} | ${n(file.bytes)} | ${n(file.characters)} |`),
    ...sizes.notFound.map(
      (miss) =>
        `| Markdown 404 of \`${miss.path}\` (read: ${n(miss.filesRead)} files, ${n(miss.bytesRead)} bytes) | ${n(miss.bytes)} | |`,
    ),
  ].join("\n");
}

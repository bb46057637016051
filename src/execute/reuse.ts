/**
 * What one build leaves for the next: for each published post, the hash of
 * its file, its parse, and its page's files and facts, with a fingerprint of
 * everything else its page is made from. A post whose file and fingerprint
 * are unchanged is not rendered again: its files are taken from where the
 * earlier build left them (the watch session's output folder, or the build
 * cache, src/write/cache.ts).
 */
import { createHash } from "node:crypto";
import type { PostSource } from "../content/types.ts";
import type { Manifest, PageRoute } from "../manifest/manifest.ts";
import { postShell } from "../manifest/post-shell.ts";
import { urlOfTag, type LinkTargets } from "../render/liquid/links.ts";
import type { Written } from "../write/output.ts";
import type { PageFacts } from "../write/page-facts.ts";
import { codeFingerprint, type PostRecord, type PostRecords } from "../write/post-records.ts";

/**
 * Everything a post page is made from besides its own file: the manifest's
 * shell (`postShell`), the templates and assets, the markup added to every
 * page, and the code that renders it (sitegen and its packages).
 */
export function pageFingerprint(
  manifest: Manifest,
  templates: { fingerprint: string },
  headExtra = "",
): string {
  return createHash("sha256")
    .update(JSON.stringify(postShell(manifest)))
    .update("\0")
    .update(templates.fingerprint)
    .update("\0")
    .update(headExtra)
    .update("\0")
    .update(codeFingerprint())
    .digest("base64url");
}

/** What a post page is made from besides its own file: the shell, and what its Jekyll link tags name. */
export interface PageInputs {
  shell: string;
  targets: LinkTargets;
}

/**
 * The earlier record of a post, when neither its file nor anything its page
 * is made from has changed (the URL each of its link tags names included),
 * and it names the files the route has (an index edited by hand may name others).
 */
export function unchanged(
  records: PostRecords | undefined,
  key: string,
  source: string | undefined,
  inputs: PageInputs,
  route: PageRoute,
): PostRecord | undefined {
  const record = records?.get(key);
  if (
    !record ||
    record.source !== source ||
    record.shell !== inputs.shell ||
    record.around !== aroundOf(route) ||
    !Array.isArray(record.files)
  )
    return undefined;
  if (record.facts.named?.some(([tag, url]) => (urlOfTag(tag, inputs.targets) ?? "") !== url))
    return undefined;
  const [html, markdown, ...more] = record.files;
  return html?.file === route.htmlFile && markdown?.file === route.markdownFile && more.length === 0
    ? record
    : undefined;
}

/** The record of a post page just built from `post`. */
export function recordOf(
  post: PostSource,
  route: PageRoute,
  source: string,
  shell: string,
  written: Map<string, Written>,
  facts: PageFacts,
): PostRecord {
  return {
    source,
    // Without its body; the same object when it has none, so that what is kept by post (its route) holds for the next build.
    post: post.body === "" ? post : { ...post, body: "" },
    shell,
    around: aroundOf(route),
    files: [route.htmlFile, route.markdownFile].map((file) => ({ file, written: written.get(file)! })),
    facts,
  };
}

/**
 * What a post page shows besides its own file and the shell: the posts before
 * and after it (a neighbour's new title renders it again), and whether it is
 * a draft.
 */
export function aroundOf(route: PageRoute): string {
  return JSON.stringify([route.newer ?? null, route.older ?? null, route.draft ?? false]);
}

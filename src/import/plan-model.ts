/**
 * What an import plans, and what it is planned with: the shapes planImport
 * (plan.ts) fills and its stages (plan-addresses.ts, plan-body.ts) and
 * index.ts read, in a file of their own so that each imports them from
 * where they are defined, none through another.
 */
import type { HeadingIdStyle } from "../content/types.ts";
import type { LeftOut } from "./model.ts";

export interface PlannedFile {
  /** Inside the site, `/`-separated: `content/blog/x.md`. */
  path: string;
  body: string | Uint8Array;
  /** The source it comes from, as messages name it. */
  from: string;
  /** A page of the starter's this one takes the place of (`content/pages/about.md` for `about/index.md`). */
  replaces?: string;
}

export interface ImportPlan {
  files: PlannedFile[];
  /** Each template form converted, with how many. */
  converted: Map<string, number>;
  /** Template tags left as written, by `file:line`. */
  notConverted: { file: string; line: number; tag: string }[];
  /** How many old addresses became aliases, and how many links were rewritten to new paths. */
  aliases: number;
  links: number;
  /** Documents whose old address could not be computed, with why. */
  unknownUrls: { file: string; why: string }[];
  /** The fields kept as params, by name, with how many files have each. */
  kept: Map<string, number>;
  /** Source documents and files not moved, with why. */
  skipped: LeftOut[];
  /** Each moved document's old addresses and where it is now, and whether it is a home that only lists the posts: for the report and for checking an import. */
  moved: { file: string; from: string[]; to: string; list?: true }[];
  /** Links to an address of the site that nothing answers now: kept as written, by file:line. */
  unresolved: { file: string; line: number; url: string }[];
  /** Old addresses of what was not moved, which the new site does not answer. */
  lost: { url: string; file: string; why: string }[];
}

export interface PlanOptions {
  /** The day pages without one are dated, YYYY-MM-DD. */
  date: string;
  /** Whether the target site's templates publish a path (its assets). */
  published?: (path: string) => boolean;
  /** How a source file is named in messages. */
  shown?: (path: string) => string;
  /** Files of the target site a site-wide file may not take the place of (its templates' root files and assets). */
  taken?: (staticName: string) => string | undefined;
  /** How the new site spells heading ids (site.yaml's `markdown.heading_ids`, anchors.ts `headingIdsOf`): the moved links' fragments are read with it. */
  headingIds?: HeadingIdStyle;
}

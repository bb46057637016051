/** Messages between the build and its render lanes, and errors as they cross threads. */
import type { SourceEntry } from "../content/load.ts";
import { SitegenError, type ErrorCode } from "../errors.ts";
import type { Manifest } from "../manifest/manifest.ts";
import type { Job } from "../plan/plan.ts";
import type { PageFacts } from "../write/page-facts.ts";
import type { LinkTargets } from "../render/liquid/links.ts";
import type { DiskChannel } from "../write/disk-thread.ts";
import type { Written } from "../write/output.ts";
import type { KnownSource } from "../write/post-records.ts";

export type LaneRequest =
  /** `known`: what an earlier build knew of these files, by path. */
  | { id: number; kind: "parse"; entries: SourceEntry[]; known: [string, KnownSource][]; keepBodies: boolean }
  /** Sent to each lane once before its first chunk: what every chunk shares. `manifest` comes without its routes, `linkTargets` with what a post's link tags may name; `disk`, the lane's own channel to the staging folder's disk thread; `highlights`, the build cache's folder of highlighted blocks. */
  | {
      id: number;
      kind: "setup";
      manifest: Manifest;
      targets: string[];
      linkTargets: LinkTargets;
      stagingDir: string;
      templatesDir: string;
      cwd: string;
      headExtra?: string;
      disk?: DiskChannel;
      highlights?: string;
    }
  | { id: number; kind: "render"; jobs: Job[] };

/** A request as the pool queues it, before it numbers it for its reply. */
export type QueuedRequest = WithoutId<LaneRequest>;

/** `Omit` for each member of a union, not for the union as a whole. */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

/** What a lane sends back for a chunk of jobs: the files it wrote and its pages' facts, links already narrowed. */
export interface ChunkReply {
  written: [string, Written][];
  facts: PageFacts[];
}

export interface WireError {
  code: ErrorCode;
  kind: SitegenError["kind"];
  target?: string;
  message: string;
  location?: SitegenError["location"];
  hint?: string;
  sourceLine?: string;
}

export function toWire(error: SitegenError): WireError {
  return {
    code: error.code,
    kind: error.kind,
    target: error.target,
    message: error.message,
    location: error.location,
    hint: error.hint,
    sourceLine: error.sourceLine,
  };
}

export function fromWire(error: WireError): SitegenError {
  return new SitegenError(error.code, error.message, {
    kind: error.kind,
    target: error.target,
    location: error.location,
    hint: error.hint,
    sourceLine: error.sourceLine,
  });
}

/** Messages between the build and its render workers, and errors as they cross threads. */
import type { SourceEntry } from "./content/load.ts";
import type { Written } from "./emit/negotiation-table.ts";
import { SitegenError, type ErrorCode } from "./errors.ts";
import type { Manifest } from "./manifest.ts";
import type { LinkFact } from "./plan.ts";

export type WorkerRequest =
  | { id: number; kind: "parse"; entries: SourceEntry[] }
  /** `manifest.posts` holds just the posts to render; `linkable` is every path a link may target. */
  | { id: number; kind: "render"; manifest: Manifest; linkable: string[]; stagingDir: string; templatesDir: string; headExtra?: string };

export interface RenderReply {
  written: [string, Written][];
  ids: [string, string[]][];
  /** Only the links that may fail the link check, already located. */
  links: { path: string; href: string; line: number; location: NonNullable<LinkFact["location"]> }[];
}

export interface WireError {
  code: ErrorCode;
  message: string;
  location?: SitegenError["location"];
  hint?: string;
  sourceLine?: string;
}

export function toWire(error: SitegenError): WireError {
  return { code: error.code, message: error.message, location: error.location, hint: error.hint, sourceLine: error.sourceLine };
}

export function fromWire(error: WireError): SitegenError {
  return new SitegenError(error.code, error.message, { location: error.location, hint: error.hint, sourceLine: error.sourceLine });
}

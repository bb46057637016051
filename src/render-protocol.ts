/** Messages between the build and its render workers, and errors as they cross threads. */
import type { SourceEntry } from "./content/load.ts";
import { SitegenError, type ErrorCode } from "./errors.ts";
import type { Manifest, PageRoute } from "./manifest.ts";

export type WorkerRequest =
  | { id: number; kind: "parse"; entries: SourceEntry[] }
  /** Sent to each worker once before its first chunk: what every chunk shares. `manifest` comes without posts. */
  | { id: number; kind: "setup"; manifest: Manifest; targets: string[]; stagingDir: string; templatesDir: string; headExtra?: string; llmsPart: string }
  | { id: number; kind: "render"; posts: PageRoute[] };

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

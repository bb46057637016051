/**
 * Where rendered files go. The build writes into a staging folder on disk
 * (staging.ts); tests can run a whole plan into memory instead. Either way the
 * writer records each file's ETag and size, which the negotiation data and the
 * size budgets read.
 */
import { createHash, type Hash } from "node:crypto";

export interface Written {
  etag: string;
  bytes: number;
}

/** A file's content: text, bytes, or pieces of either written as they come. */
export type Body = string | Uint8Array | Iterable<string | Uint8Array>;

export interface FileWriter {
  /** Every file written so far, by path from the output folder. */
  readonly written: Map<string, Written>;
  write(file: string, body: Body): void;
  /** A file written earlier in this build, for jobs that are made of other files (after `flush`). */
  read(file: string): Uint8Array;
  /** Resolves when every file written so far can be read back: a writer that writes later has one. */
  flush?(): Promise<void>;
  /** Resolves when every file written so far is in place, or rejects naming the first that could not be. */
  settle?(): Promise<void>;
}

/** A strong ETag from the content hash: quotes included, 22 base64url characters (132 bits). */
export function etagOf(hash: Hash): string {
  return `"${hash.digest("base64url").slice(0, 22)}"`;
}

/** What the negotiation data and the budgets know of a whole file: its ETag and size. */
export function writtenOf(bytes: Uint8Array): Written {
  return { etag: etagOf(createHash("sha256").update(bytes)), bytes: bytes.byteLength };
}

/** A writer that keeps every file in memory: the plan run without a disk. */
export class MemoryWriter implements FileWriter {
  readonly written = new Map<string, Written>();
  readonly files = new Map<string, Uint8Array>();

  write(file: string, body: Body): void {
    const bytes = bytesOf(body);
    this.files.set(file, bytes);
    this.written.set(file, writtenOf(bytes));
  }

  read(file: string): Uint8Array {
    const bytes = this.files.get(file);
    if (!bytes) throw new Error(`${file} was not written`);
    return bytes;
  }
}

/** A body's bytes, whole. */
export function bytesOf(body: Body): Uint8Array {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return body;
  return Buffer.concat(
    [...body].map((piece) => (typeof piece === "string" ? Buffer.from(piece, "utf8") : piece)),
  );
}

/**
 * The writer: puts a plan on disk in a temporary folder beside the output and
 * swaps it into place only when everything succeeded, so a failed build never
 * leaves a half-written output folder.
 */
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { SitegenError } from "./errors.ts";
import type { Written } from "./emit/negotiation-table.ts";
import type { Output } from "./plan.ts";

export class StagingFolder {
  readonly path: string;
  readonly written = new Map<string, Written>();
  private readonly dirs = new Set<string>();

  private constructor(
    readonly target: string,
    path?: string,
  ) {
    this.path = path ?? join(dirname(target), `.sitegen-tmp-${basename(target)}-${randomBytes(4).toString("hex")}`);
  }

  /** Writes into a staging folder another thread created (render workers); never commits it. */
  static attach(path: string): StagingFolder {
    return new StagingFolder("", path);
  }

  static async create(target: string): Promise<StagingFolder> {
    const staging = new StagingFolder(resolve(target));
    await mkdir(staging.path, { recursive: true });
    return staging;
  }

  /**
   * Renders and writes every output, one after another. Writes are
   * synchronous: for many small files, a promise and a thread-pool round trip
   * per file cost more than the write itself, and workers write in parallel.
   */
  async writeAll(outputs: Output[]): Promise<void> {
    for (const output of outputs) this.writeNow(output);
  }

  async write(output: Output): Promise<void> {
    this.writeNow(output);
  }

  private writeNow(output: Output): void {
    const path = resolve(this.path, output.file);
    // Compare with a trailing separator: `/out-evil` starts with `/out` too.
    if (!path.startsWith(this.path + sep)) throw new SitegenError("E_CHECK", `output path \`${output.file}\` would leave the output folder`);
    this.ensureDir(dirname(path));
    const body = output.render();
    const hash = createHash("sha256");
    let bytes = 0;
    if (typeof body === "string") {
      // Strings go to the hash and the file as they are: a Buffer per file is
      // native memory that a large build churns through faster than it is freed.
      hash.update(body, "utf8");
      bytes = Buffer.byteLength(body, "utf8");
      writeFileSync(path, body, "utf8");
    } else if (body instanceof Uint8Array) {
      hash.update(body);
      bytes = body.byteLength;
      writeFileSync(path, body);
    } else {
      const fd = openSync(path, "w");
      try {
        for (const chunk of body) {
          const data = Buffer.from(chunk, "utf8");
          hash.update(data);
          bytes += data.byteLength;
          writeSync(fd, data);
        }
      } finally {
        closeSync(fd);
      }
    }
    this.written.set(output.file, { etag: `"${hash.digest("base64url").slice(0, 22)}"`, bytes });
  }

  /** Moves the finished folder into place; the previous output is removed only after. */
  async commit(): Promise<void> {
    const old = `${this.target}.sitegen-old-${randomBytes(4).toString("hex")}`;
    const exists = await stat(this.target).then(() => true, () => false);
    if (exists) await rename(this.target, old);
    try {
      await rename(this.path, this.target);
    } catch (error) {
      if (exists) await rename(old, this.target);
      throw new SitegenError("E_IO", `cannot move the new build into ${this.target}`, { cause: error });
    }
    if (exists) await rm(old, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.path, { recursive: true, force: true });
  }

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.dirs.add(dir);
  }
}

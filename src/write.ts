/**
 * The writer: puts a plan on disk in a temporary folder beside the output and
 * swaps it into place only when everything succeeded, so a failed build never
 * leaves a half-written output folder.
 */
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { SitegenError } from "./errors.ts";
import type { Written } from "./emit/negotiation-table.ts";
import type { Output } from "./plan.ts";

/** Writes at most this many files at once: enough to keep the disk busy, few enough to bound memory. */
const PARALLEL_WRITES = 16;

export class StagingFolder {
  readonly path: string;
  readonly written = new Map<string, Written>();
  private readonly dirs = new Set<string>();

  private constructor(readonly target: string) {
    this.path = join(dirname(target), `.sitegen-tmp-${basename(target)}-${randomBytes(4).toString("hex")}`);
  }

  static async create(target: string): Promise<StagingFolder> {
    const staging = new StagingFolder(resolve(target));
    await mkdir(staging.path, { recursive: true });
    return staging;
  }

  /**
   * Renders and writes every output, a bounded number at a time. On the first
   * failure no new write starts, and the ones under way finish before the error
   * is thrown, so `discard()` never races a write into the folder it removes.
   */
  async writeAll(outputs: Output[]): Promise<void> {
    let next = 0;
    let failure: { error: unknown } | undefined;
    const worker = async () => {
      while (!failure && next < outputs.length) {
        try {
          await this.write(outputs[next++]);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_WRITES, outputs.length) }, worker));
    if (failure) throw failure.error;
  }

  async write(output: Output): Promise<void> {
    const path = resolve(this.path, output.file);
    // Compare with a trailing separator: `/out-evil` starts with `/out` too.
    if (!path.startsWith(this.path + sep)) throw new SitegenError("E_CHECK", `output path \`${output.file}\` would leave the output folder`);
    await this.ensureDir(dirname(path));
    const body = output.render();
    const hash = createHash("sha256");
    let bytes = 0;
    if (typeof body === "string" || body instanceof Uint8Array) {
      const data = typeof body === "string" ? Buffer.from(body, "utf8") : body;
      hash.update(data);
      bytes = data.byteLength;
      await writeFile(path, data);
    } else {
      const stream = createWriteStream(path);
      for (const chunk of body) {
        const data = Buffer.from(chunk, "utf8");
        hash.update(data);
        bytes += data.byteLength;
        if (!stream.write(data)) await new Promise<void>((done) => stream.once("drain", () => done()));
      }
      await new Promise<void>((done, fail) => stream.end((error?: Error | null) => (error ? fail(error) : done())));
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

  private async ensureDir(dir: string): Promise<void> {
    if (this.dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }
}

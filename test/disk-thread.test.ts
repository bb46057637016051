/**
 * The staging folder's disk thread: files handed to it land with the bytes and
 * ETags a synchronous write gives, from this thread and from a second writer
 * attached through a channel of its own; a file larger than a slot is written
 * here instead; nothing is read back before a flush, though links still
 * queued do not hold a read back; a write that fails fails the flush,
 * naming the file; and a link made for a checked file is that file or none.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { DiskWriter } from "../src/write/disk-thread.ts";
import { identityOf } from "../src/write/object-links.ts";
import { writtenOf } from "../src/write/output.ts";
import { StagingFolder } from "../src/write/staging.ts";
import { tempDir } from "./helpers/dist.ts";

/** Texts of every size class: empty, small, multi-byte, just under and over a slot. */
function samples(): [string, string | Uint8Array][] {
  const slot = DiskWriter.slotBytes;
  return [
    ["empty.txt", ""],
    ["a/b/c/small.md", "# Tiêu đề\n\nxin chào\n"],
    ["bytes.bin", Uint8Array.from({ length: 3000 }, (_, index) => index % 251)],
    ["wide/multibyte.html", "ệ".repeat(Math.floor(slot / 3) - 1)],
    ["wide/just-over.html", "ệ".repeat(Math.floor(slot / 3) + 5)],
    ["large/whole.json", "x".repeat(slot * 3)],
    ...Array.from({ length: 200 }, (_, index): [string, string] => [
      `blog/post-${index}/index.html`,
      `<p>${"word ".repeat(index * 37)}</p>\n`,
    ]),
  ];
}

/** A staging folder whose whole files the disk thread writes, as a build of 100 posts or more has. */
async function threadedFolder(target: string): Promise<StagingFolder> {
  const staging = await StagingFolder.create(target);
  staging.startDiskThread();
  return staging;
}

async function writeAll(staging: StagingFolder, files: [string, string | Uint8Array][]): Promise<void> {
  for (const [file, body] of files) staging.write(file, body);
  await staging.flush();
}

test("files written through the disk thread have the bytes and ETags of synchronous writes, from this thread and an attached writer", async () => {
  const root = tempDir("sitegen-disk-");
  const files = samples();
  const plain = await StagingFolder.create(join(root, "plain"));
  await writeAll(plain, files);
  const threaded = await threadedFolder(join(root, "threaded"));
  const half = Math.floor(files.length / 2);
  await writeAll(threaded, files.slice(0, half));
  // A render lane's writer: a channel of its own to the same thread.
  const attached = StagingFolder.attach(threaded.path, threaded.diskChannel());
  await writeAll(attached, files.slice(half));
  for (const [file] of files) {
    assert.deepEqual(readFileSync(join(threaded.path, file)), readFileSync(join(plain.path, file)), file);
    const written = threaded.written.get(file) ?? attached.written.get(file);
    assert.deepEqual(written, plain.written.get(file), file);
  }
  await plain.discard();
  await threaded.discard();
});

test("a file is not read back from the staging folder before the disk thread has written it", async () => {
  const staging = await threadedFolder(join(tempDir("sitegen-disk-"), "out"));
  staging.write("page.md", "# A page\n");
  assert.throws(() => staging.read("page.md"), /before the staging folder was flushed/);
  await staging.flush();
  assert.equal(Buffer.from(staging.read("page.md")).toString(), "# A page\n");
  await staging.discard();
});

test("a write the disk thread cannot make fails the flush, naming the file, and the writes after it are not made", async () => {
  const staging = await threadedFolder(join(tempDir("sitegen-disk-"), "out"));
  staging.write("taken", "a file where a folder is wanted\n");
  staging.write("taken/page.html", "<p>cannot be written</p>\n");
  staging.write("later.html", "<p>after the failure</p>\n");
  await assert.rejects(staging.flush(), (error: Error & { code?: string }) => {
    assert.equal(error.code, "E_IO");
    assert.match(error.message, /cannot write .*taken\/page\.html/);
    return true;
  });
  assert.deepEqual(readdirSync(staging.path), ["taken"]);
  // The next flush starts clean.
  staging.write("again.html", "<p>written</p>\n");
  await staging.flush();
  assert.ok(readdirSync(staging.path).includes("again.html"));
  await staging.discard();
});

test("links queued for the thread do not hold back a read: a linked file reads as the file it links, and settling puts every link in place", async () => {
  const root = tempDir("sitegen-disk-");
  const objects = join(root, "objects");
  mkdirSync(objects);
  const staging = await threadedFolder(join(root, "out"));
  staging.write("written.md", "# Written here\n");
  const links = Array.from({ length: 2000 }, (_, index) => `blog/post-${index}.md`);
  for (const [index, file] of links.entries()) {
    const object = join(objects, String(index));
    writeFileSync(object, `# Post ${index}\n`);
    staging.link(file, object, writtenOf(readFileSync(object)));
  }
  await staging.flush();
  assert.equal(Buffer.from(staging.read("written.md")).toString(), "# Written here\n");
  assert.equal(Buffer.from(staging.read(links[1999])).toString(), "# Post 1999\n");
  await staging.settle();
  assert.equal(readdirSync(join(staging.path, "blog")).length, links.length);
  assert.equal(readFileSync(join(staging.path, links[1999]), "utf8"), "# Post 1999\n");
  await staging.discard();
});

test("a write that failed while links were queued fails the flush for reading, naming the file", async () => {
  const root = tempDir("sitegen-disk-");
  writeFileSync(join(root, "object"), "# Linked\n");
  const staging = await threadedFolder(join(root, "out"));
  staging.write("taken", "a file where a folder is wanted\n");
  staging.write("taken/page.md", "# Cannot be written\n");
  for (let index = 0; index < 500; index++)
    staging.link(`blog/post-${index}.md`, join(root, "object"), writtenOf(Buffer.from("# Linked\n")));
  await assert.rejects(staging.flush(), /cannot write .*taken\/page\.md/);
  await staging.discard();
});

test("a link made for a checked file is that very file, with the disk thread and without: one swapped in after the check fails the build, naming it, and nothing is left where the link was", async () => {
  const root = tempDir("sitegen-disk-");
  const object = join(root, "object");
  writeFileSync(object, "# Checked\n");
  const identity = identityOf(statSync(object, { bigint: true }));
  // Another file renamed over the object's name after its bytes were checked: same name, same size, another file.
  const swapped = join(root, "swapped");
  writeFileSync(join(root, "other"), "# Forged\n\n");
  writeFileSync(swapped, "# Checked\n");
  renameSync(join(root, "other"), swapped);
  for (const threaded of [true, false]) {
    const staging = threaded
      ? await threadedFolder(join(root, "threaded"))
      : await StagingFolder.create(join(root, "plain"));
    staging.link("blog/kept.md", object, writtenOf(Buffer.from("# Checked\n")), identity);
    assert.equal(Buffer.from(staging.read("blog/kept.md")).toString(), "# Checked\n");
    const forged = () =>
      staging.link("blog/forged.md", swapped, writtenOf(Buffer.from("# Checked\n")), identity);
    if (threaded) {
      forged();
      await assert.rejects(staging.settle(), (error: Error & { code?: string }) => {
        assert.equal(error.code, "E_IO");
        assert.match(error.message, /swapped was changed while this build read it/);
        return true;
      });
    } else assert.throws(forged, /swapped was changed while this build read it/);
    assert.equal(
      statSync(join(staging.path, "blog/kept.md")).ino,
      statSync(object).ino,
      "a link, not a copy",
    );
    assert.ok(!existsSync(join(staging.path, "blog/forged.md")), "nothing is left where the forged link was");
    await staging.discard();
  }
});

/**
 * A post's bundle: a folder `blog/<slug>/index.md` (or `<slug>/<slug>.md`, as
 * Eleventy places it) with its images and other files beside it, as Hugo and
 * Eleventy place them. Its own module because a bundle is read by other rules
 * than the rest of the tree (src/content/tree.ts): every file in it is the
 * post's, a second Markdown file is left out, and each file is measured
 * against the host's limit and, for an image, its size read.
 */
import { readdirSync, realpathSync, statSync } from "node:fs";
import { basename, extname, join, relative, sep } from "node:path";
import type { FindingKind } from "../policy.ts";
import { safeRealpath, kindOf } from "./entries.ts";
import { isMarkdown } from "./file-kinds.ts";
import { sizeProblem } from "./file-limit.ts";
import { imageDimensions } from "./image-size.ts";
import { unpublishableName } from "./published-names.ts";
import type { BundleFile, SourceEntry } from "./source-entry.ts";

/** The post file of a bundle folder: `index.md`, or a Markdown file named as the folder (Eleventy's `fourth/fourth.md`). */
export function bundlePost(folder: string, names: string[]): string | undefined {
  const own = basename(folder).toLowerCase();
  return names.find(
    (name) => isMarkdown(name) && ["index", own].includes(name.slice(0, -extname(name).length).toLowerCase()),
  );
}

export type Report = (path: string, message: string, hint: string) => void;
export type Refuse = (path: string, message: string, hint: string, kind?: FindingKind) => void;

/** A bundle's post and every other file of its folder, subfolders included. */
export function bundle(
  folder: string,
  post: string,
  display: (path: string) => string,
  inside: (real: string) => boolean,
  report: { refuse: Refuse; leaveOut: Report },
): SourceEntry {
  const files: BundleFile[] = [];
  // Folders already read, by real path: a link back to one of them (`loop -> .`) would be read forever.
  const seen = new Set<string>();
  const visit = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((each) => !each.startsWith("."))
        .sort();
      seen.add(realpathSync(dir));
    } catch (error) {
      report.refuse(
        dir,
        `cannot be read (${(error as NodeJS.ErrnoException).code})`,
        "remove it, or make it a folder of regular files",
        "unreadable",
      );
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (dir === folder && name === post) continue;
      const kind = kindOf(path, inside);
      if (kind.refused) report.refuse(path, kind.refused, kind.hint, kind.kind);
      else if (kind.folder && seen.has(safeRealpath(path) ?? path))
        report.refuse(
          path,
          "a symbolic link to a folder read already (a loop, or a second way to the same files): not read",
          "remove the link",
        );
      else if (kind.folder) visit(path);
      else if (unpublishableName(name))
        report.leaveOut(path, unpublishableName(name)!.message, unpublishableName(name)!.hint);
      else if (isMarkdown(name))
        report.leaveOut(
          path,
          "a second Markdown file in a post's folder: left out",
          `the folder is the post ${display(join(folder, post))}; give this post a folder or a file of its own`,
        );
      else {
        const real = kind.real ?? path;
        const bytes = statSync(real).size;
        const tooLarge = sizeProblem(bytes, "a post's file");
        if (tooLarge) report.refuse(path, tooLarge.message, tooLarge.hint, "host-limit");
        else
          files.push({
            name: relative(folder, path).split(sep).join("/"),
            path: real,
            file: display(path),
            bytes,
            ...imageDimensions(real, name),
          });
      }
    }
  };
  visit(folder);
  return {
    name: basename(folder),
    path: join(folder, post),
    file: display(join(folder, post)),
    bundle: files,
  };
}

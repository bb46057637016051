/**
 * The largest file the site publishes as it is, a file of content/static/ or
 * one beside a post in its folder: a static site is no place for a larger
 * one, and CDNs refuse them (Cloudflare at 25 MiB a file). Its size is read
 * from the file system before any of its bytes, so a huge file (a 300 MB
 * logo, a 2 GiB video) is refused without being read.
 */
export const MAX_PUBLISHED_FILE_BYTES = 20 * 1024 * 1024;

/** Why a file of `bytes` bytes is not published, or undefined when it may be; `what` names the kind of file. */
export function sizeProblem(bytes: number, what: string): { message: string; hint: string } | undefined {
  if (bytes <= MAX_PUBLISHED_FILE_BYTES) return undefined;
  return {
    message: `${bytes} bytes: ${what} may be at most ${MAX_PUBLISHED_FILE_BYTES} bytes (20 MB)`,
    hint: "link a large file from where it is hosted instead of publishing it with the site",
  };
}

/**
 * The largest post, page or site.yaml the build reads: a text longer than a
 * long book (War and Peace is 3.2 MB). Parsing and rendering cost many times a
 * text's size (a 60 MB post took 3.6 GB of memory and two minutes; a 1 GB one
 * stopped the build on a fault naming no file, and `serve --watch` stopped
 * answering while it read it), so a larger file is refused by its size, read
 * from the file system, before any of it is read.
 */
export const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

/** Why a text of `bytes` bytes is not read, or undefined when it may be; `what` names it (`a post`). */
export function sourceSizeProblem(
  bytes: number,
  what: string,
): { message: string; hint: string } | undefined {
  if (bytes <= MAX_SOURCE_BYTES) return undefined;
  return {
    message: `${bytes} bytes: ${what} may be at most ${MAX_SOURCE_BYTES} bytes (5 MB), so it is not read`,
    hint: "split it into several, or publish a long document as a file of content/static/ and link it",
  };
}

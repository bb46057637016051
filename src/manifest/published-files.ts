/**
 * The files of the content a site publishes as they are: each post's own
 * files under its path, content/static/'s at the root, and the narrower
 * copies of a post's cover beside it. Pure.
 */
import type { ContentFile, PostSource } from "../content/types.ts";
import { imageVariants } from "./image-variants.ts";
import type { PageRoute, PublishedFile } from "./routes.ts";

/**
 * The published posts' bundle files under each post's path, content/static/'s
 * (`siteWide`) at the root, and the narrower copies of each post's cover that
 * is one of these, beside it.
 */
export function publishedFiles(
  posts: PageRoute[],
  sources: PostSource[],
  siteWide: ContentFile[],
  baseUrl: string,
): PublishedFile[] {
  const files: PublishedFile[] = [];
  const add = (path: string, file: ContentFile, bundle: boolean) =>
    files.push({
      path: encodeURI(path),
      file: path.slice(1),
      sourcePath: file.path,
      source: file.file,
      bytes: file.bytes,
      bundle,
      ...(file.width && file.height ? { width: file.width, height: file.height } : {}),
    });
  posts.forEach((route, index) => {
    for (const file of sources[index].bundle ?? []) add(`${route.path}${file.name}`, file, true);
  });
  for (const file of siteWide) add(`/${file.name}`, file, false);
  const byPath = new Map(files.map((file) => [file.path, file]));
  // A picture of content/static/ that several posts show is copied once.
  const covers = new Set(
    posts.map((route) => coverFile(route, baseUrl, byPath)).filter((cover) => cover !== undefined),
  );
  for (const cover of covers) files.push(...coverVariants(cover));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A post's cover when it is its own file or one of content/static/ (not another post's, which a post's page cannot size), with its size. */
export function coverFile(
  route: PageRoute,
  baseUrl: string,
  byPath: Map<string, PublishedFile>,
): (PublishedFile & { width: number; height: number }) | undefined {
  if (!route.image?.startsWith(`${baseUrl}/`)) return undefined;
  const file = byPath.get(route.image.slice(baseUrl.length));
  if (!file?.width || !file.height || (file.bundle && !file.path.startsWith(route.path))) return undefined;
  return file as PublishedFile & { width: number; height: number };
}

/** The cover's narrower copies as files the build publishes, each made from the cover's source. */
function coverVariants(cover: PublishedFile & { width: number; height: number }): PublishedFile[] {
  return imageVariants(cover.path, cover).map(({ path, width, height }) => ({
    ...cover,
    path,
    file: decodeURI(path).slice(1),
    width,
    height,
    variantOf: cover.path,
  }));
}

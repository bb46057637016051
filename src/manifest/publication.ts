/**
 * Which posts a build shows: those published by the time the build stands
 * for, the drafts too in a build that shows them, and the posts that are not
 * out yet. Its own module because it is the one place the build's time
 * decides what a site holds; every route after it is made from its list.
 * Pure.
 */
import type { PostSource } from "../content/types.ts";
import { postPath } from "./addresses.ts";

/** A post whose status is published but whose date is after the build's time: left out until then. */
export interface ScheduledPost {
  source: string;
  published: string;
  path: string;
}

/**
 * The posts the listings show, newest first (the slug orders posts of one
 * time), and the posts scheduled after `now`. A post dated after the time
 * the build stands for is not out yet, as in Hugo and Jekyll; a build with
 * `drafts` (`--drafts`, a preview) shows them among the posts, marked, and
 * no other build has them.
 */
export function shownPosts(
  posts: readonly PostSource[],
  { now, drafts }: { now: number; drafts?: boolean },
): { listed: PostSource[]; scheduled: ScheduledPost[] } {
  const dated = (post: PostSource) => ({ post, time: Date.parse(post.published) });
  const due = posts.filter((post) => post.status === "published").map(dated);
  const shown = [
    ...due.filter(({ time }) => time <= now),
    ...(drafts ? posts.filter((post) => post.status === "draft").map(dated) : []),
  ];
  const listed = shown
    .sort((a, b) => b.time - a.time || a.post.slug.localeCompare(b.post.slug))
    .map(({ post }) => post);
  const scheduled = due
    .filter(({ time }) => time > now)
    .map(({ post }) => ({ source: post.file, published: post.published, path: postPath(post.slug) }));
  return { listed, scheduled };
}

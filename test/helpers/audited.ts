/**
 * The pages the browser audits look at (Lighthouse, axe, screenshots), as the
 * issue of a careful read names them: the home page, the blog, a post in
 * Vietnamese, a post in English with code and a table (code in a table cell
 * included), the developers page and the HTML 404, each by the name its
 * screenshots and reports take.
 */
import { readSource } from "./site.ts";

const source = readSource();
const vietnamesePost = source.published.find((post) => post.lang === "vi")!;
const englishPost = source.published.find(
  (post) => post.lang === "en" && /^```\w+$/m.test(post.body) && /^\|.*`[^`]+`.*\|$/m.test(post.body),
)!;

export const AUDITED: Record<"home" | "blog" | "post-vi" | "post-en" | "developers" | "404", string> = {
  home: "/",
  blog: "/blog/",
  "post-vi": `/blog/${vietnamesePost.slug}/`,
  "post-en": `/blog/${englishPost.slug}/`,
  developers: "/developers/",
  "404": "/no-such-page/",
};

/**
 * What /blog/ (or a tag's page) lists, in both representations: the newest
 * posts with their descriptions, then the next ones by title and date under
 * their year, as many as fit the page's budget; the oldest that do not fit
 * are counted and sent to the blog index and the sitemap, which list every
 * post. Without `paginate` in site.yaml the page set stays closed (spec
 * §2.1), so /blog/ stays one page at any size; with it, each numbered page
 * lists its share (`pageOfListing`), and every post is on one of them.
 */
import type { Pagination } from "../../manifest/routes.ts";
import type { PageRoute } from "../../manifest/manifest.ts";

export interface BlogListing {
  /** The newest posts, shown with their descriptions. */
  full: PageRoute[];
  /** The posts after those, by year, newest first. */
  years: { year: string; posts: PageRoute[] }[];
  /** The oldest posts, left off the page; undefined when every post is on it. */
  omitted?: { count: number; fromYear: string; toYear: string };
  /** Posts on the page, and published in all. */
  listed: number;
  total: number;
}

/** The listing of the newest `listed` posts, the first `fullCount` of them in full. */
export function blogListing(posts: PageRoute[], fullCount: number, listed: number): BlogListing {
  const shown = posts.slice(0, listed);
  const years: BlogListing["years"] = [];
  for (const post of shown.slice(fullCount)) {
    const year = post.date!.slice(0, 4);
    if (years.at(-1)?.year !== year) years.push({ year, posts: [] });
    years.at(-1)!.posts.push(post);
  }
  const left = posts.slice(listed);
  const omitted =
    left.length > 0
      ? { count: left.length, fromYear: left.at(-1)!.date!.slice(0, 4), toYear: left[0].date!.slice(0, 4) }
      : undefined;
  return { full: shown.slice(0, fullCount), years, omitted, listed: shown.length, total: posts.length };
}

/** A numbered page of a listing: its share of the posts, each with its description. */
export function pageOfListing(posts: PageRoute[], pagination: Pagination): BlogListing {
  const full = posts.slice(pagination.first, pagination.end);
  return { full, years: [], listed: full.length, total: posts.length };
}

/** `2019`, or `2015 to 2019`: the years a run of posts spans. */
export function yearSpan(from: string, to: string): string {
  return from === to ? from : `${from} to ${to}`;
}

/** How the page's two representations come out for a listing. */
export type RenderListing = (listing: BlogListing) => { html: string; markdown: string };

/**
 * The listing with the most posts whose HTML and Markdown both fit `budget`,
 * and what it renders to. A page grows with every post it lists, so the
 * largest that fits is found by doubling, then halving the difference: the
 * pages rendered on the way stay within about twice the budget, however
 * large the blog. `memo` keeps the count found, which a watch session's next
 * rebuild tries first: a one-post edit seldom moves it.
 */
export function fitBlogListing(
  posts: PageRoute[],
  options: { fullCount: number; budget: number },
  render: RenderListing,
  memo?: { listed?: number },
): { listing: BlogListing; html: string; markdown: string } {
  const attempt = (listed: number) => {
    const listing = blogListing(posts, options.fullCount, listed);
    const out = render(listing);
    const fits =
      Buffer.byteLength(out.html) <= options.budget && Buffer.byteLength(out.markdown) <= options.budget;
    return { listing, ...out, fits };
  };
  const found = (result: ReturnType<typeof attempt>) => {
    if (memo) memo.listed = result.listing.listed;
    return result;
  };
  const earlier = memo?.listed;
  if (earlier !== undefined && earlier <= posts.length) {
    const same = attempt(earlier);
    if (same.fits && (earlier === posts.length || !attempt(earlier + 1).fits)) return found(same);
  }
  // fits(good) holds (or good is 0, the least the page can be); fits(bad) does not.
  let good = { listed: 0, size: 0 };
  let bad = { listed: posts.length + 1, size: Infinity };
  for (let step = 64; ; step *= 2) {
    const tried = attempt(Math.min(step, posts.length));
    const point = { listed: tried.listing.listed, size: sizeOf(tried, options.budget) };
    if (!tried.fits) {
      bad = point;
      break;
    }
    good = point;
    if (good.listed === posts.length) return found(tried);
  }
  // Each post adds about as much as the others: try where the line between the two ends crosses the budget, then halve what is left.
  while (bad.listed - good.listed > 1) {
    const slope = (bad.size - good.size) / (bad.listed - good.listed);
    const guess = Math.floor(good.listed + (options.budget - good.size) / slope);
    const middle =
      Number.isFinite(guess) && guess > good.listed && guess < bad.listed
        ? guess
        : Math.floor((good.listed + bad.listed) / 2);
    const tried = attempt(middle);
    const point = { listed: middle, size: sizeOf(tried, options.budget) };
    if (tried.fits) good = point;
    else bad = point;
    // A guess that lands right next to the answer is checked from the other side at once.
    if (tried.fits && middle + 1 < bad.listed) {
      const next = attempt(middle + 1);
      const point = { listed: middle + 1, size: sizeOf(next, options.budget) };
      if (next.fits) good = point;
      else bad = point;
    }
  }
  return found(attempt(good.listed));
}

/** The larger of a rendering's two representations, in bytes: the one the budget binds. */
function sizeOf(out: { html: string; markdown: string }, budget: number): number {
  return Math.min(budget * 4, Math.max(Buffer.byteLength(out.html), Buffer.byteLength(out.markdown)));
}

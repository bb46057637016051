/**
 * What rendering a page found out that outlives the render: the link check
 * reads it (src/render/checks/links.ts), and the build cache keeps it with the post's
 * record (post-records.ts), so it is defined below both.
 */
import type { FindingKind } from "../policy.ts";

/** A page's facts, from rendering its HTML. */
export interface PageFacts {
  path: string;
  /** Its heading ids, as `headingIds` joins them. */
  ids: string;
  /** Its links and images, each with the body line of the block it sits in (1-based, in the file). */
  links: { href: string; line: number; image?: true }[];
  /** What rendering its body found that the author should hear about (src/render/markdown/warnings.ts), when it found any. */
  warnings?: PageWarning[];
  /** Its Jekyll link tags, each with the URL it stood for ("" for none), when it has any: a post is made again when one changes (src/render/liquid/links.ts). */
  named?: [tag: string, url: string][];
}

/** A render's warning at its line of the file (1-based), with that line as written. */
export interface PageWarning {
  kind: FindingKind;
  line: number;
  message: string;
  hint: string;
  sourceLine: string;
  target?: string;
}

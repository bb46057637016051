/**
 * What the one build of an Astro site on a scratch copy gives the import
 * (astro-build.ts makes it): the MDX component calls it marked, for
 * astro-output.ts, and where each text's marker was published, for
 * published/astro.ts. Its own module, so that the build and its two readers
 * do not import each other.
 */
import type { MdxCall } from "./mdx-calls.ts";
import type { CodeMarks } from "./astro-code.ts";

/** The component calls of one MDX text, marked for the build. */
export interface CallMarks {
  /** The text's file, as messages name it. */
  file: string;
  /** The calls of the moved text, and where each is in the source file's body. */
  calls: MdxCall[];
  written: MdxCall[];
  /** Its first marker's number. */
  first: number;
}

/** The build: its calls, and the folder it wrote with each text's marker, or why Astro could not build. */
export type AstroBuild = {
  /** The MDX component calls marked, by text. */
  calls: CallMarks[];
} & (
  | {
      /** The built folder (without the base path). */
      out: string;
      /** The number of each text's marker, by its file as messages name it. */
      entries: Map<string, number>;
      /** The fenced code blocks marked, by text. */
      code: CodeMarks[];
    }
  | { unavailable: string }
);

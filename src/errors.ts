import { visible, visibleLines } from "./text/visible.ts";
import type { FindingKind } from "./policy.ts";

/** Error codes a user can act on; `bin/` maps them to exit codes. */
export type ErrorCode =
  | "E_CONTENT" // the content tree is wrong: fix the named file
  | "E_FIELD_NAME" // a frontmatter field that looks like a typo of one sitegen knows (a warning; `check --strict` fails)
  | "E_CONTROL_CHARACTER" // a character XML forbids in a text, left out of the XML files (a warning; `check --strict` fails)
  | "E_TEMPLATE" // a template is wrong
  | "E_CHECK" // artifacts disagree with each other or with the manifest
  | "E_USAGE" // the command line is wrong
  | "E_IO"; // the file system refused

/** The kind of a finding made without one, by its code. */
const KIND_OF_CODE: Record<ErrorCode, FindingKind> = {
  E_CONTENT: "bad-field",
  E_FIELD_NAME: "likely-typo",
  E_CONTROL_CHARACTER: "control-character",
  E_TEMPLATE: "template",
  E_CHECK: "output",
  E_USAGE: "output",
  E_IO: "unreadable",
};

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/**
 * The one type of what a run finds: a code, its kind (whose seriousness
 * src/policy.ts decides), where it happened, what to do, and the original
 * `cause`. Thrown when a check cannot go on, collected when it can.
 */
export class SitegenError extends Error {
  readonly code: ErrorCode;
  readonly kind: FindingKind;
  /** What several findings of a kind are about, to count them by: a broken link's target path. */
  readonly target?: string;
  readonly location?: SourceLocation;
  readonly hint?: string;
  /** The offending source line, shown with a caret under `column`. */
  readonly sourceLine?: string;
  /** What another program said, in its own lines (wrangler's last output), shown below the message. */
  readonly detail?: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      kind?: FindingKind;
      target?: string;
      location?: SourceLocation;
      hint?: string;
      sourceLine?: string;
      detail?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "SitegenError";
    this.code = code;
    this.kind = options.kind ?? KIND_OF_CODE[code];
    if (options.target !== undefined) this.target = options.target;
    this.location = options.location;
    this.hint = options.hint;
    this.sourceLine = options.sourceLine;
    this.detail = options.detail;
  }
}

/** `file:line:column` as editors and terminals link it. */
export function formatLocation(location: SourceLocation): string {
  let text = visible(location.file);
  if (location.line !== undefined) text += `:${location.line}`;
  if (location.line !== undefined && location.column !== undefined) text += `:${location.column}`;
  return text;
}

/** The most of a source line shown under a message: a line of a minified or binary file can be megabytes long. */
const SOURCE_LINE_CHARACTERS = 160;

/**
 * `content/blog/x.md:3:7: message`, then the line with a caret, then the
 * hint. Each part is one line, with its control characters shown as escapes
 * (src/text/visible.ts): a file's name, a slug or an alias is the content's
 * to choose, and must not speak to the terminal.
 */
export function formatError(error: SitegenError): string {
  const lines = [
    error.location ? `${formatLocation(error.location)}: ${visible(error.message)}` : visible(error.message),
  ];
  if (error.sourceLine !== undefined && error.location?.line !== undefined) {
    const gutter = `${error.location.line} | `;
    const { shown, caret } = sourceExcerpt(error.sourceLine, error.location.column);
    lines.push(`  ${gutter}${shown}`);
    if (caret !== undefined) lines.push(`  ${" ".repeat(gutter.length + caret)}^`);
  }
  if (error.detail?.trim()) lines.push(visibleLines(error.detail.trimEnd()).replace(/^/gm, "  | "));
  if (error.hint) lines.push(`  hint: ${visible(error.hint)}`);
  return lines.join("\n");
}

/** The source line as shown, cut to a window around the column, and where the caret goes under it (0-based). */
function sourceExcerpt(line: string, column: number | undefined): { shown: string; caret?: number } {
  const at = column === undefined ? 0 : Math.max(column - 1, 0);
  const start =
    line.length <= SOURCE_LINE_CHARACTERS
      ? 0
      : Math.max(0, Math.min(at - SOURCE_LINE_CHARACTERS / 2, line.length - SOURCE_LINE_CHARACTERS));
  const end = Math.min(line.length, start + SOURCE_LINE_CHARACTERS);
  const before = `${start > 0 ? "…" : ""}${visible(line.slice(start, at))}`;
  const shown = `${before}${visible(line.slice(at, end))}${end < line.length ? "…" : ""}`;
  return { shown, caret: column === undefined ? undefined : before.length };
}

/**
 * The most errors a SitegenErrors' message spells out: the CLI reports each
 * from `errors`, and a run with a million would make a message of hundreds
 * of megabytes nobody reads.
 */
const ERRORS_IN_MESSAGE = 100;

/** A list of problems found together, so a user fixes them all in one pass. */
export class SitegenErrors extends Error {
  readonly errors: SitegenError[];
  constructor(errors: SitegenError[]) {
    const more = errors.length - ERRORS_IN_MESSAGE;
    super(
      [
        ...errors.slice(0, ERRORS_IN_MESSAGE).map(formatError),
        ...(more > 0 ? [`… and ${more} more`] : []),
      ].join("\n"),
    );
    this.name = "SitegenErrors";
    this.errors = errors;
  }
}

/** The located errors a thrown value carries; undefined when it is none of ours (a bug, or the system refusing). */
export function errorsOf(error: unknown): SitegenError[] | undefined {
  if (error instanceof SitegenErrors) return error.errors;
  if (error instanceof SitegenError) return [error];
  return undefined;
}

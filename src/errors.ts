/** Error codes a user can act on; `bin/` maps them to exit codes. */
export type ErrorCode =
  | "E_CONTENT" // the content tree is wrong: fix the named file
  | "E_FIELD_NAME" // a frontmatter field that looks like a typo of one sitegen knows (a warning; `check --strict` fails)
  | "E_TEMPLATE" // a template is wrong
  | "E_CHECK" // artifacts disagree with each other or with the manifest
  | "E_USAGE" // the command line is wrong
  | "E_IO"; // the file system refused

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/** The one error type: a code, where it happened, what to do, and the original `cause`. */
export class SitegenError extends Error {
  readonly code: ErrorCode;
  readonly location?: SourceLocation;
  readonly hint?: string;
  /** The offending source line, shown with a caret under `column`. */
  readonly sourceLine?: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: { location?: SourceLocation; hint?: string; sourceLine?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "SitegenError";
    this.code = code;
    this.location = options.location;
    this.hint = options.hint;
    this.sourceLine = options.sourceLine;
  }
}

/** `file:line:column` as editors and terminals link it. */
export function formatLocation(location: SourceLocation): string {
  let text = location.file;
  if (location.line !== undefined) text += `:${location.line}`;
  if (location.line !== undefined && location.column !== undefined) text += `:${location.column}`;
  return text;
}

/** `content/blog/x.md:3:7: message`, then the line with a caret, then the hint. */
export function formatError(error: SitegenError): string {
  const lines = [error.location ? `${formatLocation(error.location)}: ${error.message}` : error.message];
  if (error.sourceLine !== undefined && error.location?.line !== undefined) {
    const gutter = `${error.location.line} | `;
    lines.push(`  ${gutter}${error.sourceLine}`);
    if (error.location.column !== undefined) {
      lines.push(`  ${" ".repeat(gutter.length + error.location.column - 1)}^`);
    }
  }
  if (error.hint) lines.push(`  hint: ${error.hint}`);
  return lines.join("\n");
}

/** A list of problems found together, so a user fixes them all in one pass. */
export class SitegenErrors extends Error {
  readonly errors: SitegenError[];
  constructor(errors: SitegenError[]) {
    super(errors.map(formatError).join("\n"));
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

/**
 * What rendering a body finds that the author should hear about, and that
 * does not stop the page: an H1 that repeats the title, an attribute list
 * that applies to nothing, HTML the site's security policy would block. Each
 * is at a line of the body; the page's facts carry them to the build's
 * warnings (src/render/checks/page-warnings.ts).
 */
import type { FindingKind } from "../../policy.ts";

export interface MarkdownWarning {
  /** What it is, for src/policy.ts to judge. */
  kind: FindingKind;
  /** 1-based, in the body. */
  line: number;
  message: string;
  hint: string;
  /** What findings of its kind are counted by: what a broken link names. */
  target?: string;
}

/** What a render's markdown-it env carries besides `RenderEnv`. */
interface WithWarnings {
  warnings?: MarkdownWarning[];
}

export function reportWarning(env: WithWarnings, warning: MarkdownWarning): void {
  (env.warnings ??= []).push(warning);
}

export function warningsOf(env: WithWarnings): MarkdownWarning[] {
  return env.warnings ?? [];
}

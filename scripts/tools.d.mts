/** Types of tools.mjs, which runs before `npm ci` (in .ci/run) and so is plain JavaScript. */
export type ToolName = "chromium" | "xmllint" | "curl" | "jq" | "jekyll" | "hugo";
export const TOOLS: Record<ToolName, { debian: string; for: string }>;
export function findTool(name: string, env?: NodeJS.ProcessEnv): string | undefined;
export function isCI(env?: NodeJS.ProcessEnv): boolean;
export function installCommand(names: readonly ToolName[]): string;
export interface NeededTools {
  readonly missing: readonly ToolName[];
  /** The reason to skip a test that needs them; false when all are there, or under CI. */
  readonly skip: string | false;
  /** Where `name` is; throws, naming what to install, when it is missing. */
  path(name: ToolName): string;
}
export function needTools(names: readonly ToolName[], env?: NodeJS.ProcessEnv): NeededTools;

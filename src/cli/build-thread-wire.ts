/**
 * What the build's thread and the main thread say to each other. An error
 * crosses a thread as its data, not its class: a SitegenError is sent as its
 * fields and made again, a fault of sitegen's own as its name, message and
 * stack, so that the main thread prints the same message, with the same exit
 * code, as a build in its own thread would.
 */
import type { BuildOptions } from "../build.ts";
import { SitegenError } from "../errors.ts";
import type { ReportFlags } from "./build-report.ts";

export interface BuildThreadData {
  options: BuildOptions;
  flags: ReportFlags;
  /** Whether the main thread's streams are terminals. */
  tty: { stdout: boolean; stderr: boolean };
}

export type ThreadMessage =
  | { kind: "write"; stream: "stdout" | "stderr"; text: string }
  | { kind: "done"; code: number }
  | { kind: "thrown"; thrown: WireThrown };

export type WireThrown =
  | {
      sitegen: {
        code: SitegenError["code"];
        message: string;
        kind: SitegenError["kind"];
        target?: string;
        location?: SitegenError["location"];
        hint?: string;
        sourceLine?: string;
        detail?: string;
      };
    }
  | { fault: { name: string; message: string; stack?: string } };

export function wireThrown(error: unknown): WireThrown {
  if (error instanceof SitegenError) {
    const { code, message, kind, target, location, hint, sourceLine, detail } = error;
    return { sitegen: { code, message, kind, target, location, hint, sourceLine, detail } };
  }
  const thrown = error instanceof Error ? error : new Error(String(error));
  return { fault: { name: thrown.name, message: thrown.message, stack: thrown.stack } };
}

/** The error again, as the main thread throws it. */
export function rethrown(wire: WireThrown): Error {
  if ("sitegen" in wire) {
    const { code, message, ...rest } = wire.sitegen;
    return new SitegenError(code, message, rest);
  }
  const error = new Error(wire.fault.message);
  error.name = wire.fault.name;
  error.stack = wire.fault.stack;
  return error;
}

/**
 * Which lane answered each request, told to whoever listens. Its own module
 * because it is an outside view of the pool (pool.ts), not part of running
 * it: a test subscribes to show that workers rendered, and which lane met a
 * broken post; with no subscriber nothing is made.
 */
import { channel } from "node:diagnostics_channel";
import type { Job } from "../plan/plan.ts";
import type { LaneReply } from "./lane.ts";
import type { LaneRequest, QueuedRequest, WireError } from "./protocol.ts";

/**
 * Which lane answered each request, published as it settles (Node's diagnostics_channel: nothing
 * is made unless something subscribes). A worker's answers are told apart from this thread's, so
 * a test can show that workers rendered, and which lane met a broken post.
 */
export const LANE_EVENTS = channel("sitegen:render-lanes");

export interface LaneEvent {
  /** "worker 1", "worker 2", …, or "build thread". */
  lane: string;
  kind: LaneRequest["kind"];
  ok: boolean;
  /** The post files of a parse request; the routes of a render request. */
  items: string[];
  /** Where each error the request met points, and what it says. */
  errors: string[];
}

/** What `lane` did with `request`, as LANE_EVENTS tells it. */
export function laneEvent(lane: string, request: QueuedRequest, reply: LaneReply): LaneEvent {
  const jobName = (job: Job) => (job.kind === "page" ? job.route.path : "file" in job ? job.file : job.kind);
  const items =
    request.kind === "parse"
      ? request.entries.map((entry) => entry.path)
      : request.kind === "render"
        ? request.jobs.map(jobName)
        : [];
  // A parse reply carries the errors of the posts it could not read beside the ones it could.
  const wire = reply.ok
    ? request.kind === "parse"
      ? (reply.reply as { errors: WireError[] }).errors
      : []
    : (reply.errors ?? []);
  const errors = wire.map(
    (error) => `${error.location?.file ?? ""}:${error.location?.line ?? ""}: ${error.message}`,
  );
  return { lane, kind: request.kind, ok: reply.ok, items, errors };
}

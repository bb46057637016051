/** A render worker: a render lane (lane.ts) in a thread of its own. */
import { parentPort } from "node:worker_threads";
import { RenderLane } from "./lane.ts";
import type { LaneRequest } from "./protocol.ts";

const lane = new RenderLane();

parentPort!.on("message", (request: LaneRequest) => {
  lane.answer(request).then((reply) => parentPort!.postMessage(reply));
});

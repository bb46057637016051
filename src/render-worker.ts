/** A render worker: a render lane (render-lane.ts) in a thread of its own. */
import { parentPort } from "node:worker_threads";
import { RenderLane } from "./render-lane.ts";
import type { WorkerRequest } from "./render-protocol.ts";

const lane = new RenderLane();

parentPort!.on("message", (request: WorkerRequest) => {
  lane.answer(request).then((reply) => parentPort!.postMessage(reply));
});

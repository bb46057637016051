/**
 * Preloaded into a sitegen process (`node --import`): records what the build
 * publishes on the diagnostics channel SITEGEN_TEST_TRACE_CHANNEL names (the
 * render lanes, the highlighter, the post parser), and writes the list as JSON
 * to the file SITEGEN_TEST_TRACE names when the process exits. It reads what
 * the build does; it changes nothing. Only this thread's events are heard: a
 * channel a worker thread publishes on is traced with SITEGEN_WORKERS=0.
 */
import { subscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";

const events = [];
subscribe(process.env.SITEGEN_TEST_TRACE_CHANNEL, (event) => events.push(event));
process.on("exit", () => writeFileSync(process.env.SITEGEN_TEST_TRACE, JSON.stringify(events)));

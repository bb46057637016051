/**
 * Preloaded into a sitegen process (`node --import`): records which render
 * lane answered each request, as src/execute/pool.ts publishes it, and writes
 * the list as JSON to the file SITEGEN_TEST_LANE_TRACE names when the process
 * exits. It reads what the build does; it changes nothing.
 */
import { subscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";

const events = [];
subscribe("sitegen:render-lanes", (event) => events.push(event));
process.on("exit", () => writeFileSync(process.env.SITEGEN_TEST_LANE_TRACE, JSON.stringify(events)));

/**
 * Preloaded into a sitegen process (`node --import`): records where each
 * highlighted code block came from, as src/render/highlight.ts publishes it,
 * and writes the list as JSON to the file SITEGEN_TEST_HIGHLIGHT_TRACE names
 * when the process exits. It reads what the build does; it changes nothing.
 * (Events of the build's own thread: trace a build with SITEGEN_WORKERS=0.)
 */
import { subscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";

const events = [];
subscribe("sitegen:highlight", (event) => events.push(event));
process.on("exit", () => writeFileSync(process.env.SITEGEN_TEST_HIGHLIGHT_TRACE, JSON.stringify(events)));

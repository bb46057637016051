/** §8: the sizes of /llms-full.txt and /robots.txt. */
import { probe } from "../plan.ts";
import { LLMS_FULL_MAX_BYTES, ROBOTS_MAX_BYTES } from "../spec.ts";
import { expectStatus, judgeProbe, type Check } from "./check.ts";

function bytes(count: number): string {
  return count.toLocaleString("en");
}

export const llmsFullSize: Check = {
  id: "8.2-llms-full-size",
  section: "8",
  title: `/llms-full.txt is sized in the hundreds of kilobytes at most (${bytes(LLMS_FULL_MAX_BYTES)} bytes)`,
  run: ({ observed }) => [
    judgeProbe(
      observed,
      probe("/llms-full.txt"),
      expectStatus(200, ({ body }) =>
        body.length <= LLMS_FULL_MAX_BYTES
          ? undefined
          : `is ${bytes(body.length)} bytes, past the hundreds of kilobytes`,
      ),
    ),
  ],
};

export const robotsSize: Check = {
  id: "8.3-robots-size",
  section: "8",
  title: `/robots.txt is at most ${ROBOTS_MAX_BYTES} bytes; a larger body means something in front of the origin rewrites it`,
  run: ({ observed }) => [
    judgeProbe(
      observed,
      probe("/robots.txt"),
      expectStatus(200, ({ body }) =>
        body.length <= ROBOTS_MAX_BYTES
          ? undefined
          : `is ${body.length} bytes; look for a CDN or proxy rule that rewrites robots.txt`,
      ),
    ),
  ],
};

export const limitChecks: readonly Check[] = [llmsFullSize, robotsSize];

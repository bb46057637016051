/** robots.txt rules, read with robots-parser (RFC 9309 matching, `*` and `$` included). */
import robotsParserModule from "robots-parser";

export interface RobotsRules {
  /** true or false for a URL on the robots.txt file's origin; undefined for any other URL. */
  isAllowed(url: string, agent?: string): boolean | undefined;
}

/**
 * robots-parser is CommonJS (`module.exports = function`), while its typings
 * declare an ES default export; at run time the default import is the function.
 */
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => RobotsRules;

/** The rules of the robots.txt at `url` whose body is `contents`. */
export function readRobots(url: string, contents: string): RobotsRules {
  return robotsParser(url, contents);
}

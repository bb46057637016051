/** §4: the endpoints, as the OpenAPI description names them and as they answer. */
import { field, resolveRef } from "../json.ts";
import { ACCEPT, discoveryProbes, probe } from "../plan.ts";
import { markdownSiblingPath, OPERATIONS } from "../spec.ts";
import { expectStatus, judgeProbe, outcome, type Check } from "./check.ts";

/** Methods that would be a write path (§1.2), or anything but GET (§4). */
const NON_GET_METHODS = ["put", "post", "delete", "patch", "options", "trace"];

export const openapiOperations: Check = {
  id: "4-openapi-operations",
  section: "4",
  title:
    "The OpenAPI description names each operation at its path, GET only, with its tag and error responses",
  run: ({ surface }) => {
    const paths = field(surface.openapi, "paths");
    if (typeof paths !== "object" || paths === null)
      return [outcome("/openapi.json", ["has no paths object (or did not answer 200 with JSON)"])];
    const operations = OPERATIONS.map(({ operationId, path, tag }) => {
      const item = resolveRef(surface.openapi, field(paths, path));
      const get = resolveRef(surface.openapi, field(item, "get"));
      if (get === undefined) return outcome(operationId, [`no GET operation at ${path}`]);
      const faults: string[] = [];
      if (field(get, "operationId") !== operationId)
        faults.push(`GET ${path} has operationId ${JSON.stringify(field(get, "operationId"))}`);
      const tags = field(get, "tags");
      if (tag !== undefined && !(Array.isArray(tags) && tags.includes(tag))) faults.push(`not tagged ${tag}`);
      const responses = field(get, "responses");
      const errors = operationId === "getPage" ? ["404", "406"] : ["404"];
      for (const status of ["200", ...errors]) {
        if (field(responses, status) === undefined) faults.push(`no ${status} response described`);
      }
      return outcome(operationId, faults);
    });
    const methods = Object.entries(paths as Record<string, unknown>).map(([path, item]) => {
      // /mcp's POST is MCP's own transport to the site's read-only MCP server (src/negotiation/mcp/): a read, not a write path.
      const extra = NON_GET_METHODS.filter(
        (method) =>
          field(resolveRef(surface.openapi, item), method) !== undefined &&
          !(path === "/mcp" && method === "post"),
      );
      return outcome(
        `${path} methods`,
        extra.length === 0 ? [] : [`describes ${extra.join(", ").toUpperCase()}; every operation is GET`],
      );
    });
    return [...operations, ...methods];
  },
};

/**
 * §2.6, §4 and §4.1.6: a file, and a page's .md sibling, has one representation and
 * only 404 as an error, so no Accept makes it fail.
 */
export const filesAnswer: Check = {
  id: "4-files-answer",
  section: "4",
  title: "Each file and each page's .md sibling answers 200, whatever the Accept",
  run: ({ observed, surface }) => {
    const paths = [
      ...discoveryProbes().map((request) => request.path),
      ...surface.pages.map(markdownSiblingPath),
    ];
    return paths.flatMap((path) =>
      [undefined, ACCEPT.browser].map((accept) =>
        judgeProbe(observed, probe(path, accept), expectStatus(200)),
      ),
    );
  },
};

export const endpointChecks: readonly Check[] = [openapiOperations, filesAnswer];

/** §9: the OpenAPI description's version, and paths without a version segment. */
import { field } from "../json.ts";
import { OPENAPI_DOCUMENT_VERSION } from "../spec.ts";
import { outcome, type Check } from "./check.ts";

export const openapiVersion: Check = {
  id: "9.1-openapi-version",
  section: "9",
  title: `/openapi.json is OpenAPI 3.1 and carries info.version ${OPENAPI_DOCUMENT_VERSION}`,
  run: ({ surface }) => {
    const openapi = field(surface.openapi, "openapi");
    const version = field(field(surface.openapi, "info"), "version");
    const faults: string[] = [];
    if (typeof openapi !== "string" || !/^3\.1\.\d+$/.test(openapi))
      faults.push(`openapi is ${JSON.stringify(openapi ?? null)}; expected 3.1.x`);
    if (version !== OPENAPI_DOCUMENT_VERSION)
      faults.push(
        `info.version is ${JSON.stringify(version ?? null)}; expected "${OPENAPI_DOCUMENT_VERSION}"`,
      );
    return [outcome("/openapi.json", faults)];
  },
};

export const noVersionSegment: Check = {
  id: "9.2-no-version-segment",
  section: "9",
  title: "No path carries a version segment",
  run: ({ surface }) => {
    const paths = field(surface.openapi, "paths");
    if (typeof paths !== "object" || paths === null)
      return [outcome("/openapi.json", ["has no paths object"])];
    return Object.keys(paths).map((path) =>
      outcome(path, /\/v\d+(\/|$)/i.test(path) ? ["has a version segment"] : []),
    );
  },
};

export const versioningChecks: readonly Check[] = [openapiVersion, noVersionSegment];

/** §5 (and §1.3): no credentials, CORS-open. */
import { field } from "../json.ts";
import { header } from "../exchange.ts";
import { judgeProbe, outcome, type Check } from "./check.ts";

export const noCredentials: Check = {
  id: "5.1-no-credentials",
  section: "5",
  title: "Nothing asks for credentials: no 401/403/407, no WWW-Authenticate, an empty OpenAPI security set",
  run: ({ observed, surface }) => {
    const responses = observed
      .all()
      .filter((exchange) => exchange.status !== 0)
      .map((exchange) =>
        judgeProbe(observed, exchange.probe, (answer) => {
          if ([401, 403, 407].includes(answer.status)) return `answered ${answer.status}`;
          return header(answer, "www-authenticate") === undefined
            ? undefined
            : `carries WWW-Authenticate: ${header(answer, "www-authenticate")}`;
        }),
      );
    const security = field(surface.openapi, "security");
    const schemes = field(field(surface.openapi, "components"), "securitySchemes");
    const faults: string[] = [];
    if (typeof surface.openapi !== "object" || surface.openapi === null)
      faults.push("not a JSON object (or did not answer 200)");
    if (security !== undefined && !(Array.isArray(security) && security.length === 0))
      faults.push(`security is ${JSON.stringify(security)}; expected none`);
    if (typeof schemes === "object" && schemes !== null && Object.keys(schemes).length > 0)
      faults.push(`declares security schemes ${Object.keys(schemes).join(", ")}`);
    return [...responses, outcome("/openapi.json security", faults)];
  },
};

export const corsOpen: Check = {
  id: "5.2-cors-open",
  section: "5",
  title: "Every response, errors included, carries Access-Control-Allow-Origin: *",
  run: ({ observed }) =>
    observed
      .all()
      .filter((exchange) => exchange.status !== 0)
      .map((exchange) =>
        judgeProbe(observed, exchange.probe, (answer) => {
          const origin = header(answer, "access-control-allow-origin");
          return origin?.trim() === "*"
            ? undefined
            : `Access-Control-Allow-Origin is ${origin === undefined ? "missing" : `"${origin}"`}`;
        }),
      ),
};

export const authChecks: readonly Check[] = [noCredentials, corsOpen];

/** §6: no events, no webhooks. */
import { field, resolveRef } from "../json.ts";
import { outcome, type Check } from "./check.ts";

export const noWebhooks: Check = {
  id: "6.1-no-webhooks",
  section: "6",
  title: "The OpenAPI description offers no webhooks and no callbacks",
  run: ({ surface }) => {
    const { openapi } = surface;
    if (typeof openapi !== "object" || openapi === null)
      return [outcome("/openapi.json", ["not a JSON object (or did not answer 200)"])];
    const faults: string[] = [];
    const webhooks = field(openapi, "webhooks");
    if (typeof webhooks === "object" && webhooks !== null && Object.keys(webhooks).length > 0)
      faults.push(`webhooks: ${Object.keys(webhooks).join(", ")}`);
    for (const [path, item] of Object.entries((field(openapi, "paths") ?? {}) as Record<string, unknown>)) {
      const operation = resolveRef(openapi, field(resolveRef(openapi, item), "get"));
      if (field(operation, "callbacks") !== undefined) faults.push(`GET ${path} declares callbacks`);
    }
    return [outcome("/openapi.json", faults)];
  },
};

export const eventChecks: readonly Check[] = [noWebhooks];

/**
 * Every schema the build validates with, and their validators (validators.ts).
 * The BlogIndex and Problem schemas are also published in /openapi.json, so
 * what we validate is exactly what we promise.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import siteSchema from "./site.schema.json" with { type: "json" };
import pageSchema from "./page.schema.json" with { type: "json" };
import postSchema from "./post.schema.json" with { type: "json" };
import blogIndexSchema from "./blog-index.schema.json" with { type: "json" };
import problemSchema from "./problem.schema.json" with { type: "json" };

export { siteSchema, pageSchema, postSchema, blogIndexSchema, problemSchema };
export {
  validateBlogIndex,
  validateCacheRecord,
  validatePage,
  validatePost,
  validateSite,
} from "./validators.ts";

/**
 * The BlogIndex schema of a site: a post's `lang` is one of the site's
 * languages. /openapi.json publishes it, and the blog index is held to it.
 */
export function blogIndexSchemaFor(languages: readonly string[]): typeof blogIndexSchema {
  const schema = structuredClone(blogIndexSchema);
  Object.assign(schema.$defs.BlogPost.properties.lang, { enum: [...languages] });
  return schema;
}

/** Ajv's message, made to read as advice about a YAML key. */
export function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath
    ? `\`${error.instancePath.slice(1).replaceAll("/", ".")}\``
    : "the document";
  switch (error.keyword) {
    case "required":
      return `missing required field \`${(error.params as { missingProperty: string }).missingProperty}\``;
    case "additionalProperties":
      return `unknown field \`${(error.params as { additionalProperty: string }).additionalProperty}\``;
    case "enum":
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    case "format":
      return `${where} must be a ${(error.params as { format: string }).format}${(error.params as { format: string }).format === "date" ? " (YYYY-MM-DD)" : ""}`;
    default:
      return `${where} ${error.message}`;
  }
}

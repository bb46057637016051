/**
 * The one Ajv instance and every schema the build validates with. The BlogIndex
 * and Problem schemas are also published in /openapi.json, so what we validate
 * is exactly what we promise.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import siteSchema from "./site.schema.json" with { type: "json" };
import pageSchema from "./page.schema.json" with { type: "json" };
import postSchema from "./post.schema.json" with { type: "json" };
import blogIndexSchema from "./blog-index.schema.json" with { type: "json" };
import problemSchema from "./problem.schema.json" with { type: "json" };

export { siteSchema, pageSchema, postSchema, blogIndexSchema, problemSchema };

const ajv = new Ajv2020({ allErrors: true, strict: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

export const validateSite: ValidateFunction = ajv.compile(siteSchema);
export const validatePage: ValidateFunction = ajv.compile(pageSchema);
export const validatePost: ValidateFunction = ajv.compile(postSchema);

/**
 * The BlogIndex schema of a site: a post's `lang` is one of the site's
 * languages. /openapi.json publishes it, and the blog index is validated
 * against it, so the enum an agent reads is the one the build holds to.
 */
export function blogIndexSchemaFor(languages: readonly string[]): typeof blogIndexSchema {
  const schema = structuredClone(blogIndexSchema);
  Object.assign(schema.$defs.BlogPost.properties.lang, { enum: [...languages] });
  return schema;
}

const blogIndexValidators = new Map<string, ValidateFunction>();

/** The validator of `blogIndexSchemaFor(languages)`, compiled once per list of languages. */
export function blogIndexValidatorFor(languages: readonly string[]): ValidateFunction {
  const key = languages.join("\n");
  let validate = blogIndexValidators.get(key);
  if (!validate) {
    // Without its $id: one Ajv instance holds one schema per id, and each site's is a variant of the same.
    const { $id: _id, ...schema } = blogIndexSchemaFor(languages);
    validate = ajv.compile(schema);
    blogIndexValidators.set(key, validate);
  }
  return validate;
}

/** Ajv's message, made to read as advice about a YAML key. */
export function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath ? `\`${error.instancePath.slice(1).replaceAll("/", ".")}\`` : "the document";
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

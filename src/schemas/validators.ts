/**
 * The validators of the schemas the build holds content and output to
 * (validators.json names them and Ajv's options). Here they are compiled by
 * Ajv when first imported, as the tests run the sources; the compiled CLI in
 * lib/ has them as code instead, generated from the same schemas and options
 * by Ajv's standalone mode when the package is prepared
 * (scripts/compile.mjs), so a build compiles no schema and loads no Ajv.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import blogIndexSchema from "./blog-index.schema.json" with { type: "json" };
import cacheRecordSchema from "./cache-record.schema.json" with { type: "json" };
import pageSchema from "./page.schema.json" with { type: "json" };
import postSchema from "./post.schema.json" with { type: "json" };
import siteSchema from "./site.schema.json" with { type: "json" };
import setup from "./validators.json" with { type: "json" };

const ajv = new Ajv2020(setup.options);
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

export const validateSite: ValidateFunction = ajv.compile(siteSchema);
export const validatePage: ValidateFunction = ajv.compile(pageSchema);
export const validatePost: ValidateFunction = ajv.compile(postSchema);
/** The BlogIndex schema as published, but for the site's languages (`lang`), which blog-index.ts checks. */
export const validateBlogIndex: ValidateFunction = ajv.compile(blogIndexSchema);
/** A record of the build cache's index, read from outside the build (src/write/cache-records.ts). */
export const validateCacheRecord: ValidateFunction = ajv.compile(cacheRecordSchema);

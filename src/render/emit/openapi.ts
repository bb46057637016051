/**
 * /openapi.json: OpenAPI 3.1 description of the surface (spec §4, §9), built
 * from the manifest, so the slug enum is exactly the published slugs and a
 * retired post cannot appear.
 */
import { routeAt, type Manifest } from "../../manifest/manifest.ts";
import { API_CATALOG_PATH } from "../../manifest/agent-files.ts";
import { blogIndexSchemaFor, problemSchema } from "../../schemas/index.ts";
import { mcpNote, mcpPaths, mcpTags } from "./mcp-surface.ts";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const bare = (mediaType: string) => mediaType.split(";")[0];

export function openApi(manifest: Manifest): object {
  const {
    $defs,
    $schema: _s,
    $id: _i,
    ...blogIndex
  } = blogIndexSchemaFor(manifest.site.languages) as Record<string, unknown> & {
    $defs: { BlogPost: object };
  };
  const { $schema: _ps, $id: _pi, ...problem } = problemSchema as Record<string, unknown>;
  const paths: Record<string, object> = {};

  const parts = new Set<string>(manifest.sitemapParts.map((part) => part.path));
  for (const file of manifest.files) {
    if (parts.has(file.path)) continue;
    const schema =
      file.path === "/blog-index.json"
        ? ref("BlogIndex")
        : file.path === "/openapi.json" || file.path === API_CATALOG_PATH
          ? { type: "object" }
          : { type: "string" };
    paths[file.path] = {
      get: {
        operationId: file.operationId,
        ...(file.tag ? { tags: [file.tag] } : {}),
        summary: file.summary,
        parameters: [IF_NONE_MATCH],
        responses: {
          "200": fileResponse(file.summary, bare(file.mediaType), schema),
          "304": NOT_MODIFIED,
          "404": { $ref: "#/components/responses/NotFound" },
        },
      },
    };
  }

  const [part] = manifest.sitemapParts;
  if (part) {
    paths["/sitemap-{part}.xml"] = {
      get: {
        operationId: part.operationId,
        tags: [part.tag],
        summary:
          "A part of the sitemap, which /sitemap.xml indexes when the site has more URLs than one sitemap file may list",
        parameters: [
          {
            name: "part",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: manifest.sitemapParts.length },
          },
          IF_NONE_MATCH,
        ],
        responses: {
          "200": fileResponse("A sitemap urlset", bare(part.mediaType), { type: "string" }),
          "304": NOT_MODIFIED,
          "404": { $ref: "#/components/responses/NotFound" },
        },
      },
    };
  }

  paths["/blog/{slug}.md"] = {
    get: {
      operationId: "getPostMarkdown",
      tags: ["content"],
      summary: "One post as Markdown",
      description: "The same bytes as the canonical post URL returns under `Accept: text/markdown`.",
      parameters: [
        {
          name: "slug",
          in: "path",
          required: true,
          description: "A published post slug",
          schema: { type: "string", enum: manifest.posts.map((p) => p.slug) },
        },
        IF_NONE_MATCH,
      ],
      responses: {
        "200": fileResponse("The post as Markdown", "text/markdown"),
        "304": NOT_MODIFIED,
        "404": { $ref: "#/components/responses/NotFound" },
      },
    },
  };

  // Every page but the posts, whose siblings /blog/{slug}.md describes: the site's pages and those the build makes to list posts.
  const fixedPages = [...manifest.pages, ...manifest.listings];
  paths["/{page}.md"] = {
    get: {
      operationId: "getPageMarkdown",
      summary: "A fixed page's Markdown sibling",
      // A page in a folder is named by its path; said only where the site has one, so a site without any keeps its description.
      description: `\`index\` is the home page.${fixedPages.some((page) => /^\/[^/]+\/./.test(page.path)) ? " A page in a folder is named by its path, its slashes not percent-encoded: `docs/history` is /docs/history.md." : ""}${manifest.listings.length > 0 ? " The pages that list posts (the tag index, each tag's page, the blog's numbered pages) are here too." : ""} The same bytes as the page URL returns under \`Accept: text/markdown\`.`,
      parameters: [
        {
          name: "page",
          in: "path",
          required: true,
          schema: { type: "string", enum: fixedPages.map((p) => p.markdownPath.slice(1, -3)) },
        },
        IF_NONE_MATCH,
      ],
      responses: {
        "200": fileResponse("The page as Markdown", "text/markdown"),
        "304": NOT_MODIFIED,
        "404": { $ref: "#/components/responses/NotFound" },
      },
    },
  };

  paths["/{path}"] = {
    get: {
      operationId: "getPage",
      summary: "A page, as HTML or Markdown by content negotiation",
      description:
        "`path` is a canonical page path without its leading slash (empty for the home page); its slashes are not percent-encoded. `Accept` selects the representation with quality values honoured: `text/html` (also for no `Accept` or a browser's default) or `text/markdown`. Anything else answers 406.",
      parameters: [
        {
          name: "path",
          in: "path",
          required: true,
          schema: { type: "string", enum: manifest.routes.map((r) => r.path.slice(1)) },
        },
        {
          name: "Accept",
          in: "header",
          required: false,
          schema: {
            type: "string",
            examples: [
              "text/markdown",
              "text/html",
              "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            ],
          },
        },
        IF_NONE_MATCH,
      ],
      responses: {
        "200": {
          description: "The page in the negotiated representation",
          headers: {
            Vary: { $ref: "#/components/headers/Vary" },
            ETag: { $ref: "#/components/headers/ETag" },
            Link: {
              description:
                'On HTML: the Markdown sibling, `<…/about.md>; rel="alternate"; type="text/markdown"` (RFC 8288)',
              schema: { type: "string" },
            },
            "X-Markdown-Tokens": {
              description: "On Markdown: an estimate of the body's size in tokens",
              schema: { type: "integer" },
            },
          },
          content: {
            "text/html": { schema: { type: "string" } },
            "text/markdown": { schema: { type: "string" } },
          },
        },
        "304": NOT_MODIFIED,
        "404": { $ref: "#/components/responses/NotFound" },
        "406": { $ref: "#/components/responses/NotAcceptable" },
      },
    },
  };

  Object.assign(paths, mcpPaths(manifest));

  const errorHeaders = {
    Link: { $ref: "#/components/headers/ErrorLink" },
    Vary: { $ref: "#/components/headers/Vary" },
    "Cache-Control": { $ref: "#/components/headers/NoStore" },
  };

  return {
    openapi: "3.1.0",
    info: {
      title: `${manifest.site.name} public website`,
      version: "1.0.0",
      description: `${manifest.site.summary.trim()}\n\nA read-only public website surface: every operation is an unauthenticated GET, every response is CORS-open. Start at ${manifest.surface.llmsTxt.url}. Every 200 carries a strong \`ETag\`; \`If-None-Match\` with it answers 304. \`HEAD\` answers as \`GET\` without the body and \`OPTIONS\` is a CORS preflight (204); any other method answers 405 Method Not Allowed with \`Allow: GET, HEAD, OPTIONS\`, the error headers and no body. Errors with a body are 404 and 406.${mcpNote(manifest)}`,
      contact: {
        email: manifest.site.contact.email,
        ...(routeAt(manifest, "/contact/") ? { url: routeAt(manifest, "/contact/")!.url } : {}),
      },
    },
    externalDocs: {
      url: routeAt(manifest, "/developers/")?.url ?? manifest.errors.documentation,
      description: "The machine surface and its error model",
    },
    servers: [{ url: manifest.baseUrl }],
    security: [],
    tags: [
      {
        name: "agent-index",
        description: "Files written for agents: /llms.txt, /llms-full.txt, /agent-instructions.md",
      },
      { name: "content", description: "The blog as data: /blog-index.json and /blog/{slug}.md" },
      { name: "crawl", description: "Crawl metadata: /sitemap.xml and /robots.txt" },
      ...mcpTags(manifest),
    ],
    paths,
    components: {
      schemas: {
        BlogIndex: {
          ...blogIndex,
          properties: {
            ...(blogIndex.properties as object),
            posts: { type: "array", items: ref("BlogPost"), description: "Every indexable post" },
          },
        },
        BlogPost: $defs.BlogPost,
        Problem: problem,
      },
      headers: {
        Vary: {
          description: "Always `Accept, Accept-Encoding`",
          schema: { type: "string", const: "Accept, Accept-Encoding" },
        },
        ETag: {
          description: "Strong validator from the representation's content hash",
          schema: { type: "string" },
        },
        NoStore: { description: "Errors are never cached", schema: { type: "string", const: "no-store" } },
        ErrorLink: {
          description: `\`rel="service-desc"\` (this document), \`rel="service-doc"\` (/llms.txt) and \`rel="help"\` (${new URL(manifest.errors.documentation).pathname}${new URL(manifest.errors.documentation).hash})`,
          schema: { type: "string" },
        },
      },
      responses: {
        NotFound: {
          description:
            "No such path. The body follows `Accept`, ranked as on a page: a JSON Problem for none, `*/*`, `application/json` or anything else; the HTML 404 page for `text/html`, `text/*` or a browser's default (HTML wins a tie with Markdown, as on a page); a Markdown recovery map for `text/markdown`. The map names the agent index, every fixed page and agent file, and the page a near-miss path meant or the published posts with the closest slugs; a Problem names in `links.closest` a post whose slug is a likely typo of the path.",
          headers: errorHeaders,
          content: {
            "application/json": { schema: ref("Problem") },
            "text/markdown": { schema: { type: "string" } },
            "text/html": { schema: { type: "string" } },
          },
        },
        NotAcceptable: {
          description:
            "The page exists but has no representation matching `Accept`; `available` lists `text/html` and `text/markdown`. Always a JSON Problem.",
          headers: errorHeaders,
          content: { "application/json": { schema: ref("Problem") } },
        },
      },
    },
  };
}

/** Every file and page answers `If-None-Match` (src/negotiation/decide.ts). */
const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "An `ETag` from an earlier response: 304 when it still matches",
  schema: { type: "string" },
};
const NOT_MODIFIED = {
  description: "Not modified: `If-None-Match` matched the current ETag. No body.",
  headers: { ETag: { $ref: "#/components/headers/ETag" } },
};

function fileResponse(description: string, mediaType: string, schema: object = { type: "string" }) {
  return {
    description,
    headers: { ETag: { $ref: "#/components/headers/ETag" } },
    content: { [mediaType]: { schema } },
  };
}

export function openApiJson(manifest: Manifest): string {
  return `${JSON.stringify(openApi(manifest), null, 2)}\n`;
}

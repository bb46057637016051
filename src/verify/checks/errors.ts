/** §7: 404 and 406, their bodies by Accept, and the headers every error carries. */
import { bodyText, header, type Exchange } from "../exchange.ts";
import { parseLinks } from "../link-header.ts";
import { mediaTypeProblem } from "../media-type.ts";
import {
  missingPaths,
  missingProbes,
  NOT_FOUND_ACCEPTS,
  probe,
  representativePages,
  UNAVAILABLE_ACCEPTS,
  ACCEPT,
} from "../plan.ts";
import { problemFaults } from "../problem.ts";
import { ERROR_LINKS } from "../spec.ts";
import { expectStatus, judgeProbe, type Check, type CheckContext } from "./check.ts";
import { varyFault } from "./negotiation.ts";

const bases = ({ surface }: CheckContext) => [surface.siteBase, surface.targetBase];

/** Whether the site documents its errors on a developers page, as the spec's site does: a site without one names none. */
const documented = ({ surface }: CheckContext) =>
  surface.closedSet || surface.sitePages.includes("/developers/");

const problemBody = (context: CheckContext, status: number) =>
  expectStatus(
    status,
    (exchange) =>
      problemFaults(exchange, { status, bases: bases(context), documented: documented(context) }).join(
        "; ",
      ) || undefined,
  );

const pageMisses = () => missingPaths().filter((missing) => missing.kind === "page");

/** Every probe of a page that must answer 406: application/json on every page, the rest on representative pages. */
function unavailableProbes({ surface }: CheckContext) {
  const representative = representativePages(surface);
  return [
    ...surface.pages.map((page) => probe(page, ACCEPT.json)),
    ...representative.flatMap((page) =>
      UNAVAILABLE_ACCEPTS.filter((accept) => accept !== ACCEPT.json).map((accept) => probe(page, accept)),
    ),
  ];
}

/** Every error the site answered, whatever the probe. */
const errorExchanges = ({ observed }: CheckContext): Exchange[] =>
  observed.all().filter((exchange) => exchange.status >= 400);

export const notFoundStatus: Check = {
  id: "7.1-404-status",
  section: "7",
  title: "A path outside the closed set answers a real 404, whatever the Accept",
  run: (context) =>
    missingPaths()
      .flatMap(missingProbes)
      .map((request) => judgeProbe(context.observed, request, expectStatus(404))),
};

export const notFoundProblem: Check = {
  id: "7.1-404-problem",
  section: "7",
  title:
    "A 404 with no Accept, */* or application/json has a JSON Problem body, code not_found, naming the path",
  run: (context) =>
    pageMisses().flatMap((missing) =>
      NOT_FOUND_ACCEPTS.problem.map((accept) =>
        judgeProbe(context.observed, probe(missing.path, accept), problemBody(context, 404)),
      ),
    ),
};

export const notFoundMarkdown: Check = {
  id: "7.1-404-markdown",
  section: "7",
  title: "A 404 under Accept: text/markdown is a Markdown recovery map that links the agent index",
  run: (context) =>
    pageMisses().flatMap((missing) =>
      NOT_FOUND_ACCEPTS.markdown.map((accept) =>
        judgeProbe(
          context.observed,
          probe(missing.path, accept),
          expectStatus(
            404,
            (exchange) =>
              mediaTypeProblem(header(exchange, "content-type"), "text/markdown") ??
              (bodyText(exchange).includes("/llms.txt") ? undefined : "does not link /llms.txt"),
          ),
        ),
      ),
    ),
};

export const notFoundHtml: Check = {
  id: "7.1-404-html",
  section: "7",
  title: "A 404 under Accept: text/html, or a browser's default, is the HTML 404 page",
  run: (context) =>
    pageMisses().flatMap((missing) =>
      NOT_FOUND_ACCEPTS.html.map((accept) =>
        judgeProbe(
          context.observed,
          probe(missing.path, accept),
          expectStatus(
            404,
            (exchange) =>
              mediaTypeProblem(header(exchange, "content-type"), "text/html") ??
              (/<html[\s>]/i.test(bodyText(exchange)) ? undefined : "the body is not an HTML document"),
          ),
        ),
      ),
    ),
};

export const notAcceptableStatus: Check = {
  id: "7.2-406-status",
  section: "7",
  title: "A page asked for a media type it cannot produce answers 406",
  run: (context) =>
    unavailableProbes(context).map((request) => judgeProbe(context.observed, request, expectStatus(406))),
};

export const notAcceptableProblem: Check = {
  id: "7.2-406-problem",
  section: "7",
  title:
    "A 406 body is always a JSON Problem, code representation_not_available, available text/html and text/markdown",
  run: (context) =>
    unavailableProbes(context)
      .filter((request) => context.observed.get(request)?.status === 406)
      .map((request) => judgeProbe(context.observed, request, problemBody(context, 406))),
};

export const noStatusSwap: Check = {
  id: "7.2.4-no-status-swap",
  section: "7",
  title: "A 404 is never turned into a 406, and a 406 is never reported as a 404",
  run: (context) => {
    const missing = missingPaths().flatMap((miss) =>
      NOT_FOUND_ACCEPTS.unavailable.map((accept) => probe(miss.path, accept)),
    );
    return [
      ...missing.map((request) =>
        judgeProbe(context.observed, request, (exchange) =>
          exchange.status === 406 ? "a missing path answered 406" : undefined,
        ),
      ),
      ...unavailableProbes(context).map((request) =>
        judgeProbe(context.observed, request, (exchange) =>
          exchange.status === 404 ? "an existing page answered 404" : undefined,
        ),
      ),
    ];
  },
};

export const errorLink: Check = {
  id: "7.3-error-link",
  section: "7",
  title: 'Every error carries Link with rel="service-desc", "service-doc" and "help" to their targets',
  run: (context) =>
    errorExchanges(context).map((exchange) =>
      judgeProbe(context.observed, exchange.probe, (answer) => {
        const links = parseLinks(header(answer, "link"), `${context.surface.targetBase}${answer.probe.path}`);
        if (typeof links === "string") return links;
        const faults = ERROR_LINKS.flatMap(({ rel, path, type }) => {
          const link = links.find((candidate) => candidate.rels.includes(rel));
          if (link === undefined) return [`no rel="${rel}"`];
          // A site without a developers page has its help elsewhere on the site, in the type that page is.
          const undocumentedHelp = rel === "help" && !documented(context);
          const targets = bases(context).map((base) => new URL(path, base).href);
          if (
            undocumentedHelp
              ? !bases(context).includes(new URL(link.href).origin)
              : !targets.includes(link.href)
          )
            return [`rel="${rel}" points at ${link.href}; expected ${targets[0]}`];
          return undocumentedHelp || link.type?.toLowerCase() === type
            ? []
            : [`rel="${rel}" has type ${JSON.stringify(link.type ?? null)}; expected "${type}"`];
        });
        return faults.join("; ") || undefined;
      }),
    ),
};

export const errorVary: Check = {
  id: "7.3-error-vary",
  section: "7",
  title: "Every error carries Vary: Accept, Accept-Encoding",
  run: (context) =>
    errorExchanges(context).map((exchange) =>
      judgeProbe(context.observed, exchange.probe, (answer) => varyFault(header(answer, "vary"))),
    ),
};

export const errorCacheControl: Check = {
  id: "7.3-error-cache-control",
  section: "7",
  title: "Every error carries Cache-Control: no-store",
  run: (context) =>
    errorExchanges(context).map((exchange) =>
      judgeProbe(context.observed, exchange.probe, (answer) => {
        const directives = (header(answer, "cache-control") ?? "")
          .split(",")
          .map((directive) => directive.trim().toLowerCase());
        return directives.includes("no-store")
          ? undefined
          : `Cache-Control is ${JSON.stringify(header(answer, "cache-control") ?? null)}`;
      }),
    ),
};

export const documentExtensions: Check = {
  id: "7.4-document-extensions",
  section: "7",
  title: "Missing .md, .txt, .json and .xml paths go through negotiation: a 404 JSON Problem",
  run: (context) =>
    missingPaths()
      .filter((missing) => missing.kind === "document")
      .map((missing) => judgeProbe(context.observed, probe(missing.path), problemBody(context, 404))),
};

export const errorChecks: readonly Check[] = [
  notFoundStatus,
  notFoundProblem,
  notFoundMarkdown,
  notFoundHtml,
  notAcceptableStatus,
  notAcceptableProblem,
  noStatusSwap,
  errorLink,
  errorVary,
  errorCacheControl,
  documentExtensions,
];

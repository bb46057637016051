/** §4.1: content negotiation on page URLs. */
import { header, type Exchange } from "../exchange.ts";
import { parseLinks } from "../link-header.ts";
import { mediaTypeProblem, parseMediaType } from "../media-type.ts";
import { ACCEPT, probe, Q_VALUE_CASES, representativePages } from "../plan.ts";
import { markdownSiblingPath, PAGE_MEDIA_TYPES } from "../spec.ts";
import { expectStatus, judgeProbe, type Check, type CheckContext } from "./check.ts";

const serves = (mediaType: string) =>
  expectStatus(200, (exchange) => mediaTypeProblem(header(exchange, "content-type"), mediaType));

/** Every 200 answer to a page probe. */
function pageSuccesses({ observed, surface }: CheckContext): Exchange[] {
  const pages = new Set(surface.pages);
  return observed.all().filter((exchange) => pages.has(exchange.probe.path) && exchange.status === 200);
}

export const acceptOptional: Check = {
  id: "4.1.1-accept-optional",
  section: "4.1",
  title: "With no Accept, or */*, a page answers 200 in one of its representations",
  run: ({ observed, surface }) => {
    const requests = [
      ...surface.pages.map((page) => probe(page)),
      ...representativePages(surface).map((page) => probe(page, ACCEPT.any)),
    ];
    return requests.map((request) =>
      judgeProbe(
        observed,
        request,
        expectStatus(200, (exchange) => mediaTypeProblem(header(exchange, "content-type"), PAGE_MEDIA_TYPES)),
      ),
    );
  },
};

export const qValues: Check = {
  id: "4.1.1-q-values",
  section: "4.1",
  title: "Quality values decide the representation, q=0 refuses a type (RFC 9110 §12.5.1)",
  run: ({ observed, surface }) =>
    representativePages(surface).flatMap((page) =>
      Q_VALUE_CASES.map(({ accept, selects }) => judgeProbe(observed, probe(page, accept), serves(selects))),
    ),
};

export const markdownSelected: Check = {
  id: "4.1.2-markdown",
  section: "4.1",
  title: "Accept: text/markdown selects Markdown, text/markdown; charset=utf-8",
  run: ({ observed, surface }) =>
    surface.pages.map((page) => judgeProbe(observed, probe(page, ACCEPT.markdown), serves("text/markdown"))),
};

export const htmlSelected: Check = {
  id: "4.1.3-html",
  section: "4.1",
  title: "Accept: text/html, or a browser's default, selects HTML, text/html; charset=utf-8",
  run: ({ observed, surface }) =>
    surface.pages.flatMap((page) =>
      [ACCEPT.html, ACCEPT.browser].map((accept) =>
        judgeProbe(observed, probe(page, accept), serves("text/html")),
      ),
    ),
};

export const vary: Check = {
  id: "4.1.4-vary",
  section: "4.1",
  title: "Every 200 page response carries Vary: Accept, Accept-Encoding",
  run: (context) =>
    pageSuccesses(context).map((exchange) =>
      judgeProbe(context.observed, exchange.probe, (answer) => varyFault(header(answer, "vary"))),
    ),
};

/** Why a Vary value does not name both Accept and Accept-Encoding (RFC 9110 §12.5.5), or undefined. */
export function varyFault(value: string | undefined): string | undefined {
  const fields = new Set((value ?? "").split(",").map((name) => name.trim().toLowerCase()));
  if (fields.has("*")) return undefined;
  const missing = ["Accept", "Accept-Encoding"].filter((name) => !fields.has(name.toLowerCase()));
  return missing.length === 0
    ? undefined
    : `Vary is ${value === undefined ? "missing" : `"${value}"`}; it lacks ${missing.join(" and ")}`;
}

export const linkAlternate: Check = {
  id: "4.1.5-link-alternate",
  section: "4.1",
  title: 'HTML 200 page responses carry Link: <page .md>; rel="alternate"; type="text/markdown"',
  run: (context) =>
    pageSuccesses(context)
      .filter((exchange) => parseMediaType(header(exchange, "content-type"))?.essence === "text/html")
      .map((exchange) =>
        judgeProbe(context.observed, exchange.probe, (answer) => {
          const links = parseLinks(
            header(answer, "link"),
            `${context.surface.targetBase}${answer.probe.path}`,
          );
          if (typeof links === "string") return links;
          const alternate = links.find(
            (link) => link.rels.includes("alternate") && link.type?.toLowerCase() === "text/markdown",
          );
          if (alternate === undefined)
            return `no rel="alternate" type="text/markdown" link (Link: ${header(answer, "link") ?? "missing"})`;
          // Only the path is compared: the target may name the site's declared origin rather than the one verified.
          const expected = markdownSiblingPath(answer.probe.path);
          return new URL(alternate.href).pathname === expected
            ? undefined
            : `the alternate link points at ${alternate.href}; expected ${expected}`;
        }),
      ),
};

export const markdownSibling: Check = {
  id: "4.1.6-md-sibling",
  section: "4.1",
  title: "Each page's .md sibling answers 200 text/markdown with the same bytes as the negotiated Markdown",
  run: ({ observed, surface }) =>
    surface.pages.map((page) =>
      judgeProbe(observed, probe(markdownSiblingPath(page)), (sibling) => {
        const fault = serves("text/markdown")(sibling);
        if (fault !== undefined) return fault;
        const negotiated = observed.get(probe(page, ACCEPT.markdown));
        if (negotiated?.status !== 200)
          return `cannot compare: ${page} with Accept: text/markdown did not answer 200`;
        if (Buffer.compare(sibling.body, negotiated.body) === 0) return undefined;
        return `differs from ${page} under Accept: text/markdown: ${sibling.body.length} vs ${negotiated.body.length} bytes, first difference at byte ${firstDifference(sibling.body, negotiated.body)}`;
      }),
    ),
};

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}

export const noJsonPage: Check = {
  id: "4.1.7-no-json-page",
  section: "4.1",
  title: "Accept: application/json on a page gets a 406 error body, never a 200",
  run: ({ observed, surface }) =>
    surface.pages.map((page) => judgeProbe(observed, probe(page, ACCEPT.json), expectStatus(406))),
};

export const negotiationChecks: readonly Check[] = [
  acceptOptional,
  qValues,
  markdownSelected,
  htmlSelected,
  vary,
  linkAlternate,
  markdownSibling,
  noJsonPage,
];

/** The RFC 9457 Problem body of an error, held field by field to §2.5 and §7. */
import { bodyJson, header, type Exchange } from "./exchange.ts";
import { field } from "./json.ts";
import { mediaTypeProblem } from "./media-type.ts";
import { PAGE_MEDIA_TYPES, PROBLEM_CODES } from "./spec.ts";

/** What is wrong with the Problem body of `exchange`, one entry per fault; empty when it is right. */
export function problemFaults(
  exchange: Exchange,
  options: { status: number; bases: readonly string[]; documented?: boolean },
): string[] {
  const { status, bases, documented = true } = options;
  const path = exchange.probe.path;
  const faults: string[] = [];
  const mediaFault = mediaTypeProblem(header(exchange, "content-type"), "application/json");
  if (mediaFault !== undefined) return [mediaFault];
  const body = bodyJson(exchange);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return ["the body is not a JSON object"];
  const value = (key: string) => field(body, key);

  const isAnyOf = (actual: unknown, allowed: readonly string[]) =>
    typeof actual === "string" && allowed.includes(actual);
  // A site with no developers page documents no error: its type is RFC 9457's about:blank (§4.2.1), its documentation elsewhere.
  const expectedType = documented
    ? bases.map((base) => `${base}/developers/#http-${status}`)
    : ["about:blank"];
  if (!isAnyOf(value("type"), expectedType))
    faults.push(`type is ${show(value("type"))}; expected ${expectedType[0]}`);
  if (typeof value("title") !== "string" || value("title") === "")
    faults.push(`title is ${show(value("title"))}; expected the status phrase`);
  if (value("status") !== status) faults.push(`status is ${show(value("status"))}; expected ${status}`);
  if (value("code") !== PROBLEM_CODES[status])
    faults.push(`code is ${show(value("code"))}; expected "${PROBLEM_CODES[status]}"`);

  for (const key of ["detail", "instance", "resolution"]) {
    if (value(key) !== undefined && typeof value(key) !== "string")
      faults.push(`${key} is ${show(value(key))}; expected a string`);
  }
  const documentation = value("documentation_url");
  const expectedDocumentation = bases.map((base) => `${base}/developers/#errors`);
  const onSite = (url: unknown) =>
    typeof url === "string" && isAbsoluteUri(url) && bases.includes(new URL(url).origin);
  if (
    documentation !== undefined &&
    (documented ? !isAnyOf(documentation, expectedDocumentation) : !onSite(documentation))
  ) {
    faults.push(`documentation_url is ${show(documentation)}; expected ${expectedDocumentation[0]}`);
  }

  // §2.5: links is present on every error, every value a URI, one of them the agent index.
  const links = value("links");
  if (typeof links !== "object" || links === null || Array.isArray(links)) {
    faults.push(`links is ${show(links)}; expected an object of URLs`);
  } else {
    const targets = Object.entries(links as Record<string, unknown>);
    for (const [name, target] of targets) {
      if (typeof target !== "string" || !isAbsoluteUri(target))
        faults.push(`links.${name} is ${show(target)}; expected an absolute URI`);
    }
    if (
      !targets.some(
        ([, target]) =>
          typeof target === "string" && isAbsoluteUri(target) && new URL(target).pathname === "/llms.txt",
      )
    ) {
      faults.push("links names no agent index (/llms.txt)");
    }
  }

  if (status === 404) {
    // §7.1: instance and detail name the requested path; resolution points at the agent index and the sitemap.
    if (value("instance") !== path) faults.push(`instance is ${show(value("instance"))}; expected "${path}"`);
    if (typeof value("detail") !== "string" || !(value("detail") as string).includes(path))
      faults.push(`detail ${show(value("detail"))} does not name ${path}`);
    const resolution = value("resolution");
    for (const target of ["/llms.txt", "/sitemap.xml"]) {
      if (typeof resolution !== "string" || !resolution.includes(target))
        faults.push(`resolution ${show(resolution)} does not point at ${target}`);
    }
  }
  if (status === 406) {
    // §7.2.3: available lists exactly the page's media types.
    const available = value("available");
    const listed = Array.isArray(available) ? [...available].sort() : undefined;
    if (JSON.stringify(listed) !== JSON.stringify([...PAGE_MEDIA_TYPES].sort())) {
      faults.push(`available is ${show(available)}; expected ${JSON.stringify(PAGE_MEDIA_TYPES)}`);
    }
  }
  return faults;
}

function isAbsoluteUri(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function show(value: unknown): string {
  return value === undefined ? "missing" : JSON.stringify(value);
}

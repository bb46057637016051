/** Content-Type parsing (RFC 9110 §8.3.1), tolerant: a malformed value yields what can be read. */

export interface MediaType {
  /** `type/subtype`, lowercased. */
  readonly essence: string;
  /** Parameter names lowercased; quoted values unquoted. */
  readonly parameters: Readonly<Record<string, string>>;
}

export function parseMediaType(value: string | undefined): MediaType | undefined {
  if (value === undefined) return undefined;
  const [head = "", ...rest] = value.split(";");
  const essence = head.trim().toLowerCase();
  if (!/^[^\s/]+\/[^\s/]+$/.test(essence)) return undefined;
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    const raw = part.slice(eq + 1).trim();
    parameters[name] = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
  }
  return { essence, parameters };
}

/**
 * Why `value` is not one of `expected` sent as UTF-8, or undefined when it is.
 * Text types must name the charset: without it, RFC 2046 §4.1.2 makes text/*
 * US-ASCII, and a client would misread every non-ASCII character. XML is held to
 * the same, as RFC 7303 §3.2 recommends. JSON is UTF-8 by definition (RFC 8259
 * §8.1), so there a charset is optional but must not disagree.
 */
export function mediaTypeProblem(
  value: string | undefined,
  expected: string | readonly string[],
): string | undefined {
  const candidates = typeof expected === "string" ? [expected] : expected;
  const faults = candidates.map((type) => mediaTypeFault(value, type));
  return faults.includes(undefined) ? undefined : faults[0];
}

function mediaTypeFault(value: string | undefined, expected: string): string | undefined {
  const mediaType = parseMediaType(value);
  if (mediaType === undefined)
    return `Content-Type is ${value === undefined ? "missing" : `"${value}"`}; expected ${expected}; charset=utf-8`;
  if (mediaType.essence !== expected) return `Content-Type is "${value}"; expected ${expected}`;
  const charset = mediaType.parameters.charset?.toLowerCase();
  const textual = expected.startsWith("text/") || expected.endsWith("xml");
  if (charset === undefined && textual)
    return `Content-Type "${value}" names no charset; expected charset=utf-8`;
  if (charset !== undefined && charset !== "utf-8")
    return `Content-Type "${value}" has charset ${charset}; expected utf-8`;
  return undefined;
}

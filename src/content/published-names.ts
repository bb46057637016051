/**
 * A file's name as a URL carries it. A backslash is a character of a name on
 * Linux and macOS, but a browser reads `\` in a URL as `/` (WHATWG URL §4.4,
 * for http and https) and Windows as a folder: `back\slash.png` would be
 * asked for as `back/slash.png`, and the build's check of its output paths
 * stopped on it naming neither the file nor why.
 */
export function unpublishableName(name: string): { message: string; hint: string } | undefined {
  if (!name.includes("\\")) return undefined;
  return {
    message: "its name holds `\\`, which a browser reads in a URL as `/`: not published",
    hint: `rename it without the backslash, e.g. \`${name.split("/").at(-1)!.replace(/\\+/g, "-")}\``,
  };
}

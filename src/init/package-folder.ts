/**
 * The folder sitegen is installed in: where its starter and templates are.
 * Found by walking up from this module to the package.json that names
 * sitegen, so it is the same whether the code runs compiled (lib/) or from
 * its sources (src/init/).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import packageJson from "../../package.json" with { type: "json" };

export function packageFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === packageJson.name
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(
        `sitegen's own package.json (${packageJson.name}) is not above ${fileURLToPath(import.meta.url)}`,
      );
    dir = parent;
  }
}

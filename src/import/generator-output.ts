/**
 * The template calls of an Eleventy site's texts, a Hugo site's shortcodes
 * and the tags of a Jekyll site's plugins, each replaced by what the site's
 * own generator made of it where it runs here (call-output.ts). Astro's MDX
 * components are taken from its one build (astro-output.ts).
 */
import type { Generator, ImportedSite } from "./model.ts";
import { takeEleventyOutput } from "./eleventy-output.ts";
import { takeHugoOutput } from "./hugo-output.ts";
import { takeJekyllOutput } from "./jekyll-output.ts";

export function takeGeneratorOutput(
  generator: Generator,
  site: ImportedSite,
  root: string,
  env: NodeJS.ProcessEnv,
  shown: (path: string) => string,
): void {
  if (generator === "eleventy") takeEleventyOutput(site, root, env, shown);
  if (generator === "hugo") takeHugoOutput(site, root, env, shown);
  if (generator === "jekyll") takeJekyllOutput(site, root, env, shown);
}

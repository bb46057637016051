/**
 * The one shape of a build's check: it reads what the build knows at its
 * stage and adds what it finds to the run's collector, never throwing for
 * something it found (src/policy.ts judges every finding at the end). The
 * checks themselves, in the order they run, are listed in ./index.ts.
 */
import type { Collector } from "../collector.ts";
import type { Manifest, PageRoute } from "../manifest/manifest.ts";
import type { KeptParts } from "../render/kept-parts.ts";
import type { PageFacts } from "../write/page-facts.ts";
import type { TemplateSet } from "../render/page/template.ts";
import type { TemplateSources } from "../render/page/templates.ts";
import type { ThemeProblem } from "../render/page/theme.ts";
import type { Written } from "../write/output.ts";

/** What the build knows once the manifest is made and the templates are ready, before anything is rendered. */
export interface PlannedBuild {
  manifest: Manifest;
  templates: TemplateSet;
  templateSources: TemplateSources;
  /** What preparing the theme's stylesheet found. */
  themeProblems: ThemeProblem[];
  /** site.yaml as read: a finding about a setting points at its line. */
  site: { file: string; text: string };
  options: CheckOptions;
}

/** What the build knows once every page is written: each page's facts and every file's size besides. */
export interface RenderedBuild extends PlannedBuild {
  facts: Map<string, PageFacts>;
  written: Map<string, Written>;
  /** The templates' asset paths, which a link may name. */
  assets: Iterable<string>;
  /** A post's body, read again where a check must locate something in it. */
  bodyOf: (route: PageRoute) => string;
  /** What a watch session keeps of the files that list every route. */
  parts?: KeptParts;
}

/** The options of the run the checks read. */
export interface CheckOptions {
  baseUrl?: string;
  drafts?: boolean;
  production?: string;
  checking?: boolean;
}

export interface Check<Build> {
  /** What it checks, for a reader of the list. */
  name: string;
  run(build: Build, found: Collector): void;
}

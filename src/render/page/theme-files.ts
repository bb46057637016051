/**
 * The files of site.yaml's `theme:`: the logo shown before the site's name
 * (and named in structured data) and the image of a shared link. Each is the
 * URL path of a file the build publishes: a templates asset (`/assets/…`,
 * published under its fingerprinted name) or a site-wide file of
 * content/static/ (`/logo.svg`). Both come from the templates and the
 * manifest, so a render lane finds them as the main thread does.
 */
import type { SiteTheme } from "../../content/site-settings.ts";
import type { Manifest } from "../../manifest/manifest.ts";
import type { TemplateSet } from "./template.ts";
import type { ThemeProblem } from "./theme.ts";

export interface ThemeFile {
  /** Its URL path as published. */
  path: string;
  width?: number;
  height?: number;
}

type FileKey = "logo" | "social_image";

/** The published file a theme setting names, or undefined when it names none (or nothing the build publishes). */
export function themeFile(
  manifest: Pick<Manifest, "site" | "published">,
  templates: TemplateSet,
  key: FileKey,
): ThemeFile | undefined {
  const path = manifest.site.theme?.[key];
  if (path === undefined) return undefined;
  const asset = templates.assetUrl(path);
  if (asset !== undefined) return { path: asset, ...templates.assetSize(path) };
  const file = manifest.published.find((published) => !published.bundle && published.path === path);
  return file && { path: file.path, width: file.width, height: file.height };
}

/** A theme file that is not published, or a logo that is no image: each by its setting. */
export function themeFileProblems(
  manifest: Pick<Manifest, "site" | "published">,
  templates: TemplateSet,
): ThemeProblem[] {
  const theme: SiteTheme = manifest.site.theme ?? {};
  const problems: ThemeProblem[] = [];
  for (const key of ["logo", "social_image"] as const) {
    const path = theme[key];
    if (path === undefined) continue;
    const file = themeFile(manifest, templates, key);
    if (file === undefined) {
      problems.push({
        path: ["theme", key],
        message: `\`${path}\`: the build publishes no such file`,
        hint: "name a file of content/static/ by its path from there (`static/logo.svg` is `/logo.svg`), or one of the templates' assets/ (`/assets/logo.svg`)",
      });
    } else if (key === "logo" && file.width === undefined) {
      problems.push({
        path: ["theme", key],
        message: `\`${path}\` is not an image whose size can be read`,
        hint: "a logo is shown with its width and height: use an SVG, PNG, WebP or JPEG file",
      });
    }
  }
  return problems;
}

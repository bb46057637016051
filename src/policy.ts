/**
 * How serious each kind of finding is: the one place that says so. Checks
 * report what they find with its kind, file and line (src/errors.ts) and go
 * on; this table says which kinds fail a run and which warn, and `--strict`
 * raises warnings here, never in a check (eslint's rules with their
 * severities, and TypeScript's diagnostics collected per program, are the
 * models).
 *
 * A kind is an error only where the output would be broken or would break
 * the surface's specification; content that another generator publishes is
 * published here too, with a warning that says what was read and how.
 * `fatal` kinds are those whose check cannot go on with the file (there is
 * no frontmatter to read, no title to show): the file is left out, so such a
 * kind must be an error, never a warning that loses a page without failing
 * (a test holds the table to that).
 */

export type Level = "error" | "warning" | "note";

interface Rule {
  level: Level;
  /** What the kind is, for the README's table and `--help`. */
  what: string;
  /** The check leaves the file out: there is nothing to publish it from. */
  fatal?: true;
  /** A warning `--strict` leaves a warning: what it reports is meant (a post scheduled for later). */
  notRaised?: true;
}

export const POLICY = {
  // Errors: the output would be broken, or break the spec.
  frontmatter: {
    level: "error",
    fatal: true,
    what: "frontmatter that cannot be read at all (YAML or TOML that no generator reads, no closing `---`, not a mapping, JavaScript)",
  },
  unreadable: { level: "error", fatal: true, what: "a file or folder the build cannot read" },
  "outside-tree": {
    level: "error",
    fatal: true,
    what: "a link to outside the content folder, or something that is not a file or folder: never opened",
  },
  "url-clash": {
    level: "error",
    what: "two pages on one URL, or a file of the content where a page or an asset of the templates is",
  },
  "no-title": {
    level: "error",
    fatal: true,
    what: "a page or post with nothing to take a title from: no `title`, no heading, no word in its file's name",
  },
  "no-date": {
    level: "error",
    fatal: true,
    what: "a post with nothing to take a date from: no `date`, no date in its file's name",
  },
  "bad-date": {
    level: "error",
    fatal: true,
    what: "a date no generator reads as one (`yesterday`, `0000-01-01`, `30 February 2023`)",
  },
  "bad-field": {
    level: "error",
    fatal: true,
    what: "a field whose value says nothing sitegen can publish by (`status: live`, `draft: maybe`, `draft` and `status` disagreeing, a list as a title)",
  },
  "unknown-language": {
    level: "error",
    fatal: true,
    what: "a `lang` that is no language tag (`lang: english`)",
  },
  "no-url": {
    level: "error",
    fatal: true,
    what: "a file whose name gives no URL (no Latin letter or digit)",
  },
  "missing-page": {
    level: "error",
    what: "a page the surface points at and the site lacks: the home page, the developers page and its error anchors, the blog page",
  },
  site: { level: "error", what: "site.yaml that cannot be read, or a setting that cannot be met" },
  template: { level: "error", what: "a template that cannot be read or rendered" },
  "surface-limit": {
    level: "error",
    what: "a file past a limit of the surface or its norm (robots.txt's 100 bytes, a sitemap file's 50 MB, the blog index's schema)",
  },
  "host-limit": {
    level: "error",
    what: "a build the CDN would refuse (Cloudflare's files, sizes and rules)",
  },
  "too-large": {
    level: "error",
    fatal: true,
    what: "a post, page or site.yaml over 5 MB, or a cover over the pixels sitegen decodes: refused by its size, never read",
  },
  output: { level: "error", what: "an output path the build cannot write" },
  "shipped-placeholder": {
    level: "error",
    what: "a placeholder in a production build (Netlify's production context, Cloudflare): a `TODO` description, an example.com or localhost origin",
  },
  "stale-build": {
    level: "error",
    what: "a built folder whose files disagree with the content (`check` on dist/)",
  },

  // Warnings: published, as another generator would publish it; `--strict` fails on them.
  "broken-link": { level: "warning", what: "a link to a page or file the site does not publish" },
  "broken-anchor": { level: "warning", what: "a link to a heading the page does not have" },
  "broken-image": { level: "warning", what: "an image the site does not publish" },
  "title-heading": {
    level: "warning",
    what: "a level-1 heading in the body (dropped when it repeats the title, else the body's headings go down one level)",
  },
  "stray-attributes": {
    level: "warning",
    what: "an attribute list (`{: .class}`) that applies to no block: left out",
  },
  "title-from-heading": { level: "warning", what: "no `title`: the body's first heading is the title" },
  "title-from-file-name": {
    level: "warning",
    what: "no `title` and no heading: the file's name gives it, as Jekyll titles a post",
  },
  "field-markup": {
    level: "warning",
    what: "HTML elements or Markdown links in a `title` or an `author` (`<i>Fast properties</i> in V8`, `[@cam](https://…)`): the field is their text",
  },
  "empty-field": {
    level: "warning",
    what: 'a field with nothing after it (`tags:`, `description: ""`): read as left out',
  },
  "unread-field": {
    level: "warning",
    what: "a field whose value sitegen cannot use (an `author` that is a mapping): kept for the templates as `params.<name>`",
  },
  "no-description": { level: "warning", what: "no `description`, and no paragraph to take one from: none" },
  "tag-spelling": {
    level: "warning",
    what: "a tag with capitals, dots, `+` or spaces: shown as written, its URL made of its slug",
  },
  "unaddressable-tag": {
    level: "warning",
    what: "a tag of punctuation alone (with `tags: true`): no page, and left out where a template links a post's tags",
  },
  "page-draft": {
    level: "warning",
    what: "`draft` on a page: `false` is the default, `true` leaves the page out",
  },
  "page-date": { level: "warning", what: "a `date` on a page: read as the day it was last updated" },
  "undated-page": { level: "warning", what: "a page without `updated`: dated by the build" },
  "synonym-clash": {
    level: "warning",
    what: "two names for one field (`summary` beside `description`): sitegen's own is used",
  },
  "outside-content": {
    level: "warning",
    what: "a relative path in a post that leads out of the content folder (`../../assets/a.png`): never read",
  },
  "relative-image": {
    level: "warning",
    what: "a relative `image:` that is none of the post's own files (`../other/cover.jpg`): read from the post's URL",
  },
  "unlisted-language": {
    level: "warning",
    what: "a `lang` the site's `languages` do not list: the file is published in it",
  },
  "slug-clash": { level: "warning", what: "two posts on one slug: the later gets a slug of its own" },
  "slug-rewritten": { level: "warning", what: "a `slug:` that is not one: made into one" },
  alias: {
    level: "warning",
    what: "an old address that cannot redirect (not a path, the address of a page, claimed twice): left out",
  },
  "relative-alias": {
    level: "warning",
    what: "an old address written without its first `/`: read from the site root, as Zola and jekyll-redirect-from read it",
  },
  "impossible-date": {
    level: "warning",
    what: "a YAML date that names no day (`2030-31-12`): read as JavaScript's YAML reads it for Eleventy and Astro, carried into the next month",
  },
  "loose-date": {
    level: "warning",
    what: "a date in a form only some generators read (`2013-11-22 5:00:00 +0000`, `January 29, 2023`): read as they read it",
  },
  "date-from-file": {
    level: "warning",
    what: "a post with nothing else to take a date from, dated by its file as Eleventy dates it: git's first commit of it, else its modification time",
  },
  "date-from-address": {
    level: "warning",
    what: 'a post with no `date` whose own address names the day (`path = "2019/05/15/name"` in Zola, a `permalink`, an alias): dated by it',
  },
  "date-order": { level: "warning", what: "`updated` before `date`" },
  budget: { level: "warning", what: "a file past its size budget (`budgets` in site.yaml)" },
  "unknown-field": {
    level: "warning",
    what: "a field sitegen does not use: kept for the templates as `params.<name>`",
  },
  "likely-typo": { level: "warning", what: "a field one or two edits from one sitegen knows (`tittle`)" },
  math: {
    level: "warning",
    what: "a formula (`$$…$$`, `\\(…\\)`) that does not parse as LaTeX: shown as written",
  },
  "math-delimiters": {
    level: "warning",
    what: "TeX between single dollars (`$\\theta$`) on a site whose `markdown.math` leaves them as text: shown as written; the hint names the setting",
  },
  "template-tag": {
    level: "warning",
    what: "a Liquid tag or Hugo shortcode left in a text: shown as written",
  },
  "lax-liquid": {
    level: "warning",
    what: 'Liquid Jekyll reads otherwise than LiquidJS (`| replace, "a", "b"`: a comma after a filter\'s name; `"C:\\Temp"`: a backslash, no escape to Jekyll): read as Jekyll reads it',
  },
  mdx: {
    level: "warning",
    what: "MDX's code (`import`, `export`), left out of the page, or a component (`<Note>`), shown as written",
  },
  "left-out": {
    level: "warning",
    what: "a file that is no page or post (another generator's configuration, a stray file), or a static file where the build writes its own (`404.html`, `_redirects`): left out",
  },
  "nonstandard-yaml": {
    level: "warning",
    what: "frontmatter that Jekyll's, Hugo's and PyYAML's YAML read and YAML 1.2 does not (a quoted value continued at column 0): read as they read it",
  },
  "control-character": {
    level: "warning",
    what: "a control character in a field (a title, a description, an author, a tag, an image's URL) or a body: left out of feed.xml, the sitemap and the Markdown",
  },
  "csp-blocked": {
    level: "warning",
    what: "what the page's Content-Security-Policy blocks (an inline script, a `style` attribute, another origin's image), named with the setting that allows it or a way without",
  },
  "unclosed-html": {
    level: "warning",
    what: "raw HTML left open that runs to its end tag (`<!--`, `<template>`, `<textarea>`, `<script>`, `<style>`, `<title>`): closed at the post's end, or shown as text",
  },
  "js-frontmatter": {
    level: "warning",
    what: "Eleventy's JavaScript frontmatter that writes plain values: read as data, never run",
  },
  "moved-setting": {
    level: "warning",
    what: "a setting of site.yaml written where it used to be (`logo:` for `theme.logo`)",
  },
  placeholder: {
    level: "warning",
    what: 'a placeholder description ("TODO: …"), or a placeholder origin in `check`: an error in a production build',
  },
  "drafts-refused": { level: "warning", what: "`--drafts` in a production build: the drafts are left out" },
  "host-plan": { level: "warning", what: "a build past the CDN's free plan" },
  scheduled: {
    level: "warning",
    notRaised: true,
    what: "a post dated after the build's time: left out until then",
  },

  // Notes: what `check` tells besides.
  "slug-chosen": { level: "note", what: "the slug made from a file's name that is not one" },
  "sitemap-split": { level: "note", what: "a sitemap split into an index and parts" },
} as const satisfies Record<string, Rule>;

export type FindingKind = keyof typeof POLICY;

/** The level of a finding of `kind` in a run; `strict` fails on warnings, but those the table leaves as they are. */
export function levelOf(kind: FindingKind, options: { strict?: boolean } = {}): Level {
  const rule: Rule = POLICY[kind];
  return options.strict && rule.level === "warning" && !rule.notRaised ? "error" : rule.level;
}

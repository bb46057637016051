/**
 * Eleventy's configuration, found where Eleventy is told to find it and read
 * as a program (script.ts), never run: a configuration at the root
 * (eleventy.config.js and its other names), else the one the site's own
 * scripts name (`eleventy --config=_build/eleventy.js` in package.json), with
 * the `--input`, `--output` and `--pathprefix` they give. From it: the
 * folders (`return { dir: {…} }`, `export const config`,
 * `setInputDirectory()` and the other setters), each however it is written
 * (a constant, a spread), its `pathPrefix`, and the `addPassthroughCopy()`
 * calls, and where each sends the files it copies.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import { globsRegExp } from "./glob.ts";
import { simple } from "acorn-walk";
import type { Node } from "acorn";
import type { LeftOut } from "./model.ts";
import { isRecord } from "./read.ts";
import { readScript } from "./script.ts";
import { calleeName, isObject, Scope, textOf, type Value } from "./script-values.ts";

export const ELEVENTY_CONFIGS = [
  "eleventy.config.js",
  "eleventy.config.mjs",
  "eleventy.config.cjs",
  "eleventy.config.ts",
  ".eleventy.js",
  ".eleventy.cjs",
];

export interface Settings {
  input: string;
  includes: string;
  layouts?: string;
  data: string;
  output: string;
  /** Passed-through files: a source path or glob (from the project), and where its files go. */
  passthrough: { from: string; to?: string }[];
  /** The folder of the host the site is served under (`pathPrefix: "/harbour/"`). */
  pathPrefix?: string;
  /** The template language Markdown runs through first (`markdownTemplateEngine: "njk"`), false for none; Liquid where not said. */
  markdownTemplateEngine?: string | false;
  /** The I18n plugin's `defaultLanguage` (`addPlugin(EleventyI18nPlugin, { defaultLanguage: "en" })`). */
  defaultLanguage?: string;
  /** Eleventy Image's transform is added: each picture a page's `<img>` names from the input folder is published (processed). */
  imageTransform?: boolean;
}

/**
 * Eleventy as a script runs it: `eleventy`, `npx @11ty/eleventy`, or its file run by Node
 * (`node --env-file=.env node_modules/.bin/eleventy`, `node node_modules/@11ty/eleventy/cmd.cjs`); then its options.
 */
const ELEVENTY_RUN =
  /(?:^|[\s&|;(])(?:npx\s+)?(?:(?:\.\/)?node_modules\/(?:\.bin\/|@11ty\/)|@11ty\/)?eleventy(?:\/cmd\.c?js)?(?=\s|$)([^&|;)]*)/g;

/** Where the configuration is, and the folders the command line gives: the root's, else the one package.json's scripts run Eleventy with. */
export function findEleventyConfig(root: string): {
  file?: string;
  input?: string;
  output?: string;
  pathPrefix?: string;
  script?: string;
} {
  const atRoot = ELEVENTY_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  const scripts = packageScripts(root);
  for (const [name, command] of scripts) {
    for (const run of command.matchAll(ELEVENTY_RUN)) {
      const option = (key: string) =>
        new RegExp(`--${key}(?:=|\\s+)(?:"([^"]+)"|'([^']+)'|(\\S+))`).exec(run[1]);
      const value = (key: string) => {
        const match = option(key);
        return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
      };
      const config = value("config");
      const given = {
        input: value("input"),
        output: value("output"),
        pathPrefix: value("pathprefix"),
        script: name,
      };
      if (config && existsSync(resolve(root, config))) return { file: resolve(root, config), ...given };
      if (!atRoot && (given.input || given.output)) return given;
    }
  }
  return { file: atRoot };
}

/** Whether a folder is an Eleventy site: a configuration at its root, or a script of its package.json that runs Eleventy with one. */
export function isEleventySite(root: string): boolean {
  return findEleventyConfig(root).file !== undefined;
}

function packageScripts(root: string): [string, string][] {
  const path = join(root, "package.json");
  if (!existsSync(path)) return [];
  try {
    const data = JSON.parse(readFileSync(path, "utf8"));
    return isRecord(data) && isRecord(data.scripts)
      ? Object.entries(data.scripts).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        )
      : [];
  } catch {
    return [];
  }
}

type AnyNode = Node & Record<string, any>;

/** The settings a configuration writes, read without running it; a problem is reported at its line, and Eleventy's defaults kept. */
export function readEleventyConfig(
  root: string,
  file: string | undefined,
  shown: (path: string) => string,
  left: LeftOut[],
): Settings {
  const settings: Settings = {
    input: ".",
    includes: "_includes",
    data: "_data",
    output: "_site",
    passthrough: [],
  };
  if (file === undefined) return settings;
  const read = readScript(readFileSync(file, "utf8"), /\.m?ts$/.test(file));
  if (!read.program) {
    left.push({
      file: shown(file),
      line: read.line,
      why: `could not be read as JavaScript (${read.problem}): Eleventy's default folders were taken`,
    });
    return settings;
  }
  const scope = new Scope(read.program, file, root);
  const dirs = (value: Value) => {
    if (isObject(value) && textOf(value.pathPrefix) !== undefined)
      settings.pathPrefix = textOf(value.pathPrefix);
    if (
      isObject(value) &&
      (textOf(value.markdownTemplateEngine) !== undefined || value.markdownTemplateEngine === false)
    )
      settings.markdownTemplateEngine = textOf(value.markdownTemplateEngine) ?? false;
    const dir = isObject(value) && isObject(value.dir) ? value.dir : undefined;
    for (const key of ["input", "includes", "layouts", "data", "output"] as const)
      if (dir && textOf(dir[key]) !== undefined) settings[key] = textOf(dir[key])!;
  };
  dirs(scope.exported("config"));
  const main = configFunction(read.program.body as AnyNode[]);
  if (!main) return settings;
  // The function's own constants are read as the file's are.
  const body: AnyNode[] =
    main.body.type === "BlockStatement"
      ? main.body.body
      : [{ type: "ReturnStatement", argument: main.body } as unknown as AnyNode];
  for (const statement of body) scope.bind(statement);
  const setters: Record<string, keyof Settings> = {
    setInputDirectory: "input",
    setIncludesDirectory: "includes",
    setLayoutsDirectory: "layouts",
    setDataDirectory: "data",
    setOutputDirectory: "output",
    setMarkdownTemplateEngine: "markdownTemplateEngine",
  };
  simple(main.body, {
    CallExpression(node: AnyNode) {
      const name = calleeName(node.callee);
      const argument = node.arguments[0] ? scope.value(node.arguments[0]) : undefined;
      if (name in setters && typeof argument === "string")
        (settings as unknown as Record<string, string>)[setters[name]] = argument;
      // The plugin, however it is named where it is imported (`plugins.EleventyI18nPlugin`), is known by its options.
      const options = name === "addPlugin" && node.arguments[1] ? scope.value(node.arguments[1]) : undefined;
      if (isObject(options) && textOf(options.defaultLanguage) !== undefined)
        settings.defaultLanguage = textOf(options.defaultLanguage);
      if (
        name === "addPlugin" &&
        node.arguments[0] &&
        calleeName(node.arguments[0]) === "eleventyImageTransformPlugin"
      )
        settings.imageTransform = true;
      if (name !== "addPassthroughCopy") return;
      if (typeof argument === "string") settings.passthrough.push({ from: argument });
      else if (isObject(argument))
        for (const [from, to] of Object.entries(argument))
          if (typeof to === "string") settings.passthrough.push({ from, to });
    },
  });
  for (const statement of body)
    if (statement.type === "ReturnStatement") dirs(scope.value(statement.argument));
  return settings;
}

/** The function a configuration exports: `export default function (eleventyConfig) {…}`, `module.exports = (config) => {…}`, or one named by either. */
function configFunction(body: AnyNode[]): AnyNode | undefined {
  const functions = new Map<string, AnyNode>();
  for (const statement of body) {
    if (statement.type === "FunctionDeclaration" && statement.id) functions.set(statement.id.name, statement);
    if (statement.type === "VariableDeclaration")
      for (const declarator of statement.declarations)
        if (declarator.id.type === "Identifier" && isFunction(declarator.init))
          functions.set(declarator.id.name, declarator.init);
  }
  const named = (node: AnyNode | undefined) =>
    node?.type === "Identifier" ? functions.get(node.name) : isFunction(node) ? node : undefined;
  for (const statement of body) {
    if (statement.type === "ExportDefaultDeclaration") return named(statement.declaration);
    const assigned =
      statement.type === "ExpressionStatement" && statement.expression.type === "AssignmentExpression"
        ? statement.expression
        : undefined;
    if (
      assigned &&
      assigned.left.type === "MemberExpression" &&
      assigned.left.object.name === "module" &&
      assigned.left.property.name === "exports"
    )
      return named(assigned.right);
  }
  return undefined;
}

function isFunction(node: AnyNode | undefined | null): node is AnyNode {
  return (
    node !== undefined &&
    node !== null &&
    ["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"].includes(node.type)
  );
}

/** Where a file of the input folder is copied to, by a passthrough copy (its path from the output's root), or undefined. */
export function passthroughOf(
  settings: Settings,
  root: string,
  input: string,
): (path: string) => string | undefined {
  const rules = settings.passthrough.map(({ from, to }) => {
    const source = relative(input, resolve(root, from)).split(sep).join("/");
    const glob = /[*{?[]/.test(source) ? globsRegExp([source]) : undefined;
    return { source: source.replace(/\/$/, ""), glob, to: to?.replace(/^\.?\/+|\/+$/g, "") };
  });
  return (path) => {
    for (const rule of rules) {
      if (rule.glob) {
        if (rule.glob.test(path))
          return rule.to !== undefined ? join(rule.to, basename(path)).split(sep).join("/") : path;
      } else if (path === rule.source || path.startsWith(`${rule.source}/`) || rule.source === "") {
        const rest = rule.source === "" ? path : path.slice(rule.source.length + 1);
        if (rule.to === undefined) return path;
        return [rule.to, rest].filter(Boolean).join("/") || basename(path);
      }
    }
    return undefined;
  };
}

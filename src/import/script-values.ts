/**
 * The values a configuration's program writes, read without running it:
 * literals, objects and lists (spreads included), template strings, `+` of
 * texts, a name bound by `const`, `let` or `var` (at the top, or in the
 * function being read), a property of such a value, and a constant imported
 * from a file of the site (`import { base } from "./paths"`). A call is kept
 * as its callee's name and its arguments (`defineCollection({…})`,
 * `glob({…})`) and what a method is called on, for the reader to know; an
 * arrow function as the call `=>` of the value it returns. Anything computed is `UNKNOWN`.
 * Each name is read once (memoised), so reading stays linear in the size.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, extname, resolve } from "node:path";
import type { Node, Program } from "acorn";
import { readScript } from "./script.ts";

export const UNKNOWN: unique symbol = Symbol("unknown");
export interface Call {
  call: string;
  args: Value[];
  /** What a method is called on (`z.coerce.date()` for `.optional()` in `z.coerce.date().optional()`), for a chain to be read. */
  on?: Value;
}
export type Value =
  | string
  | number
  | boolean
  | null
  | undefined
  | symbol
  | Call
  | Value[]
  | { [key: string]: Value };

export function isCall(value: Value, name?: string): value is Call {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Call).call === "string" &&
    Array.isArray((value as Call).args) &&
    (name === undefined || (value as Call).call === name)
  );
}

export function isObject(value: Value): value is { [key: string]: Value } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isCall(value);
}

/** A text value, where it is one. */
export function textOf(value: Value): string | undefined {
  return typeof value === "string" ? value : undefined;
}

type AnyNode = Node & Record<string, any>;

/** A program's bindings, and how each reads: one scope per program, with the site's files it imports from. */
export class Scope {
  private bindings = new Map<string, AnyNode | { imported: string; from: string }>();
  private values = new Map<string, Value>();
  private reading = new Set<string>();

  constructor(
    readonly program: Program,
    /** The file the program is, to find what it imports. */
    readonly file: string,
    /** The site's root: nothing outside it is read. */
    readonly root: string,
    private readonly modules: Map<string, Scope | undefined> = new Map(),
  ) {
    for (const statement of program.body as AnyNode[]) this.bind(statement);
  }

  /** The names a statement (or a function's body) declares. */
  bind(statement: AnyNode): void {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type === "VariableDeclaration") {
      for (const declarator of declaration.declarations)
        if (declarator.id.type === "Identifier" && declarator.init)
          this.bindings.set(declarator.id.name, declarator.init);
    }
    if (
      statement.type === "ImportDeclaration" &&
      typeof statement.source.value === "string" &&
      statement.source.value.startsWith(".")
    ) {
      for (const specifier of statement.specifiers) {
        if (specifier.type === "ImportSpecifier")
          this.bindings.set(specifier.local.name, {
            imported: specifier.imported.name ?? specifier.imported.value,
            from: statement.source.value,
          });
        if (specifier.type === "ImportDefaultSpecifier")
          this.bindings.set(specifier.local.name, { imported: "default", from: statement.source.value });
      }
    }
  }

  /** What a program exports by name (`export const collections = …`, `export { collections }`, `export default …`). */
  exported(name: string): Value {
    for (const statement of this.program.body as AnyNode[]) {
      if (name === "default" && statement.type === "ExportDefaultDeclaration")
        return this.value(statement.declaration);
      if (
        statement.type === "ExportNamedDeclaration" &&
        statement.declaration?.type === "VariableDeclaration"
      ) {
        for (const declarator of statement.declaration.declarations)
          if (declarator.id.type === "Identifier" && declarator.id.name === name)
            return this.value(declarator.init);
      }
      if (statement.type === "ExportNamedDeclaration" && !statement.source) {
        for (const specifier of statement.specifiers)
          if ((specifier.exported.name ?? specifier.exported.value) === name)
            return this.named(specifier.local.name);
      }
    }
    return UNKNOWN;
  }

  /** The value a name is bound to. */
  named(name: string): Value {
    if (this.values.has(name)) return this.values.get(name);
    const binding = this.bindings.get(name);
    if (binding === undefined || this.reading.has(name)) return UNKNOWN;
    this.reading.add(name);
    const value =
      "imported" in binding
        ? this.importedValue(binding.from, String(binding.imported))
        : this.value(binding);
    this.reading.delete(name);
    this.values.set(name, value);
    return value;
  }

  value(node: AnyNode | null | undefined): Value {
    if (!node) return undefined;
    switch (node.type) {
      case "Literal":
        return node.regex ? UNKNOWN : (node.value as Value);
      case "TemplateLiteral": {
        const parts = node.expressions.map((expression: AnyNode) => this.value(expression));
        if (parts.some((part: Value) => typeof part !== "string" && typeof part !== "number")) return UNKNOWN;
        return node.quasis
          .map(
            (quasi: AnyNode, index: number) =>
              `${quasi.value.cooked ?? ""}${index < parts.length ? String(parts[index]) : ""}`,
          )
          .join("");
      }
      case "Identifier":
        return node.name === "undefined" ? undefined : this.named(node.name);
      case "ArrayExpression":
        return node.elements.flatMap((element: AnyNode | null) => {
          if (element?.type !== "SpreadElement") return [this.value(element)];
          const spread = this.value(element.argument);
          return Array.isArray(spread) ? spread : [UNKNOWN];
        });
      case "ObjectExpression":
        return this.object(node);
      case "CallExpression":
        return {
          call: calleeName(node.callee),
          args: node.arguments.map((argument: AnyNode) =>
            this.value(argument.type === "SpreadElement" ? argument.argument : argument),
          ),
          ...(node.callee.type === "MemberExpression" && !node.callee.computed
            ? { on: this.value(node.callee.object) }
            : {}),
        };
      // An arrow function that returns a value (Astro's `schema: ({ image }) => z.object({…})`) is kept as the call `=>` of it; a body of statements is code.
      case "ArrowFunctionExpression":
        return node.expression ? { call: "=>", args: [this.value(node.body)] } : UNKNOWN;
      case "AwaitExpression":
      case "ParenthesizedExpression":
      case "ChainExpression":
        return this.value(node.argument ?? node.expression);
      case "MemberExpression": {
        const object = this.value(node.object);
        const key = node.computed ? this.value(node.property) : node.property.name;
        return isObject(object) &&
          (typeof key === "string" || typeof key === "number") &&
          Object.hasOwn(object, key)
          ? object[String(key)]
          : UNKNOWN;
      }
      case "BinaryExpression": {
        const [left, right] = [this.value(node.left), this.value(node.right)];
        return node.operator === "+" &&
          (typeof left === "string" || typeof right === "string") &&
          left !== UNKNOWN &&
          right !== UNKNOWN &&
          !isObject(left) &&
          !isObject(right)
          ? `${String(left)}${String(right)}`
          : UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private object(node: AnyNode): { [key: string]: Value } {
    const object: { [key: string]: Value } = {};
    for (const property of node.properties as AnyNode[]) {
      if (property.type === "SpreadElement") {
        const spread = this.value(property.argument);
        if (isObject(spread)) Object.assign(object, spread);
        continue;
      }
      const key = property.computed
        ? this.value(property.key)
        : property.key.type === "Identifier"
          ? property.key.name
          : property.key.value;
      if (typeof key !== "string" && typeof key !== "number") continue;
      // A method (`loader() {…}`) is code: known to be there, not what it computes.
      object[String(key)] =
        property.kind !== "init" || property.method ? UNKNOWN : this.value(property.value);
    }
    return object;
  }

  /** A constant a file of the site exports, read as this one is. */
  private importedValue(from: string, name: string): Value {
    const path = [
      from,
      ...[".ts", ".mts", ".js", ".mjs", ".cjs", "/index.ts", "/index.js"].map((ending) => `${from}${ending}`),
    ]
      .map((each) => resolve(dirname(this.file), each))
      .find(
        (each) =>
          existsSync(each) &&
          extname(each) !== "" &&
          (each === this.root || each.startsWith(`${this.root}/`)),
      );
    if (path === undefined) return UNKNOWN;
    if (!this.modules.has(path)) {
      const read = readScript(readFileSync(path, "utf8"), /\.m?ts$/.test(path));
      this.modules.set(
        path,
        read.program ? new Scope(read.program, path, this.root, this.modules) : undefined,
      );
    }
    return this.modules.get(path)?.exported(name) ?? UNKNOWN;
  }
}

/** A call's callee as a name: `glob`, `defineCollection`, `eleventyConfig.addPassthroughCopy` as `addPassthroughCopy`. */
export function calleeName(callee: AnyNode): string {
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && !callee.computed) return callee.property.name;
  return "";
}

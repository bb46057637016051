/**
 * What a run found, collected one at a time. Every stage of a build reports
 * into one collector, and src/findings.ts judges what it holds at the end.
 *
 * Why a class and not an array: `list.push(...found)` passes every item as an
 * argument, and V8 puts arguments on the stack, so a list of about 120,000
 * findings (a blog of 10,000 posts, each with a dozen warnings) ended the
 * build with "Maximum call stack size exceeded". Here a list is added by a
 * loop, which holds a million as well as ten.
 */
import type { SitegenError } from "./errors.ts";

export class Collector<T = SitegenError> implements Iterable<T> {
  readonly #items: T[] = [];

  add(one: T): void {
    this.#items.push(one);
  }

  addAll(many: Iterable<T>): void {
    for (const one of many) this.#items.push(one);
  }

  get size(): number {
    return this.#items.length;
  }

  /** What was collected, in the order it was added; the collector's own list, not a copy. */
  get items(): readonly T[] {
    return this.#items;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#items[Symbol.iterator]();
  }
}

/** `list.push(...items)` for a list of any length: one at a time, for the reason above. */
export function pushAll<T>(list: T[], items: Iterable<T>): void {
  for (const item of items) list.push(item);
}

/** Lines of a text by offset: what a message names when it points at the place in a file an author wrote. */

/** The line (1-based) of `text` that `offset` is on. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1))
    line++;
  return line;
}

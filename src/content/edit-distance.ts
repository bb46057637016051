/**
 * How many edits (insert, delete, replace, or swap two neighbours) turn one
 * name into another: a name one or two edits from a known one is most likely
 * a typo of it. Frontmatter fields and template names both ask.
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the table (the one before last for a swap), not the whole table: every unknown field asks.
  let twoBack = new Int32Array(b.length + 1);
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        current[j] = Math.min(current[j], twoBack[j - 2] + 1);
    }
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length];
}

/** Median, min and max: how every figure of the bench is summarised. */
export interface Stats {
  median: number;
  min: number;
  max: number;
}

/** Of the finite values; NaN for all three when there are none. */
export function stats(values: number[]): Stats {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** How the report writes figures: the same units and precision in every table. */
export const fmtSeconds = (ms: number): string =>
  Number.isFinite(ms) ? `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s` : "–";
export const fmtMs = (ms: number): string =>
  Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(2) : ms.toFixed(0)} ms` : "–";
export const fmtMB = (bytes: number): string =>
  Number.isFinite(bytes) ? `${Math.round(bytes / 1e6)} MB` : "–";
export const fmtRatio = (ratio: number): string => (Number.isFinite(ratio) ? ratio.toFixed(2) : "–");
export const fmtInt = (n: number): string =>
  Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–";
/** A target's verdict: undefined when the run did not measure it. */
export const mark = (ok: boolean | undefined): string =>
  ok === undefined ? "not measured" : ok ? "met" : "**not met**";

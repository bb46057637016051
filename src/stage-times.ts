/**
 * Where a build's time went, by stage, in milliseconds of the main thread's
 * clock (`build --json`'s `stages`), so that a slower build shows which
 * stage grew:
 *
 * - read: listing and reading the content and the templates, the templates prepared;
 * - parse: the posts' front matter and Markdown read into posts (on the render lanes when there are any);
 * - assemble: the manifest, the plan and the checks of the plan, covers resized;
 * - render: every page rendered and written into the new folder (the lanes write as they render);
 * - check: the checks of what was written (links, ids, the negotiation data), the findings judged;
 * - write: the build cache saved and the new folder swapped in.
 *
 * Stages that overlap in threads are timed as the main thread waits for
 * them; a stage inside another (parse within read) is taken out of it.
 */
export const STAGES = ["read", "parse", "assemble", "render", "check", "write"] as const;

export type Stage = (typeof STAGES)[number];

export type StageTimes = Record<Stage, number>;

export class StageClock {
  private readonly spent: StageTimes = { read: 0, parse: 0, assemble: 0, render: 0, check: 0, write: 0 };
  private last = performance.now();

  /** The time since the last lap (or since the clock started) counted to `stage`. */
  lap(stage: Stage): void {
    const now = performance.now();
    this.spent[stage] += now - this.last;
    this.last = now;
  }

  /** Runs `step`, its time counted to `stage`, and taken out of `within`, the stage it runs inside. */
  async time<T>(stage: Stage, step: () => T | Promise<T>, within?: Stage): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      const elapsed = performance.now() - started;
      this.spent[stage] += elapsed;
      if (within) this.spent[within] -= elapsed;
    }
  }

  /** Each stage's time, in whole milliseconds. */
  times(): StageTimes {
    return Object.fromEntries(
      STAGES.map((stage) => [stage, Math.max(0, Math.round(this.spent[stage]))]),
    ) as StageTimes;
  }
}

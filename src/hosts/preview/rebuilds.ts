/**
 * When a watch session rebuilds: once the files have been quiet, one
 * rebuild at a time, and once more for what changed during one.
 */
import { existsSync } from "node:fs";

/**
 * Rebuilds one at a time: changes are gathered until the files have been
 * quiet for `debounceMs`, and a change during a rebuild queues one more.
 */
export class Rebuilds {
  closed = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly pending = new Set<string>();

  constructor(
    private readonly options: {
      debounceMs: number;
      rebuild(): Promise<void>;
      log(text: string): void;
      logError(error: unknown): void;
      display(path: string): string;
    },
  ) {}

  changed(path: string): void {
    this.pending.add(path);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.now().catch((error: unknown) => this.options.logError(error));
    }, this.options.debounceMs);
  }

  /** Rebuilds now, or once more after the rebuild that is running. */
  now(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        this.announce();
        await this.options.rebuild();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async settled(): Promise<void> {
    while (!this.closed && (this.timer !== undefined || this.running))
      await (this.running ?? new Promise((done) => setTimeout(done, this.options.debounceMs)));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** Names what changed; editors save through temporary files, so it names what is still there. */
  private announce(): void {
    const names = [...this.pending].sort();
    this.pending.clear();
    if (names.length === 0) return;
    const shown = names.filter((name) => existsSync(name));
    this.options.log(
      `changed ${this.options.display(shown[0] ?? names[0])}${names.length > 1 ? ` and ${names.length - 1} more` : ""}; rebuilding`,
    );
  }
}

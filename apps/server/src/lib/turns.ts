/**
 * Turns per key inside this process: work holding a key waits until the earlier work holding it has
 * finished, in arrival order; work on other keys runs alongside. All of a piece of work's keys are
 * queued at once when it arrives, so it waits only for work that arrived before it and two pieces of
 * work sharing keys cannot wait for each other. Never take a turn inside a transaction that may
 * already hold a row another turn's holder needs: neither PostgreSQL nor this class would see that wait.
 */
export class Turns {
  readonly #tails = new Map<number, Promise<void>>();

  async run<T>(keys: number[], work: () => Promise<T>): Promise<T> {
    const before: Promise<void>[] = [];
    const releases: (() => void)[] = [];
    for (const key of new Set(keys)) {
      let release!: () => void;
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = this.#tails.get(key) ?? Promise.resolve();
      const tail = previous.then(() => done);
      this.#tails.set(key, tail);
      before.push(previous);
      releases.push(() => {
        release();
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      });
    }
    try {
      await Promise.all(before);
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  /** Keys with work holding or awaiting them (for tests). */
  get busy(): number {
    return this.#tails.size;
  }
}

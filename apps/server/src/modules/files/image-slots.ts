import os from 'node:os';

/**
 * Bounds how many images are decoded at once in this process (uploads and variants together): each decode
 * can take tens of MB, and libvips already uses every core for one image, so queueing costs little latency
 * while keeping memory flat when many uploads arrive together.
 */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

export const imageSlots = new Slots(Math.max(2, os.availableParallelism()));

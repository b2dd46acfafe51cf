/**
 * At most `size` tasks at once in this process; the others wait their turn in order. Used to bound memory-heavy
 * work: image decodes (files/image-slots.ts), spreadsheet workers (lib/sheets.ts).
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


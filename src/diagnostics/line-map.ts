import type { SourcePos } from "./diagnostic.js";

/** Maps offsets of one file's text to 1-based line/column positions. */
export class LineMap {
  private readonly starts: number[] = [0];

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  /** The position of `offset`, spanning `length` characters. */
  pos(offset: number, length?: number): SourcePos {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    const col = offset - (this.starts[lo] ?? 0) + 1;
    return { file: this.file, line: lo + 1, col, ...(length !== undefined ? { length } : {}) };
  }

  /** The file text this map was built from. */
  source(): string {
    return this.text;
  }
}

/**
 * The `k` largest entries offered, by (primary, then secondary), in a heap of k whose root is
 * the smallest kept: most offers cost one comparison. Offered about from the highest id down,
 * the entries equal in primary come highest first and fail that comparison at once.
 */
export class TopK {
  private readonly primary: Float64Array;
  private readonly secondary: Float64Array;
  private readonly values: Int32Array;
  private filled = 0;
  /** The smallest primary kept once the heap is full (-∞ before): anything below is not. */
  floor = Number.NEGATIVE_INFINITY;
  /** With `floor`: the secondary of the lowest kept (-∞ before the heap is full). */
  get floorTie(): number {
    return this.filled === this.k && this.k > 0 ? this.secondary[0]! : Number.NEGATIVE_INFINITY;
  }
  constructor(private readonly k: number) {
    this.primary = new Float64Array(k);
    this.secondary = new Float64Array(k);
    this.values = new Int32Array(k);
  }
  /** `a` ranks below `b`. */
  private below(a: number, b: number): boolean {
    const { primary, secondary } = this;
    return (
      primary[a]! < primary[b]! || (primary[a] === primary[b] && secondary[a]! < secondary[b]!)
    );
  }
  private swap(a: number, b: number) {
    const { primary, secondary, values } = this;
    const p = primary[a]!;
    primary[a] = primary[b]!;
    primary[b] = p;
    const s = secondary[a]!;
    secondary[a] = secondary[b]!;
    secondary[b] = s;
    const v = values[a]!;
    values[a] = values[b]!;
    values[b] = v;
  }
  private siftDown(from: number, length: number) {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= length) return;
      let m = l;
      if (l + 1 < length && this.below(l + 1, l)) m = l + 1;
      if (!this.below(m, i)) return;
      this.swap(i, m);
      i = m;
    }
  }
  push(primary: number, secondary: number, value: number): void {
    if (this.filled < this.k) {
      let i = this.filled++;
      this.primary[i] = primary;
      this.secondary[i] = secondary;
      this.values[i] = value;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      if (this.filled === this.k) this.floor = this.primary[0]!;
      return;
    }
    if (this.k === 0) return;
    const rootPrimary = this.primary[0]!;
    if (primary < rootPrimary || (primary === rootPrimary && secondary <= this.secondary[0]!)) {
      return;
    }
    this.primary[0] = primary;
    this.secondary[0] = secondary;
    this.values[0] = value;
    this.siftDown(0, this.k);
    this.floor = this.primary[0]!;
  }
  /** The values kept, largest first (the heap is used up). */
  sorted(): Int32Array {
    for (let end = this.filled - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
    return this.values.subarray(0, this.filled);
  }
}

/** The page `[offset, …)` of a heap of `offset + limit`, and the count of all. */
export function pageOf(top: TopK, offset: number, total: number): { ids: number[]; total: number } {
  return offset >= total
    ? { ids: [], total }
    : { ids: Array.from(top.sorted().subarray(offset)), total };
}

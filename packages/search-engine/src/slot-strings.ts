/**
 * A string (or null) per slot, kept as UTF-8 in one growing buffer: a million products' names
 * are a few tens of MB off the JS heap instead of a million strings for the GC to visit. A
 * slot written again leaves its old bytes behind until compacted().
 */
export class SlotStrings {
  private static readonly encoder = new TextEncoder();
  private static readonly decoder = new TextDecoder();
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private start = new Int32Array(1024);
  /** The byte length, or -1 for null. */
  private length = new Int32Array(1024).fill(-1);

  set(slot: number, value: string | null): void {
    if (slot >= this.start.length) {
      const size = Math.max(slot + 1, Math.ceil(this.start.length * 1.5));
      const start = new Int32Array(size);
      start.set(this.start);
      this.start = start;
      const length = new Int32Array(size).fill(-1);
      length.set(this.length);
      this.length = length;
    }
    if (value === null) {
      this.length[slot] = -1;
      return;
    }
    const most = value.length * 3;
    if (this.used + most > this.bytes.length) {
      const bytes = new Uint8Array(Math.max(this.used + most, Math.ceil(this.bytes.length * 1.5)));
      bytes.set(this.bytes.subarray(0, this.used));
      this.bytes = bytes;
    }
    const { written } = SlotStrings.encoder.encodeInto(value, this.bytes.subarray(this.used));
    this.start[slot] = this.used;
    this.length[slot] = written;
    this.used += written;
  }

  get(slot: number): string | null {
    const n = slot < this.length.length ? this.length[slot]! : -1;
    if (n < 0) return null;
    const from = this.start[slot]!;
    return SlotStrings.decoder.decode(this.bytes.subarray(from, from + n));
  }

  /** The strings of the slots kept, at their new slots (`map[old]`, -1 for dropped). */
  compacted(map: Int32Array, slots: number, next: number): SlotStrings {
    const out = new SlotStrings();
    out.start = new Int32Array(Math.max(1024, next));
    out.length = new Int32Array(Math.max(1024, next)).fill(-1);
    let bytes = 0;
    for (let s = 0; s < slots; s++)
      if (map[s]! >= 0 && this.length[s]! > 0) bytes += this.length[s]!;
    out.bytes = new Uint8Array(Math.max(1 << 16, Math.ceil(bytes * 1.25)));
    for (let s = 0; s < slots; s++) {
      const to = map[s]!;
      const n = this.length[s]!;
      if (to < 0 || n < 0) continue;
      out.bytes.set(this.bytes.subarray(this.start[s]!, this.start[s]! + n), out.used);
      out.start[to] = out.used;
      out.length[to] = n;
      out.used += n;
    }
    return out;
  }

  /** Drops the spare capacity (after a bulk load). */
  trim(): void {
    this.bytes = this.bytes.slice(0, this.used);
  }
}

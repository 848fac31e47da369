/**
 * Sets of slots as sorted arrays of distinct slots, and the three operations a query's shape
 * needs (`a & b`, `a | b`, `a & !b`), each one merge pass.
 */

/** Sorted, distinct slots. */
export type SlotSet = Int32Array;

export const EMPTY: SlotSet = new Int32Array(0);

export function intersect(a: SlotSet, b: SlotSet): SlotSet {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, k);
}

export function union(a: SlotSet, b: SlotSet): SlotSet {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out.subarray(0, k);
}

/** The slots of `a` not in `b`. */
export function difference(a: SlotSet, b: SlotSet): SlotSet {
  const out = new Int32Array(a.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j < b.length && b[j] === x) {
      i++;
      continue;
    }
    out[k++] = x;
    i++;
  }
  return out.subarray(0, k);
}

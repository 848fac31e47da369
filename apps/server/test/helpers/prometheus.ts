/** Reading a Prometheus text exposition (GET /metrics) in tests. */

/**
 * The value of one sample of a Prometheus text exposition, or undefined when it is not there.
 * `labels` must all match (others may be present).
 */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      found[key!] = value!;
    }
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

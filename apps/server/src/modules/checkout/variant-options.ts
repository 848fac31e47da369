/**
 * A variant's options as the §3 order item's `variant_options` map (option name → value),
 * named by the product's option names (`products.option_names`: "Size", "Color"). A product
 * whose seller never named its options falls back to reading the name from the value: sizes
 * and amounts ("M", "XL", "32 oz", "250 ml", "One Size") are a "Size"; anything else is an
 * "Option". Names are unique within one item.
 */

const SIZE =
  /^(one size|xxs|xs|s|m|l|xl|xxl|xxxl|[2-5]xl|\d+(\.\d+)?\s*(oz|fl\.? oz|ml|l|g|kg|lb|lbs|in|cm|mm|pack|pcs?)?)$/i;

export function variantOptions(
  option1: string | null,
  option2: string | null,
  optionNames: readonly string[] = [],
): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [i, raw] of [option1, option2].entries()) {
    const value = raw?.trim();
    if (!value) continue;
    const base = optionNames[i]?.trim() || (SIZE.test(value) ? 'Size' : 'Option');
    let name = base;
    for (let n = 2; name in options; n++) name = `${base} ${n}`;
    options[name] = value;
  }
  return options;
}

/** The options as one label, "M / Sage" (the hosted payment page's line description). */
export function variantLabel(option1: string | null, option2: string | null): string | null {
  const label = [option1, option2]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(' / ');
  return label || null;
}

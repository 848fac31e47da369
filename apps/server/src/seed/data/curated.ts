/**
 * Hand-picked lists (SPEC §2 Home/Shop, §9; DESIGN 2.9), by product name; the seed resolves
 * them to ids and fails loudly if a name is missing.
 */

/** Home "Newly Added": 9 products, one per brand; they get the newest creation dates. */
export const NEWLY_ADDED = [
  'Hand-Thrown Stoneware Mug',
  'Sugar Kelp Face Serum',
  'Hemp Canvas Overshirt',
  'Cork Insole Low-Top Sneaker',
  'Earth Pigment Watercolour Set',
  'Blue Ridge Soy Candle',
  'Stonewashed Linen Shirt Dress',
  'Recycled Net Daypack 22L',
  'Beechwood Dish Brush',
];

/** Shop "Current Favorites": 8 products priced from exactly $15.00 to $138.00. */
export const CURRENT_FAVORITES = [
  'Beeswax Food Wrap Trio',
  'Recycled Paper Sketchbook',
  'Everyday Organic Cotton Tee',
  'Insulated Steel Bottle 20 oz',
  'Calendula Face Oil',
  'Hemp Backpack',
  'Porto Linen Button-Up',
  'Merino Trail Runner',
];

/** "People also love…" under an empty search: 8 products, one per category. */
export const PEOPLE_ALSO_LOVE = [
  'Hemp Everyday Tee',
  'Hemp Canvas Slip-On',
  'Linen Bucket Hat',
  'Linen Napkins (Set of 4)',
  'Mineral Sunscreen SPF 30',
  'Bamboo Toothbrush (4 Pack)',
  'Compostable Sponge Cloths (Pack of 5)',
  'Cedar Pencil Set',
];

/**
 * Business ids hidden from the home carousel (19, SPEC §2/§9). In the original shop these
 * were retired businesses, so 18 of them are ids no demo business has; the seed adds the one
 * brand whose payout setup is still pending.
 */
export const RETIRED_BUSINESS_IDS = [
  9001, 9002, 9004, 9007, 9011, 9012, 9016, 9019, 9023, 9024, 9031, 9035, 9038, 9042, 9047, 9050,
  9053, 9058,
];

import {
  APPAREL_SIZES,
  BABY_SIZES,
  KIDS_SHOE_SIZES,
  type ProductSeed,
  SHOE_HALF_SIZES,
  SHOE_SIZES,
} from './catalog';

/** What each demo brand sells, keyed by the brand's `key` in businesses.ts. */
export const PRODUCTS: Record<string, ProductSeed[]> = {
  fernweh: [
    {
      name: 'Everyday Organic Cotton Tee',
      price: 34,
      category: 'Apparel',
      shape: 'tee',
      colour: 'Ecru',
      description:
        'A mid-weight tee in GOTS organic cotton jersey, pre-washed so it keeps its shape. Relaxed through the body with a neat crew neck that works alone or layered.',
      variants: {
        option1: APPAREL_SIZES,
        option2: ['Ecru', 'Forest', 'Clay'],
        names: ['Size', 'Color'],
      },
    },
    {
      name: 'Porto Linen Button-Up',
      price: 89,
      category: 'Apparel',
      shape: 'shirt',
      colour: 'Oat',
      description:
        'Breathable European flax linen that softens with every wash. Coconut-shell buttons, a boxy cut and a single chest pocket. Made for warm days and long evenings.',
      variants: { option1: APPAREL_SIZES, option2: ['Oat', 'Sage'], names: ['Size', 'Color'] },
    },
    {
      name: 'Relaxed Linen Trousers',
      price: 96,
      category: 'Apparel',
      shape: 'pants',
      colour: 'Olive',
      description:
        'High-waisted, wide-leg trousers in washed linen with a half-elastic back. Deep side pockets and a fly front, so they look smart and feel like loungewear.',
      variants: { option1: APPAREL_SIZES, names: ['Size'] },
    },
    {
      name: 'Organic Cotton Crew Sweatshirt',
      price: 78,
      category: 'Apparel',
      shape: 'sweater',
      colour: 'Sage',
      description:
        'Loopback organic cotton with ribbed cuffs and hem. No polyester blend, so no microfibres shed in the wash.',
      variants: { option1: APPAREL_SIZES, prices: { XL: 82 }, names: ['Size'] },
    },
    {
      name: 'Sleeveless Linen Midi Dress',
      price: 118,
      category: 'Apparel',
      shape: 'dress',
      colour: 'Terracotta',
      description:
        'A bias-cut midi in heavyweight linen with adjustable ties at the shoulder. Falls just below the knee and has, of course, pockets.',
    },
    {
      name: 'Organic Cotton Rib Socks (3 Pack)',
      price: 22,
      category: 'Apparel',
      shape: 'socks',
      colour: 'Oat',
      description:
        'Cushioned rib socks in organic cotton with a seamless toe. Three pairs in undyed oat, because socks should be boring in the best way.',
    },
    {
      name: 'Linen Bucket Hat',
      price: 38,
      category: 'Accessories',
      shape: 'bucketHat',
      colour: 'Natural',
      description:
        'A soft, packable bucket hat cut from linen offcuts of our trousers. Stitched brim and a cotton sweatband.',
    },
    {
      name: 'Offcut Patchwork Tote',
      price: 28,
      category: 'Accessories',
      shape: 'tote',
      colour: 'Clay',
      description:
        'Every tote is pieced together from cutting-room offcuts, so no two are alike. Lined in organic cotton with an inside pocket for keys.',
    },
    {
      name: 'Visible Mending Kit',
      price: 24,
      category: 'Accessories',
      shape: 'tin',
      colour: 'Forest',
      description:
        'Everything you need to darn a sock or patch a knee: organic cotton thread in six colours, two needles, a wooden darning mushroom and a fold-out guide. Make your clothes last longer and look better for it.',
    },
    {
      name: 'Linen Scrunchie Trio',
      price: 14,
      category: 'Accessories',
      shape: 'scrunchie',
      colour: 'Rust',
      description:
        'Three scrunchies sewn from linen offcuts with natural rubber elastic. Gentle on hair, and a small way to use every scrap.',
    },
  ],

  moss: [
    {
      name: 'Hand-Thrown Stoneware Mug',
      price: 34,
      category: 'Home Goods',
      shape: 'mug',
      colour: 'Sage',
      description:
        'Thrown on the wheel in our Vermont studio and glazed in a soft satin finish. Holds about 12 oz and feels good in two hands. Dishwasher safe.',
      variants: { option1: ['Sage', 'Oat', 'Charcoal'], images: true, names: ['Color'] },
    },
    {
      name: 'Stoneware Serving Bowl',
      price: 68,
      category: 'Home Goods',
      shape: 'bowl',
      colour: 'Oat',
      description:
        'A generous serving bowl with a raw clay foot and a glossy interior. Big enough for a salad for six or a week of bread dough.',
    },
    {
      name: 'Stonewashed Linen Tea Towels (Set of 2)',
      price: 26,
      category: 'Home Goods',
      shape: 'towel',
      colour: 'Sage',
      description:
        'Absorbent, quick-drying linen towels with a hanging loop. They get softer and more absorbent with every wash.',
    },
    {
      name: 'Speckled Stoneware Planter',
      price: 42,
      category: 'Home Goods',
      shape: 'planter',
      colour: 'Stone',
      description:
        'A speckled planter with a drainage hole and a matching saucer. Sized for a 5-inch nursery pot.',
    },
    {
      name: 'Reclaimed Oak Side Table',
      price: 249,
      category: 'Home Goods',
      shape: 'table',
      colour: 'Walnut',
      description:
        'Built from oak floorboards salvaged from a Vermont farmhouse, joined without screws and finished with hardwax oil. Each table shows its history in nail holes and saw marks.',
    },
    {
      name: 'Amber Glass Refill Bottle',
      price: 14,
      category: 'Home Goods',
      shape: 'pump',
      colour: 'Amber',
      description:
        'A 16 oz amber glass bottle with a stainless pump, ready for our refills or your own soap. Send it back to us for a refill at cost.',
    },
    {
      name: 'All-Purpose Cleaner Concentrate',
      price: 18,
      category: 'Cleaning Products',
      shape: 'spray',
      colour: 'Sage',
      description:
        'Plant-based concentrate that makes four bottles of spray: counters, glass, tiles and more. Scented with lemon myrtle essential oil.',
      variants: {
        option1: ['Lemon Myrtle', 'Unscented', 'Cedar & Mint'],
        names: ['Scent'],
      },
    },
    {
      name: 'Castile Dish Soap Refill',
      price: 16,
      category: 'Cleaning Products',
      shape: 'pump',
      colour: 'Moss',
      description:
        'A gentle, grease-cutting dish soap made from olive oil castile and plant surfactants. Refill pouch of 32 oz, compostable.',
      variants: { option1: ['32 oz', '64 oz'], prices: { '64 oz': 28 }, names: ['Size'] },
    },
    {
      name: 'Copper Pot Scrubbers (Pair)',
      price: 9,
      category: 'Cleaning Products',
      shape: 'scrubber',
      colour: 'Amber',
      description:
        'Knitted from recycled copper wire: tough on burnt pans, kind to cast iron. Rinse, air dry and they last for months.',
    },
    {
      name: 'Wool Dusting Mitt',
      price: 19,
      category: 'Cleaning Products',
      shape: 'sponge',
      colour: 'Natural',
      description:
        'Lanolin-rich undyed wool grabs dust without sprays. Shake it out outside and wash gently when needed.',
    },
  ],

  kelp: [
    {
      name: 'Sugar Kelp Face Serum',
      price: 42,
      category: 'Cosmetics / Skin Care',
      shape: 'dropper',
      colour: 'Seafoam',
      description:
        'A lightweight serum of sugar kelp extract, hyaluronic acid and squalane from olives. Hydrates without shine and layers well under sunscreen. 30 ml in glass.',
    },
    {
      name: 'Mineral Sunscreen SPF 30',
      price: 28,
      category: 'Cosmetics / Skin Care',
      shape: 'tube',
      colour: 'Cream',
      description:
        'Non-nano zinc oxide in a sheer, unscented base that rubs in without a white cast. Reef-safe and water resistant for 40 minutes, in an aluminium tube.',
    },
    {
      name: 'Sea Clay Cleansing Bar',
      price: 16,
      category: 'Cosmetics / Skin Care',
      shape: 'soap',
      colour: 'Dusty Blue',
      description:
        'A gentle face and body bar with French green clay and Maine seaweed. Cleans without stripping and lasts around two months.',
    },
    {
      name: 'Tinted Lip Balm',
      price: 12,
      category: 'Cosmetics / Skin Care',
      shape: 'tin',
      colour: 'Rose',
      description:
        'A softly tinted balm of shea, sunflower oil and candelilla wax in a refillable tin. Three shades that suit everyone.',
      variants: { option1: ['Rose', 'Clay', 'Plum'], images: true, names: ['Color'] },
    },
    {
      name: 'Kelp Night Cream',
      price: 46,
      category: 'Cosmetics / Skin Care',
      shape: 'creamJar',
      colour: 'Seafoam',
      description:
        'A rich cream with kelp, ceramides and oat lipids to rebuild the skin barrier overnight. 50 ml in a glass jar with a bamboo lid.',
    },
    {
      name: 'Sea Salt Body Scrub',
      price: 24,
      category: 'Cosmetics / Skin Care',
      shape: 'jar',
      colour: 'Dusty Blue',
      description:
        'Coarse Maine sea salt in sunflower and coconut oil with a hint of rosemary. No microbeads, ever.',
      variants: { option1: ['8 oz', '16 oz'], prices: { '16 oz': 38 }, names: ['Size'] },
    },
    {
      name: 'Aluminium-Free Deodorant',
      price: 14,
      category: 'Hygiene',
      shape: 'deodorant',
      colour: 'Seafoam',
      description:
        'A baking-soda-free deodorant with arrowroot and magnesium, pushed up in a compostable paper tube. Lasts a full day at the office or on the trail.',
      variants: { option1: ['Sea Mist', 'Cedar', 'Unscented'], names: ['Scent'] },
    },
    {
      name: 'Silk Dental Floss',
      price: 9,
      category: 'Hygiene',
      shape: 'tin',
      colour: 'Steel',
      description:
        'Biodegradable silk floss coated in candelilla wax with a touch of mint, in a refillable glass vial. Refills come in paper.',
    },
    {
      name: 'Seaweed Bath Soak',
      price: 22,
      category: 'Hygiene',
      shape: 'jar',
      colour: 'Sage',
      description:
        'Dried bladderwrack, Epsom salt and eucalyptus for a long mineral bath. Enough for four baths in a glass jar.',
    },
  ],

  stride: [
    {
      name: 'Resoled Leather Chelsea Boots, US 9',
      price: 118,
      category: 'Shoes',
      shape: 'boot',
      colour: 'Walnut',
      description:
        'Pre-loved brown leather Chelsea boots, cleaned, conditioned and fitted with new natural rubber soles. The leather has a lovely patina and years of wear left. Men’s US 9.',
    },
    {
      name: 'Pre-Loved Canvas High-Tops, US 8',
      price: 42,
      category: 'Shoes',
      shape: 'hightop',
      colour: 'Forest',
      description:
        'Green canvas high-tops, deep-cleaned with new organic cotton laces. Light wear on the toe caps. Women’s US 8.',
    },
    {
      name: 'Restored Trail Runners, US 10',
      price: 64,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Dusty Blue',
      description:
        'Trail runners with plenty of tread left, washed and re-glued at the toe. Great for weekend hikes. Men’s US 10.',
    },
    {
      name: 'Vintage Suede Desert Boots, US 7',
      price: 86,
      category: 'Shoes',
      shape: 'boot',
      colour: 'Honey',
      description:
        'Honey suede desert boots from the nineties, brushed and resoled with crepe rubber. Women’s US 7.',
    },
    {
      name: 'Resoled Leather Sandals, US 8',
      price: 48,
      category: 'Shoes',
      shape: 'sandal',
      colour: 'Walnut',
      description:
        'Two-strap leather sandals with a fresh natural rubber sole and conditioned straps. Women’s US 8.',
    },
    {
      name: 'Pre-Loved White Leather Sneakers, US 11',
      price: 72,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Cream',
      description:
        'Classic white leather low-tops, deep-cleaned and re-whitened with a plant-based cream. Slight creasing across the toe. Men’s US 11.',
    },
    {
      name: 'Repaired Wool Clogs, US 9',
      price: 58,
      category: 'Shoes',
      shape: 'slipper',
      colour: 'Charcoal',
      description:
        'Felted wool clogs with a new leather heel patch and a fresh sole. Warm, quiet and perfect for working from home. Women’s US 9.',
    },
    {
      name: 'Vintage Work Boots, US 10.5',
      price: 136,
      category: 'Shoes',
      shape: 'boot',
      colour: 'Rust',
      description:
        'Goodyear-welted work boots from the eighties, rebuilt with a new Vibram sole and waxed laces. Built to outlast us all. Men’s US 10.5.',
    },
  ],

  hempen: [
    {
      name: 'Hemp Everyday Tee',
      price: 29,
      category: 'Apparel',
      shape: 'tee',
      colour: 'Natural',
      description:
        'A breathable hemp and organic cotton jersey tee that gets softer every wash. Naturally antibacterial, so it stays fresh between washes.',
      variants: {
        option1: APPAREL_SIZES,
        option2: ['Natural', 'Olive', 'Black'],
        names: ['Size', 'Color'],
      },
    },
    {
      name: 'Hemp Canvas Overshirt',
      price: 98,
      category: 'Apparel',
      shape: 'jacket',
      colour: 'Olive',
      description:
        'A sturdy overshirt in 100 % hemp canvas with two chest pockets and corozo buttons. Wear it as a light jacket from spring to autumn.',
      variants: { option1: APPAREL_SIZES, names: ['Size'] },
    },
    {
      name: 'Hemp Drawstring Shorts',
      price: 44,
      category: 'Apparel',
      shape: 'pants',
      colour: 'Sage',
      description:
        'Lightweight hemp shorts with a drawstring waist and a 6-inch inseam. Quick to dry, great for swimming holes.',
      variants: { option1: APPAREL_SIZES, names: ['Size'] },
    },
    {
      name: 'Hemp Market Tote',
      price: 24,
      category: 'Accessories',
      shape: 'tote',
      colour: 'Natural',
      description:
        'A roomy tote in heavy hemp canvas that carries a full week of groceries. Reinforced handles and a flat base.',
      variants: { option1: ['Natural', 'Olive'], images: true, names: ['Color'] },
    },
    {
      name: 'Hemp Backpack',
      price: 72,
      category: 'Accessories',
      shape: 'backpack',
      colour: 'Olive',
      description:
        'A 20-litre everyday pack in hemp canvas with a padded laptop sleeve and a front pocket. Water-resistant thanks to a plant-wax finish.',
    },
    {
      name: 'Hemp Beanie',
      price: 26,
      category: 'Accessories',
      shape: 'beanie',
      colour: 'Rust',
      description:
        'A rib-knit beanie in hemp and organic cotton, warm without being itchy. One size fits most.',
      variants: { option1: ['Rust', 'Olive', 'Charcoal'], images: true, names: ['Color'] },
    },
    {
      name: 'Hemp Seed Lip Balm',
      price: 6,
      category: 'Hygiene',
      shape: 'tin',
      colour: 'Sage',
      description:
        'Cold-pressed hemp seed oil and candelilla wax in a compostable push-up tube. Unflavoured, unscented and very moisturising.',
    },
    {
      name: 'Hemp Seed Oil Soap',
      price: 9,
      category: 'Hygiene',
      shape: 'soap',
      colour: 'Moss',
      description:
        'A creamy bar soap with cold-pressed hemp seed oil and a little peppermint. Wrapped in hemp paper.',
    },
    {
      name: 'Hemp Body Lotion',
      price: 18,
      category: 'Hygiene',
      shape: 'pump',
      colour: 'Olive',
      description:
        'A fast-absorbing lotion with hemp seed oil and aloe for everyday moisture. 8 oz in an aluminium bottle you can refill.',
    },
    {
      name: 'Hemp Twine Plant Hanger',
      price: 21,
      category: 'Home Goods',
      shape: 'planter',
      colour: 'Natural',
      description:
        'A hand-knotted plant hanger in natural hemp twine, about 36 inches long. Holds pots up to 7 inches across.',
    },
  ],

  sol: [
    {
      name: 'Recycled Paper Sketchbook',
      price: 19,
      category: 'Art Supplies',
      shape: 'sketchbook',
      colour: 'Clay',
      description:
        '96 pages of heavy recycled drawing paper that takes pencil, ink and light washes. Hand-bound with cotton thread so it lies flat.',
      variants: { option1: ['A5', 'A4'], prices: { A4: 26 }, names: ['Size'] },
    },
    {
      name: 'Dot Grid Journal',
      price: 22,
      category: 'Art Supplies',
      shape: 'sketchbook',
      colour: 'Forest',
      description:
        'A 160-page dot grid journal on 100 % post-consumer paper, with a book-cloth cover made from mill offcuts. Ink doesn’t bleed through.',
      variants: { option1: ['Forest', 'Clay', 'Mustard'], images: true, names: ['Color'] },
    },
    {
      name: 'Wildflower Seed Paper Cards (Set of 6)',
      price: 16,
      category: 'Art Supplies',
      shape: 'sheets',
      colour: 'Blush',
      description:
        'Handmade cards embedded with native wildflower seeds. Write a note, then plant the card and watch it bloom. Envelopes included.',
    },
    {
      name: 'Cedar Pencil Set',
      price: 12,
      category: 'Art Supplies',
      shape: 'pencils',
      colour: 'Walnut',
      description:
        'Six graphite pencils from 4H to 6B in unlacquered, FSC-certified cedar. They smell wonderful when you sharpen them.',
    },
    {
      name: 'Recycled Kraft Paper Pad',
      price: 8,
      category: 'Art Supplies',
      shape: 'sheets',
      colour: 'Oat',
      description:
        'Fifty sheets of toothy kraft paper for charcoal, pastels and quick studies. Glue-bound in a recycled card backer.',
    },
    {
      name: 'Hand-Bound Pocket Notebooks (3 Pack)',
      price: 15,
      category: 'Art Supplies',
      shape: 'sketchbook',
      colour: 'Mustard',
      description:
        'Three pocket notebooks with plain, lined and grid pages. Saddle-stitched by hand and sized for a back pocket.',
      variants: { option1: ['Mixed', 'All Plain', 'All Lined'], names: ['Style'] },
    },
    {
      name: 'Watercolour Postcard Pad',
      price: 14,
      category: 'Art Supplies',
      shape: 'sheets',
      colour: 'Cream',
      description:
        'Twenty cold-pressed watercolour postcards from recycled cotton rag. Paint, stamp and send.',
    },
    {
      name: 'Refillable Leather-Free Folio',
      price: 38,
      category: 'Accessories',
      shape: 'wallet',
      colour: 'Terracotta',
      description:
        'A washable cork-fabric cover that holds an A5 notebook, pens and loose papers. Replace the notebook inside, keep the folio for years.',
    },
    {
      name: 'Recycled Paper Desk Calendar',
      price: 18,
      category: 'Art Supplies',
      shape: 'frame',
      colour: 'Sage',
      description:
        'A twelve-month desk calendar illustrated with linocut prints, on a stand you can reuse with next year’s refill.',
    },
  ],

  bramble: [
    {
      name: 'Beeswax Food Wrap Trio',
      price: 15,
      category: 'Home Goods',
      shape: 'wraps',
      colour: 'Mustard',
      description:
        'Three organic cotton wraps (small, medium, large) coated in beeswax, tree resin and jojoba oil. Wrap cheese, bread or half a lemon, then rinse in cool water and reuse for a year.',
    },
    {
      name: 'Plant Wax Food Wraps',
      price: 17,
      category: 'Home Goods',
      shape: 'wraps',
      colour: 'Sage',
      description:
        'A vegan take on our wraps with candelilla and soy wax. The same cling, the same year of use, compostable at the end.',
      variants: { option1: ['Set of 3', 'Set of 5'], prices: { 'Set of 5': 26 }, names: ['Set'] },
    },
    {
      name: 'Organic Cotton Produce Bags (Set of 5)',
      price: 18,
      category: 'Home Goods',
      shape: 'tote',
      colour: 'Natural',
      description:
        'Lightweight mesh and muslin bags with drawstrings and the tare weight printed on the tag. Say goodbye to the roll of plastic bags.',
    },
    {
      name: 'Waxed Canvas Bread Bag',
      price: 32,
      category: 'Home Goods',
      shape: 'tote',
      colour: 'Walnut',
      description:
        'Keeps a loaf fresh for days without plastic. Waxed organic canvas outside, breathable cotton inside.',
    },
    {
      name: 'Linen Napkins (Set of 4)',
      price: 36,
      category: 'Home Goods',
      shape: 'towel',
      colour: 'Oat',
      description:
        'Soft, washed linen napkins with mitred corners. Ditch the paper napkins for good.',
      variants: { option1: ['Oat', 'Sage', 'Rust'], images: true, names: ['Color'] },
    },
    {
      name: 'Reusable Sandwich Wraps',
      price: 12,
      category: 'Home Goods',
      shape: 'wallet',
      colour: 'Clay',
      description:
        'Fold-around sandwich wraps with a food-safe lining and a cotton tie. They double as a placemat at lunch.',
      variants: {
        option1: ['Pack of 2', 'Pack of 4'],
        prices: { 'Pack of 4': 21 },
        names: ['Pack'],
      },
    },
    {
      name: 'Cotton String Market Bag',
      price: 19,
      category: 'Accessories',
      shape: 'tote',
      colour: 'Ecru',
      description:
        'A classic stretchy string bag in organic cotton that folds into a pocket and expands to carry a watermelon.',
      variants: { option1: ['Ecru', 'Forest', 'Mustard'], images: true, names: ['Color'] },
    },
    {
      name: 'Beeswax Block for DIY Wraps',
      price: 11,
      category: 'Home Goods',
      shape: 'soap',
      colour: 'Honey',
      description:
        'Refresh old wraps or make your own: a block of our beeswax, resin and jojoba blend with printed instructions. Enough for about eight wraps.',
    },
    {
      name: 'Organic Cotton Apron',
      price: 42,
      category: 'Home Goods',
      shape: 'dress',
      colour: 'Forest',
      description:
        'A cross-back apron in heavyweight organic cotton with two deep pockets. No neck strain, and it washes well.',
    },
  ],

  tidewater: [
    {
      name: 'Shampoo Bar for Every Hair',
      price: 14,
      category: 'Hygiene',
      shape: 'soap',
      colour: 'Seafoam',
      description:
        'A pH-balanced shampoo bar that lathers like a liquid and lasts as long as three bottles. Rosemary and mint for a clean scalp.',
      variants: { option1: ['Rosemary Mint', 'Lavender', 'Unscented'], names: ['Scent'] },
    },
    {
      name: 'Conditioner Bar',
      price: 15,
      category: 'Hygiene',
      shape: 'soap',
      colour: 'Lavender',
      description:
        'A solid conditioner with cocoa butter and coconut that detangles without weighing hair down. Glide it over wet ends and rinse.',
    },
    {
      name: 'Oatmeal & Honey Bar Soap',
      price: 8,
      category: 'Hygiene',
      shape: 'soap',
      colour: 'Honey',
      description:
        'A gentle cold-process bar with ground oats and local honey for sensitive skin. Cured six weeks for a long-lasting bar.',
    },
    {
      name: 'Charcoal Tea Tree Soap',
      price: 8,
      category: 'Hygiene',
      shape: 'soap',
      colour: 'Charcoal',
      description:
        'Activated charcoal and tea tree oil for a deep, fresh clean. A favourite after the gym.',
    },
    {
      name: 'Bamboo Soap Dish',
      price: 9,
      category: 'Hygiene',
      shape: 'board',
      colour: 'Honey',
      description:
        'A slatted bamboo dish that lets bars dry between uses, so they last twice as long.',
    },
    {
      name: 'Shave Soap Puck',
      price: 12,
      category: 'Hygiene',
      shape: 'tin',
      colour: 'Walnut',
      description:
        'A rich, slick shave soap with shea and bentonite clay in a reusable tin. Pairs perfectly with a safety razor.',
    },
    {
      name: 'Soap Saver Sisal Pouch',
      price: 5,
      category: 'Hygiene',
      shape: 'sponge',
      colour: 'Natural',
      description:
        'Pop the last slivers of soap inside and use it as a gentle exfoliating washcloth. Woven from sisal, fully compostable.',
    },
    {
      name: 'Solid Body Lotion Bar',
      price: 13,
      category: 'Cosmetics / Skin Care',
      shape: 'tin',
      colour: 'Cream',
      description:
        'Shea, cocoa butter and sunflower oil melt on warm skin. A travel-friendly moisturiser with no bottle at all.',
    },
    {
      name: 'Sea Salt Soap Sampler',
      price: 24,
      category: 'Hygiene',
      shape: 'soap',
      colour: 'Dusty Blue',
      description:
        'Four half-bars of our best sellers, tied with cotton string. A good way to find your favourite, or a ready-made gift.',
    },
  ],

  rootbound: [
    {
      name: 'Cork Insole Low-Top Sneaker',
      price: 128,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Cream',
      description:
        'A minimal low-top with an organic cotton canvas upper, a natural rubber cupsole and a cork insole that moulds to your foot. Resoleable when you wear it down.',
      variants: {
        option1: SHOE_SIZES,
        option2: ['Cream', 'Forest', 'Charcoal'],
        names: ['Size', 'Color'],
      },
    },
    {
      name: 'Merino Trail Runner',
      price: 138,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Moss',
      description:
        'A light trail runner with a merino wool upper, a recycled-foam midsole and a grippy natural rubber outsole. Made for muddy mornings and wet grass.',
      variants: { option1: SHOE_SIZES, option2: ['Moss', 'Charcoal'], names: ['Size', 'Color'] },
    },
    {
      name: 'Hemp Canvas Slip-On',
      price: 72,
      category: 'Shoes',
      shape: 'slipper',
      colour: 'Natural',
      description:
        'An easy slip-on in breathable hemp canvas on a recycled rubber sole. Machine washable on a cold cycle.',
      variants: { option1: SHOE_SIZES, option2: ['Natural', 'Olive'], names: ['Size', 'Color'] },
    },
    {
      name: 'Cork Footbed Sandal',
      price: 84,
      category: 'Shoes',
      shape: 'sandal',
      colour: 'Walnut',
      description:
        'A two-strap sandal with a contoured cork footbed and vegetable-tanned straps. Breaks in within a week and lasts for summers.',
      variants: { option1: SHOE_HALF_SIZES, names: ['Size'] },
    },
    {
      name: 'Canvas High-Top',
      price: 96,
      category: 'Shoes',
      shape: 'hightop',
      colour: 'Terracotta',
      description:
        'A classic high-top in organic cotton canvas with natural rubber toe caps and recycled cotton laces.',
      variants: { option1: SHOE_SIZES, option2: ['Terracotta', 'Cream'], names: ['Size', 'Color'] },
    },
    {
      name: 'Recycled Rubber Flip-Flops',
      price: 34,
      category: 'Shoes',
      shape: 'sandal',
      colour: 'Charcoal',
      description:
        'Simple flip-flops cut from reclaimed tyre rubber with soft natural rubber straps. Waterproof and nearly indestructible.',
      variants: { option1: ['S', 'M', 'L'], names: ['Size'] },
    },
    {
      name: 'Wool Chelsea Boot',
      price: 176,
      category: 'Shoes',
      shape: 'boot',
      colour: 'Charcoal',
      description:
        'A water-resistant boiled-wool Chelsea boot with elastic gussets and a stitched natural rubber sole. Warm in winter, breathable indoors.',
    },
    {
      name: 'Shoe Care Kit',
      price: 28,
      category: 'Shoes',
      shape: 'tin',
      colour: 'Honey',
      description:
        'A horsehair-free plant-fibre brush, a tin of plant-wax conditioner and a canvas cleaning cloth. Keep any pair going for years.',
    },
  ],

  cleanslate: [
    {
      name: 'Multi-Surface Cleaner Tablets (Pack of 4)',
      price: 12,
      category: 'Cleaning Products',
      shape: 'tablets',
      colour: 'Seafoam',
      description:
        'Drop a tablet in 16 oz of warm water and you have a full bottle of streak-free spray cleaner. Four refills, packed in a paper sachet.',
      variants: {
        option1: ['Pack of 4', 'Pack of 12'],
        prices: { 'Pack of 12': 30 },
        names: ['Pack'],
      },
    },
    {
      name: 'Glass Spray Bottle with Silicone Sleeve',
      price: 16,
      category: 'Cleaning Products',
      shape: 'spray',
      colour: 'Forest',
      description:
        'A 16 oz recycled glass bottle with a silicone sleeve that protects against drops and a trigger that survives years of refills.',
      variants: { option1: ['Forest', 'Clay', 'Dusty Blue'], images: true, names: ['Color'] },
    },
    {
      name: 'Bathroom Cleaner Tablets (Pack of 4)',
      price: 12,
      category: 'Cleaning Products',
      shape: 'tablets',
      colour: 'Dusty Blue',
      description:
        'Citric-acid powered tablets that cut through limescale and soap scum. Eucalyptus scented.',
    },
    {
      name: 'Cleaning Starter Kit',
      price: 44,
      category: 'Cleaning Products',
      shape: 'spray',
      colour: 'Sage',
      description:
        'Two glass bottles, eight tablets (multi-surface and bathroom) and a compostable cloth. Everything you need to clean plastic-free.',
    },
    {
      name: 'Toilet Bowl Cleaner Tablets',
      price: 10,
      category: 'Cleaning Products',
      shape: 'tablets',
      colour: 'Seafoam',
      description:
        'Drop one in the bowl, let it fizz for ten minutes, brush and flush. Thirty tablets in a recycled cardboard tube.',
    },
    {
      name: 'Compostable Sponge Cloths (Pack of 5)',
      price: 6,
      category: 'Cleaning Products',
      shape: 'sponge',
      colour: 'Mustard',
      description:
        'Cellulose and cotton cloths that replace about 17 rolls of paper towels. Machine washable and compostable at the end.',
    },
    {
      name: 'Wooden Floor Cleaner Concentrate',
      price: 18,
      category: 'Cleaning Products',
      shape: 'pump',
      colour: 'Walnut',
      description:
        'A gentle castile-based concentrate for sealed wood and tile floors. One bottle makes about 40 buckets.',
    },
    {
      name: 'Hand Soap Refill Tablets (Pack of 3)',
      price: 9,
      category: 'Hygiene',
      shape: 'tablets',
      colour: 'Rose',
      description:
        'Dissolve in warm water for a full pump bottle of foaming hand soap. Grapefruit and bergamot.',
      variants: { option1: ['Grapefruit', 'Lavender', 'Unscented'], names: ['Scent'] },
    },
    {
      name: 'Recycled Glass Foaming Pump Bottle',
      price: 14,
      category: 'Home Goods',
      shape: 'pump',
      colour: 'Forest',
      description:
        'A 12 oz glass bottle with a foaming pump made for our hand soap tablets. Dishwasher safe.',
    },
  ],

  wildloom: [
    {
      name: 'Hand-Knit Alpaca Cardigan',
      price: 238,
      category: 'Apparel',
      shape: 'sweater',
      colour: 'Oat',
      description:
        'Knitted by hand over three days from undyed baby alpaca. Horn-free coconut buttons, deep pockets and a slouchy fit that lasts decades.',
      variants: { option1: ['S', 'M', 'L', 'XL'], names: ['Size'] },
    },
    {
      name: 'Chunky Cable Sweater',
      price: 186,
      category: 'Apparel',
      shape: 'sweater',
      colour: 'Cream',
      description:
        'A heavy cable-knit sweater in mulesing-free wool, undyed. Warm enough to replace a jacket on cool autumn days.',
      variants: {
        option1: ['S', 'M', 'L', 'XL'],
        option2: ['Cream', 'Stone', 'Charcoal'],
        names: ['Size', 'Color'],
      },
    },
    {
      name: 'Recycled Cotton Knit Vest',
      price: 88,
      category: 'Apparel',
      shape: 'tee',
      colour: 'Sage',
      description:
        'A cropped knit vest in recycled cotton yarn spun from factory scraps. Layer it over tees and shirts.',
      variants: { option1: ['S', 'M', 'L'], names: ['Size'] },
    },
    {
      name: 'Alpaca Rib Beanie',
      price: 42,
      category: 'Accessories',
      shape: 'beanie',
      colour: 'Clay',
      description:
        'A soft, itch-free rib beanie in baby alpaca with a fold-over cuff. Naturally warm and water-repellent.',
      variants: { option1: ['Clay', 'Oat', 'Forest', 'Charcoal'], images: true, names: ['Color'] },
    },
    {
      name: 'Chunky Knit Scarf',
      price: 74,
      category: 'Accessories',
      shape: 'scarf',
      colour: 'Rust',
      description:
        'A long, thick scarf in alpaca and wool with a fringed edge. Wraps twice with room to spare.',
      variants: { option1: ['Rust', 'Oat'], images: true, names: ['Color'] },
    },
    {
      name: 'Alpaca Mittens',
      price: 38,
      category: 'Accessories',
      shape: 'socks',
      colour: 'Stone',
      description:
        'Double-layered alpaca mittens for the coldest mornings. Knitted as a pair by one maker.',
    },
    {
      name: 'Wool Boot Socks',
      price: 24,
      category: 'Apparel',
      shape: 'socks',
      colour: 'Charcoal',
      description:
        'Thick, cushioned boot socks in mulesing-free wool with reinforced heels. They keep feet warm even when damp.',
    },
    {
      name: 'Alpaca Throw Blanket',
      price: 168,
      category: 'Home Goods',
      shape: 'throw',
      colour: 'Oat',
      description:
        'A generous throw in undyed alpaca with a tasselled edge, about 50 × 65 inches. Light, warm and impossibly soft.',
    },
  ],

  ember: [
    {
      name: 'Blue Ridge Soy Candle',
      price: 34,
      category: 'Home Goods',
      shape: 'candle',
      colour: 'Forest',
      description:
        'Fir needle, cedar and a little wood smoke, poured into a stoneware vessel made by our neighbour. Burns cleanly for about 50 hours.',
      variants: { option1: ['8 oz', '12 oz'], prices: { '12 oz': 44 }, names: ['Size'] },
    },
    {
      name: 'Terracotta Fig Candle',
      price: 36,
      category: 'Home Goods',
      shape: 'candle',
      colour: 'Terracotta',
      description:
        'Ripe fig, green leaves and warm cedar in a terracotta-glazed vessel. A cosy scent for long evenings.',
    },
    {
      name: 'Soy Wax Tealights (Set of 12)',
      price: 14,
      category: 'Home Goods',
      shape: 'tin',
      colour: 'Steel',
      description:
        'Unscented soy tealights in reusable aluminium cups. Send the cups back and we refill them.',
    },
    {
      name: 'Candle Refill Pour',
      price: 22,
      category: 'Home Goods',
      shape: 'candle',
      colour: 'Oat',
      description:
        'Send back your empty vessel and we clean it, fit a new wick and pour your chosen scent. We cover the return postage.',
      variants: { option1: ['Blue Ridge', 'Terracotta Fig', 'Unscented'], names: ['Scent'] },
    },
    {
      name: 'Stoneware Bud Vase',
      price: 28,
      category: 'Home Goods',
      shape: 'vase',
      colour: 'Cream',
      description:
        'A small vase for a single stem, glazed in matte cream. Thrown by the same potter who makes our candle vessels.',
    },
    {
      name: 'Reed Diffuser Refill',
      price: 26,
      category: 'Home Goods',
      shape: 'dropper',
      colour: 'Amber',
      description:
        'A plant-based diffuser oil in amber glass, with new rattan reeds. Lasts around three months.',
      variants: { option1: ['Blue Ridge', 'Terracotta Fig', 'Mountain Laurel'], names: ['Scent'] },
    },
    {
      name: 'Wick Trimmer & Snuffer Set',
      price: 32,
      category: 'Home Goods',
      shape: 'utensils',
      colour: 'Charcoal',
      description:
        'A brass wick trimmer and snuffer that help candles burn longer and cleaner. Comes in a recycled card box.',
    },
    {
      name: 'Beeswax Pillar Candle',
      price: 24,
      category: 'Home Goods',
      shape: 'candle',
      colour: 'Honey',
      description:
        'A hand-dipped pillar of pure beeswax from a local apiary, allowed on Leafline by petition. Burns with a warm glow and a faint honey scent.',
    },
  ],

  greenline: [
    {
      name: 'Insulated Steel Bottle 20 oz',
      price: 36,
      category: 'Accessories',
      shape: 'waterBottle',
      colour: 'Forest',
      description:
        'Keeps drinks cold for 24 hours or hot for 12. Made from 90 % recycled stainless steel with a leak-proof bamboo cap.',
      variants: {
        option1: ['Forest', 'Clay', 'Dusty Blue', 'Charcoal'],
        images: true,
        names: ['Color'],
      },
    },
    {
      name: 'Insulated Steel Bottle 32 oz',
      price: 44,
      category: 'Accessories',
      shape: 'waterBottle',
      colour: 'Sage',
      description:
        'The big one, for long days and hikes. Double-walled recycled steel and a carry loop.',
      variants: { option1: ['Sage', 'Charcoal'], images: true, names: ['Color'] },
    },
    {
      name: 'Steel Travel Cup',
      price: 29,
      category: 'Accessories',
      shape: 'mug',
      colour: 'Steel',
      description:
        'A 12 oz insulated cup that fits under café machines and in car cup holders. Splash-proof slide lid.',
      variants: { option1: ['Steel', 'Mustard', 'Forest'], images: true, names: ['Color'] },
    },
    {
      name: 'Stainless Steel Lunch Tin',
      price: 38,
      category: 'Home Goods',
      shape: 'lunchbox',
      colour: 'Steel',
      description:
        'A two-tier lunch tin with a removable divider and clip-down lid. Dishwasher safe and plastic-free.',
    },
    {
      name: 'Bamboo Travel Cutlery Set',
      price: 16,
      category: 'Accessories',
      shape: 'utensils',
      colour: 'Honey',
      description:
        'Fork, knife, spoon, chopsticks and a straw brush in a roll-up organic cotton pouch. Never take plastic cutlery again.',
      variants: { option1: ['Forest Pouch', 'Clay Pouch'], names: ['Pouch'] },
    },
    {
      name: 'Steel Straw Set',
      price: 9,
      category: 'Accessories',
      shape: 'utensils',
      colour: 'Steel',
      description: 'Four straight and bent steel straws with a cleaning brush, in a cotton pouch.',
    },
    {
      name: 'Replacement Bamboo Cap',
      price: 8,
      category: 'Accessories',
      shape: 'tin',
      colour: 'Honey',
      description:
        'Lost or cracked your cap? A replacement fits every Greenline bottle, so the bottle keeps going.',
    },
    {
      name: 'Insulated Food Jar',
      price: 34,
      category: 'Home Goods',
      shape: 'jar',
      colour: 'Dusty Blue',
      description:
        'Keeps soup hot for 8 hours and salads cold for 10. Wide mouth for easy eating and washing.',
    },
  ],

  petal: [
    {
      name: 'Earth Pigment Watercolour Set',
      price: 48,
      category: 'Art Supplies',
      shape: 'palette',
      colour: 'Charcoal',
      description:
        'Twelve half pans of watercolour made from ochres, earths and plant pigments, bound with gum arabic. In a refillable steel tin with a mixing lid.',
      variants: {
        option1: ['12 Colours', '24 Colours'],
        prices: { '24 Colours': 82 },
        names: ['Set'],
      },
    },
    {
      name: 'Beeswax-Free Block Crayons',
      price: 18,
      category: 'Art Supplies',
      shape: 'crayons',
      colour: 'Plum',
      description:
        'Chunky block crayons made from soy and candelilla wax with mineral pigments. Perfect for small hands and big drawings.',
    },
    {
      name: 'Walnut Drawing Ink',
      price: 16,
      category: 'Art Supplies',
      shape: 'ink',
      colour: 'Walnut',
      description:
        'A warm brown ink made from foraged black walnut husks. Lovely with a dip pen or brush, and it dilutes to soft sepia washes.',
    },
    {
      name: 'Indigo Plant Ink',
      price: 18,
      category: 'Art Supplies',
      shape: 'ink',
      colour: 'Indigo',
      description:
        'A deep blue ink from fermented indigo leaves. Rich and lightfast, in a 2 oz glass bottle with a dropper.',
    },
    {
      name: 'Bamboo Brush Set',
      price: 26,
      category: 'Art Supplies',
      shape: 'paintbrush',
      colour: 'Honey',
      description:
        'Five synthetic-bristle brushes on bamboo handles: two rounds, two flats and a rigger. Cruelty-free and springy.',
    },
    {
      name: 'Watercolour Refill Pans (Set of 3)',
      price: 12,
      category: 'Art Supplies',
      shape: 'palette',
      colour: 'Clay',
      description:
        'Three refill half pans of your favourite colours, so you replace only what you use up. Pop them into any standard tin.',
    },
    {
      name: 'Natural Pigment Sampler',
      price: 24,
      category: 'Art Supplies',
      shape: 'jar',
      colour: 'Amber',
      description:
        'Six small jars of dry pigment (ochre, umber, sienna, green earth, madder and indigo) to mix your own paints.',
    },
    {
      name: 'Kids’ Washable Paint Kit',
      price: 32,
      category: 'Art Supplies',
      shape: 'palette',
      colour: 'Sage',
      description:
        'Five washable plant-based paints, two brushes and a recycled paper pad. Safe for little ones and easy to clean up.',
    },
  ],

  commonthread: [
    {
      name: 'Vintage Denim Jacket',
      price: 58,
      category: 'Apparel',
      shape: 'jacket',
      colour: 'Denim',
      description:
        'A worn-in nineties denim jacket in a mid-blue wash, size M. Small mend on the left cuff, otherwise in great shape.',
    },
    {
      name: 'Vintage Silk Scarf',
      price: 22,
      category: 'Accessories',
      shape: 'scarf',
      colour: 'Plum',
      description:
        'A square silk scarf with a paisley print in plum and gold. Lovely tied in your hair or on a bag.',
    },
    {
      name: 'Seventies Floral Midi Dress',
      price: 46,
      category: 'Apparel',
      shape: 'dress',
      colour: 'Mustard',
      description:
        'A flowing midi dress in a bold mustard floral with flutter sleeves. Fits a modern size S to M; no flaws.',
    },
    {
      name: 'Pre-Loved Wool Fisherman Sweater',
      price: 52,
      category: 'Apparel',
      shape: 'sweater',
      colour: 'Cream',
      description:
        'A heavy cream cable sweater in pure wool, hand-washed and de-pilled. Unisex size L.',
    },
    {
      name: 'Vintage Corduroy Trousers',
      price: 34,
      category: 'Apparel',
      shape: 'pants',
      colour: 'Rust',
      description:
        'Rust-coloured wide-wale cords with a high waist. Waist 28 in, inseam 30 in. A real statement piece.',
    },
    {
      name: 'Upcycled Sari Silk Scrunchies',
      price: 12,
      category: 'Accessories',
      shape: 'scrunchie',
      colour: 'Rose',
      description:
        'Three scrunchies I sewed from a worn-out vintage sari. Bright, bold and each one a little different.',
    },
    {
      name: 'Vintage Leather Satchel',
      price: 64,
      category: 'Accessories',
      shape: 'backpack',
      colour: 'Walnut',
      description:
        'A structured leather satchel from the eighties with brass buckles. Conditioned; some scuffs on the base.',
    },
  ],

  juniper: [
    {
      name: 'Vintage Ceramic Planter',
      price: 18,
      category: 'Home Goods',
      shape: 'planter',
      colour: 'Mustard',
      description:
        'A mustard glazed planter from a seventies studio pottery, about 6 inches across. A tiny chip on the base, not visible when in use.',
    },
    {
      name: 'Thrifted Stoneware Mugs (Pair)',
      price: 16,
      category: 'Home Goods',
      shape: 'mug',
      colour: 'Walnut',
      description: 'Two chunky brown stoneware mugs with a drip glaze. They just need your coffee.',
    },
    {
      name: 'Pre-Loved Wool Throw',
      price: 38,
      category: 'Home Goods',
      shape: 'throw',
      colour: 'Forest',
      description:
        'A green and cream tartan wool throw, dry-cleaned. Perfect for the sofa or a picnic.',
    },
    {
      name: 'Rescued Oil Pastel Set',
      price: 12,
      category: 'Art Supplies',
      shape: 'crayons',
      colour: 'Dusty Blue',
      description:
        'A 24-colour oil pastel set from a studio clear-out; a few are half-used, most are new. Great for practice.',
    },
    {
      name: 'Second-Hand Wooden Easel',
      price: 45,
      category: 'Art Supplies',
      shape: 'frame',
      colour: 'Walnut',
      description:
        'A sturdy beech table-top easel, adjustable and paint-splattered in all the right places. Local pick-up or shipped flat.',
    },
    {
      name: 'Assorted Brush Bundle',
      price: 10,
      category: 'Art Supplies',
      shape: 'paintbrush',
      colour: 'Clay',
      description:
        'Twelve cleaned, pre-loved brushes of different shapes and sizes. Ideal for gouache and acrylics.',
    },
    {
      name: 'Retro Glass Storage Jars (Set of 3)',
      price: 20,
      category: 'Home Goods',
      shape: 'jar',
      colour: 'Amber',
      description:
        'Three amber glass jars with clip-top lids and new rubber seals. Ready for pasta, oats or beans.',
    },
  ],

  mara: [
    {
      name: 'Pre-Owned Leather Loafers, US 8',
      price: 54,
      category: 'Shoes',
      shape: 'slipper',
      colour: 'Walnut',
      description:
        'Brown leather penny loafers, polished and re-heeled. Light creasing; plenty of life left. Women’s US 8.',
    },
    {
      name: 'Mended Canvas Sneakers, US 7',
      price: 28,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Blush',
      description:
        'Blush canvas low-tops with a hand-stitched repair at the heel and new laces. Women’s US 7.',
    },
    {
      name: 'Pre-Owned Hiking Boots, US 9',
      price: 62,
      category: 'Shoes',
      shape: 'boot',
      colour: 'Olive',
      description:
        'Waterproof hiking boots with deep tread left, cleaned and re-waterproofed with a plant-based wax. Men’s US 9.',
    },
    {
      name: 'Vintage Leather Mary Janes, US 6',
      price: 40,
      category: 'Shoes',
      shape: 'slipper',
      colour: 'Black',
      description:
        'Black leather Mary Janes with a buckle strap, resoled and conditioned. Women’s US 6.',
    },
    {
      name: 'Pre-Owned Espadrilles, US 9',
      price: 22,
      category: 'Shoes',
      shape: 'slipper',
      colour: 'Natural',
      description: 'Natural canvas espadrilles with jute soles, worn twice. Men’s US 9.',
    },
    {
      name: 'Re-Glued Sport Sandals, US 10',
      price: 30,
      category: 'Shoes',
      shape: 'sandal',
      colour: 'Charcoal',
      description:
        'Sturdy sport sandals with re-glued soles and new velcro. Ready for river crossings. Men’s US 10.',
    },
  ],

  littleleaf: [
    {
      name: 'Organic Cotton Baby Bodysuit',
      price: 22,
      category: 'Apparel',
      shape: 'bodysuit',
      colour: 'Sage',
      description:
        'A soft, stretchy bodysuit in GOTS organic cotton with envelope shoulders for easy changes. Nickel-free snaps.',
      variants: { option1: BABY_SIZES, option2: ['Sage', 'Oat', 'Rose'], names: ['Size', 'Color'] },
    },
    {
      name: 'Kids’ Organic Cotton Leggings',
      price: 19,
      category: 'Apparel',
      shape: 'pants',
      colour: 'Mustard',
      description:
        'Stretchy leggings with a comfy waistband and reinforced knees for crawling, climbing and sliding.',
      variants: { option1: ['2T', '3T', '4T', '5', '6'], names: ['Size'] },
    },
    {
      name: 'Kids’ Rain Jacket',
      price: 64,
      category: 'Apparel',
      shape: 'jacket',
      colour: 'Mustard',
      description:
        'A waterproof jacket made from recycled bottles with a PFC-free coating and a fleece-free cotton lining. Reflective trims for darker afternoons.',
      variants: { option1: ['2T', '3T', '4T', '5', '6', '7'], names: ['Size'] },
    },
    {
      name: 'Baby Knit Beanie',
      price: 16,
      category: 'Accessories',
      shape: 'beanie',
      colour: 'Oat',
      description:
        'A snug organic cotton knit beanie with a little pompom. Keeps tiny ears warm on walks.',
    },
    {
      name: 'First Walker Shoes',
      price: 48,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Sage',
      description:
        'Soft-soled first shoes with a flexible natural rubber sole and wide toe box, so little feet can grip and grow.',
      variants: { option1: KIDS_SHOE_SIZES, option2: ['Sage', 'Clay'], names: ['Size', 'Color'] },
    },
    {
      name: 'Kids’ Canvas Sneakers',
      price: 42,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Dusty Blue',
      description:
        'Velcro sneakers in organic canvas with recycled rubber soles. Easy on, easy off, machine washable.',
      variants: {
        option1: ['Kids 9', 'Kids 10', 'Kids 11', 'Kids 12', 'Kids 13'],
        names: ['Size'],
      },
    },
    {
      name: 'Organic Muslin Swaddles (Set of 2)',
      price: 34,
      category: 'Home Goods',
      shape: 'throw',
      colour: 'Rose',
      description:
        'Breathable organic cotton muslin for swaddling, burping and shading the pram. They soften with every wash.',
    },
    {
      name: 'Kids’ Organic Cotton Pyjamas',
      price: 36,
      category: 'Apparel',
      shape: 'sweater',
      colour: 'Dusty Blue',
      description:
        'Snug-fitting two-piece pyjamas with a tiny leaf print. Flame-retardant-free, as snug fit is the safe choice.',
      variants: { option1: ['2T', '3T', '4T', '5', '6'], names: ['Size'] },
    },
    {
      name: 'Toddler Sun Hat',
      price: 24,
      category: 'Accessories',
      shape: 'bucketHat',
      colour: 'Sage',
      description:
        'A wide-brim organic cotton sun hat with a chin strap that stays on. UPF 50 by fabric weave, no chemicals.',
    },
  ],

  saltmarsh: [
    {
      name: 'Calendula Face Oil',
      price: 58,
      category: 'Cosmetics / Skin Care',
      shape: 'dropper',
      colour: 'Amber',
      description:
        'Calendula infused in cold-pressed jojoba and rosehip oils from our own farm. Calms redness and gives a soft glow. 30 ml in amber glass.',
    },
    {
      name: 'Rose Geranium Hydrosol',
      price: 32,
      category: 'Cosmetics / Skin Care',
      shape: 'spray',
      colour: 'Blush',
      description:
        'A floral water steam-distilled from our rose geranium. Mist over skin to refresh or set your moisturiser.',
    },
    {
      name: 'Whipped Shea Body Butter',
      price: 38,
      category: 'Cosmetics / Skin Care',
      shape: 'creamJar',
      colour: 'Cream',
      description:
        'Fair-trade shea whipped with our lavender-infused olive oil. Melts into dry skin and leaves no greasy film.',
      variants: { option1: ['Lavender', 'Unscented'], names: ['Scent'] },
    },
    {
      name: 'Rosehip Renewal Serum',
      price: 64,
      category: 'Cosmetics / Skin Care',
      shape: 'dropper',
      colour: 'Terracotta',
      description:
        'Cold-pressed rosehip seed oil, rich in natural vitamin A, with sea buckthorn for a brighter tone. Use at night.',
    },
    {
      name: 'Herbal Healing Balm',
      price: 26,
      category: 'Cosmetics / Skin Care',
      shape: 'tin',
      colour: 'Sage',
      description:
        'Comfrey, plantain and calendula in a rich balm for cracked hands, dry elbows and chapped lips. The whole family uses ours.',
    },
    {
      name: 'Clay & Oat Face Mask',
      price: 34,
      category: 'Cosmetics / Skin Care',
      shape: 'creamJar',
      colour: 'Clay',
      description:
        'A powder mask of rose clay, colloidal oats and our dried calendula. Mix with water or hydrosol for a gentle weekly clean.',
    },
    {
      name: 'Lavender Lip Salve',
      price: 12,
      category: 'Cosmetics / Skin Care',
      shape: 'tin',
      colour: 'Lavender',
      description:
        'Our lavender-infused olive oil with candelilla wax in a pocket tin. Soothing and very slightly floral.',
    },
    {
      name: 'Facial Gua Sha Stone',
      price: 36,
      category: 'Cosmetics / Skin Care',
      shape: 'leaf',
      colour: 'Rose',
      description:
        'A rose quartz gua sha stone, ethically mined and hand-polished. Use with face oil to ease puffiness in the morning.',
    },
  ],

  brightwash: [
    {
      name: 'Laundry Detergent Sheets (60 Loads)',
      price: 18,
      category: 'Cleaning Products',
      shape: 'sheets',
      colour: 'Dusty Blue',
      description:
        'Pre-measured sheets that dissolve completely, even in a cold wash. Sixty loads in a paper envelope the size of a paperback.',
      variants: { option1: ['Fresh Linen', 'Fragrance Free'], names: ['Scent'] },
    },
    {
      name: 'Plant-Based Stain Stick',
      price: 9,
      category: 'Cleaning Products',
      shape: 'deodorant',
      colour: 'Seafoam',
      description:
        'A solid stain remover in a push-up paper tube. Rub into grass, coffee or tomato stains before washing.',
    },
    {
      name: 'Wool Dryer Balls (Set of 4)',
      price: 20,
      category: 'Cleaning Products',
      shape: 'scrubber',
      colour: 'Oat',
      description:
        'Felted New Zealand wool balls that soften laundry and cut drying time by about a quarter. Replace dryer sheets for years.',
    },
    {
      name: 'Oxygen Whitener Powder',
      price: 15,
      category: 'Cleaning Products',
      shape: 'jar',
      colour: 'Cream',
      description:
        'A chlorine-free whitener based on sodium percarbonate. Brightens whites and lifts odours from sports kit.',
    },
    {
      name: 'Mesh Laundry Bags (Set of 3)',
      price: 12,
      category: 'Cleaning Products',
      shape: 'tote',
      colour: 'Steel',
      description:
        'Protect delicates and keep socks together in the wash. Made from recycled polyester and built to last.',
    },
    {
      name: 'Fabric Refresher Spray',
      price: 14,
      category: 'Cleaning Products',
      shape: 'spray',
      colour: 'Lavender',
      description:
        'A plant-based spray that neutralises odours on sofas, coats and gym bags between washes. Lavender and cedar.',
      variants: { option1: ['Lavender Cedar', 'Unscented'], names: ['Scent'] },
    },
    {
      name: 'Laundry Starter Kit',
      price: 46,
      category: 'Cleaning Products',
      shape: 'sheets',
      colour: 'Denim',
      description:
        'Sixty loads of detergent sheets, a stain stick, wool dryer balls and a mesh bag. Everything for a plastic-free laundry day.',
    },
  ],

  driftwood: [
    {
      name: 'Reclaimed Barnwood Picture Frame',
      price: 48,
      category: 'Home Goods',
      shape: 'frame',
      colour: 'Walnut',
      description:
        'An 8 × 10 inch frame cut from a century-old Washington barn, with glass and a recycled card backing. Every frame has its own grain and nail marks.',
      variants: {
        option1: ['5 × 7 in', '8 × 10 in', '11 × 14 in'],
        prices: { '5 × 7 in': 36, '11 × 14 in': 68 },
        names: ['Size'],
      },
    },
    {
      name: 'Reclaimed Wood Serving Board',
      price: 58,
      category: 'Home Goods',
      shape: 'board',
      colour: 'Honey',
      description:
        'A long serving board made from old maple floorboards, oiled with food-safe plant oil. Cheese, bread and snacks look better on it.',
    },
    {
      name: 'Walnut Offcut Coasters (Set of 4)',
      price: 28,
      category: 'Home Goods',
      shape: 'tin',
      colour: 'Walnut',
      description:
        'Coasters turned from walnut offcuts that were too small for furniture. Finished with a plant-based wax.',
    },
    {
      name: 'Pallet Wood Wall Shelf',
      price: 86,
      category: 'Home Goods',
      shape: 'table',
      colour: 'Honey',
      description:
        'A 24-inch floating shelf made from sanded pallet wood with hidden steel brackets. Holds up to 30 lb of books or plants.',
    },
    {
      name: 'Reclaimed Oak Stool',
      price: 164,
      category: 'Home Goods',
      shape: 'table',
      colour: 'Walnut',
      description:
        'A sturdy three-legged stool from salvaged oak beams, joined with wedged tenons. Works as a seat, a side table or a plant stand.',
    },
    {
      name: 'Wooden Palette Knife Set',
      price: 22,
      category: 'Art Supplies',
      shape: 'utensils',
      colour: 'Honey',
      description:
        'Three palette knives with steel blades and handles turned from reclaimed cherry. For mixing paint or sculpting texture.',
    },
    {
      name: 'Reclaimed Wood Drawing Board',
      price: 74,
      category: 'Art Supplies',
      shape: 'board',
      colour: 'Oat',
      description:
        'A smooth A2 drawing board from reclaimed birch ply, with a hand-rounded edge and carry slot. Clip paper to it and work anywhere.',
    },
    {
      name: 'Driftwood Brush Holder',
      price: 26,
      category: 'Art Supplies',
      shape: 'basket',
      colour: 'Stone',
      description:
        'A drilled piece of Puget Sound driftwood that holds twelve brushes upright to dry. Each one is unique.',
    },
  ],

  sunday: [
    {
      name: 'Stonewashed Linen Shirt Dress',
      price: 128,
      category: 'Apparel',
      shape: 'dress',
      colour: 'Sage',
      description:
        'A relaxed shirt dress in stonewashed linen with a tie belt and patch pockets. Dress it up or wear it to the farmers’ market.',
      variants: { option1: APPAREL_SIZES, option2: ['Sage', 'Oat'], names: ['Size', 'Color'] },
    },
    {
      name: 'Linen Lounge Pants',
      price: 72,
      category: 'Apparel',
      shape: 'pants',
      colour: 'Oat',
      description:
        'Loose drawstring pants in soft stonewashed linen. Made for lazy Sundays, but they look good enough for Monday too.',
      variants: {
        option1: APPAREL_SIZES,
        option2: ['Oat', 'Charcoal', 'Terracotta'],
        names: ['Size', 'Color'],
      },
    },
    {
      name: 'Linen Camp Collar Shirt',
      price: 84,
      category: 'Apparel',
      shape: 'shirt',
      colour: 'Terracotta',
      description:
        'A boxy short-sleeve shirt with a camp collar and coconut buttons. Breathes on the hottest days.',
      variants: { option1: APPAREL_SIZES, names: ['Size'] },
    },
    {
      name: 'Linen Duvet Cover',
      price: 198,
      category: 'Home Goods',
      shape: 'throw',
      colour: 'Oat',
      description:
        'A stonewashed linen duvet cover with coconut-button closure. Cool in summer, cosy in winter and softer every year.',
      variants: {
        option1: ['Twin', 'Full/Queen', 'King'],
        prices: { Twin: 168, King: 228 },
        names: ['Size'],
      },
    },
    {
      name: 'Linen Pillowcases (Pair)',
      price: 58,
      category: 'Home Goods',
      shape: 'towel',
      colour: 'Sage',
      description:
        'Two envelope pillowcases in washed linen. Naturally temperature-regulating for better sleep.',
      variants: { option1: ['Sage', 'Oat', 'Terracotta'], images: true, names: ['Color'] },
    },
    {
      name: 'Waffle Linen Bath Towel',
      price: 54,
      category: 'Home Goods',
      shape: 'towel',
      colour: 'Cream',
      description:
        'A lightweight waffle-weave towel in linen and cotton that dries fast and packs flat. Great for small bathrooms and travel.',
    },
    {
      name: 'Linen Tablecloth',
      price: 96,
      category: 'Home Goods',
      shape: 'throw',
      colour: 'Ecru',
      description:
        'A stonewashed linen tablecloth that seats six, with hemmed corners. Wrinkles are part of the charm.',
    },
    {
      name: 'Linen Sleep Mask',
      price: 18,
      category: 'Accessories',
      shape: 'sunglasses',
      colour: 'Charcoal',
      description:
        'A soft linen sleep mask filled with organic cotton and a comfortable elastic strap. Blocks light without pressing on your eyes.',
    },
  ],

  trailmade: [
    {
      name: 'Recycled Net Daypack 22L',
      price: 124,
      category: 'Accessories',
      shape: 'backpack',
      colour: 'Forest',
      description:
        'A weather-resistant daypack made from recycled fishing nets, with a padded back panel and bottle pockets on both sides. Free repairs for life.',
      variants: { option1: ['Forest', 'Clay', 'Charcoal'], images: true, names: ['Color'] },
    },
    {
      name: 'Trail Cap',
      price: 32,
      category: 'Accessories',
      shape: 'cap',
      colour: 'Olive',
      description:
        'A lightweight five-panel cap from recycled nylon with a quick-dry sweatband. Packs flat in a pocket.',
      variants: { option1: ['Olive', 'Oat', 'Black'], images: true, names: ['Color'] },
    },
    {
      name: 'Recycled Fleece-Free Midlayer',
      price: 118,
      category: 'Apparel',
      shape: 'hoodie',
      colour: 'Moss',
      description:
        'A warm grid-knit midlayer in merino and recycled nylon, with no synthetic fleece to shed microplastics. Thumb loops and a chest pocket.',
      variants: { option1: APPAREL_SIZES, option2: ['Moss', 'Charcoal'], names: ['Size', 'Color'] },
    },
    {
      name: 'Packable Rain Shell',
      price: 168,
      category: 'Apparel',
      shape: 'jacket',
      colour: 'Terracotta',
      description:
        'A 2.5-layer waterproof shell from recycled nylon with a PFC-free finish. Packs into its own pocket.',
      variants: { option1: APPAREL_SIZES, names: ['Size'] },
    },
    {
      name: 'Merino Hiking Socks',
      price: 24,
      category: 'Apparel',
      shape: 'socks',
      colour: 'Moss',
      description:
        'Cushioned merino socks with recycled nylon for strength. Mulesing-free wool; they stay fresh for days.',
      variants: { option1: ['S', 'M', 'L'], names: ['Size'] },
    },
    {
      name: 'Recycled Trail Running Shoes',
      price: 146,
      category: 'Shoes',
      shape: 'sneaker',
      colour: 'Clay',
      description:
        'A grippy trail shoe with a recycled mesh upper and a natural-rubber lugged outsole. Send them back when they’re done and we recycle them.',
    },
    {
      name: 'Recycled Nylon Hip Pack',
      price: 48,
      category: 'Accessories',
      shape: 'wallet',
      colour: 'Charcoal',
      description:
        'A small hip pack for phone, keys and snacks, made from recycled nylon with a water-resistant zip.',
    },
    {
      name: 'Camp Mug & Spork Set',
      price: 34,
      category: 'Home Goods',
      shape: 'mug',
      colour: 'Steel',
      description:
        'A recycled stainless steel camp mug with folding handles and a matching spork. Nests into any cook pot.',
    },
    {
      name: 'Collapsible Trail Bottle',
      price: 22,
      category: 'Accessories',
      shape: 'waterBottle',
      colour: 'Dusty Blue',
      description:
        'A BPA-free soft bottle that rolls up when empty. Fits in a pocket, holds 600 ml on the trail.',
    },
  ],

  oathoney: [
    {
      name: 'Colloidal Oat Bath Soak',
      price: 19,
      category: 'Hygiene',
      shape: 'jar',
      colour: 'Oat',
      description:
        'Finely milled organic oats with a little honey and chamomile for calming itchy, dry skin. Enough for six baths. Contains honey.',
    },
    {
      name: 'Sensitive Skin Deodorant',
      price: 13,
      category: 'Hygiene',
      shape: 'deodorant',
      colour: 'Cream',
      description:
        'A baking-soda-free deodorant with oat, arrowroot and shea butter for skin that reacts to everything else. Vegan.',
      variants: { option1: ['Unscented', 'Lavender'], names: ['Scent'] },
    },
    {
      name: 'Honey Lip Balm Duo',
      price: 9,
      category: 'Cosmetics / Skin Care',
      shape: 'tin',
      colour: 'Honey',
      description:
        'Two honey and shea lip balms in compostable cardboard tubes. Sweetly soothing. Contains honey.',
    },
    {
      name: 'Organic Cotton Rounds (Pack of 10)',
      price: 14,
      category: 'Hygiene',
      shape: 'rounds',
      colour: 'Natural',
      description:
        'Soft, washable organic cotton rounds with a laundry bag. Replace a year of disposable pads.',
    },
    {
      name: 'Bamboo Toothbrush (4 Pack)',
      price: 12,
      category: 'Hygiene',
      shape: 'toothbrush',
      colour: 'Honey',
      description:
        'FSC-certified bamboo handles with soft, plant-based bristles. The handles compost; the bristles pull out for recycling.',
      variants: { option1: ['Soft', 'Medium'], names: ['Bristles'] },
    },
    {
      name: 'Safety Razor',
      price: 36,
      category: 'Hygiene',
      shape: 'razor',
      colour: 'Steel',
      description:
        'A weighted stainless steel safety razor that lasts a lifetime. Blades cost cents and are fully recyclable in a blade bank.',
    },
    {
      name: 'Menstrual Cup',
      price: 28,
      category: 'Hygiene',
      shape: 'cup',
      colour: 'Rose',
      description:
        'A soft medical-grade silicone cup that lasts up to ten years. Comes with an organic cotton pouch and a clear how-to guide.',
      variants: { option1: ['Small', 'Large'], names: ['Size'] },
    },
    {
      name: 'Oat Milk Face Cleanser',
      price: 21,
      category: 'Cosmetics / Skin Care',
      shape: 'pump',
      colour: 'Cream',
      description:
        'A milky, non-foaming cleanser with colloidal oat and sunflower oil. Gentle enough for morning and night. Vegan.',
    },
  ],

  verde: [
    {
      name: 'Beechwood Dish Brush',
      price: 11,
      category: 'Cleaning Products',
      shape: 'dishBrush',
      colour: 'Honey',
      description:
        'A sturdy dish brush with an FSC beechwood handle and plant-fibre bristles. The head is replaceable, so the handle lasts for years.',
    },
    {
      name: 'Replacement Brush Heads (Pair)',
      price: 7,
      category: 'Cleaning Products',
      shape: 'dishBrush',
      colour: 'Natural',
      description:
        'Two replacement heads for our dish brush with tampico fibre bristles. Compost the old one.',
    },
    {
      name: 'Coconut Fibre Scrubbers (Set of 3)',
      price: 9,
      category: 'Cleaning Products',
      shape: 'scrubber',
      colour: 'Walnut',
      description:
        'Tough coconut coir pads for pots and pans. They replace plastic scourers and compost when worn out.',
    },
    {
      name: 'Sisal Vegetable Brush',
      price: 8,
      category: 'Cleaning Products',
      shape: 'dishBrush',
      colour: 'Oat',
      description:
        'A small sisal brush for scrubbing potatoes and carrots, with a hanging loop. Gentle enough for mushrooms.',
    },
    {
      name: 'Solid Dish Soap Block',
      price: 12,
      category: 'Cleaning Products',
      shape: 'soap',
      colour: 'Seafoam',
      description:
        'A concentrated dish soap block that lasts as long as three bottles of liquid. Wet your brush, swirl and wash.',
      variants: {
        option1: ['Block', 'Block + Ceramic Dish'],
        prices: { 'Block + Ceramic Dish': 24 },
        names: ['Style'],
      },
    },
    {
      name: 'Stainless Steel Compost Caddy',
      price: 39,
      category: 'Home Goods',
      shape: 'basket',
      colour: 'Steel',
      description:
        'A countertop caddy with a charcoal-filter lid that keeps smells in. Holds about four days of kitchen scraps.',
    },
    {
      name: 'Glass Pantry Jars (Set of 4)',
      price: 34,
      category: 'Home Goods',
      shape: 'jar',
      colour: 'Steel',
      description:
        'Recycled glass jars with bamboo lids, in two sizes. Take them to the bulk store and fill straight in.',
      variants: { option1: ['Set of 4', 'Set of 8'], prices: { 'Set of 8': 62 }, names: ['Set'] },
    },
    {
      name: 'Bamboo Cooking Utensils (Set of 4)',
      price: 24,
      category: 'Home Goods',
      shape: 'utensils',
      colour: 'Honey',
      description:
        'A spatula, spoon, slotted spoon and spreader carved from FSC bamboo. Won’t scratch pans and won’t melt.',
    },
    {
      name: 'Mesh Produce Bags (Set of 6)',
      price: 14,
      category: 'Home Goods',
      shape: 'tote',
      colour: 'Sage',
      description:
        'Lightweight organic cotton mesh bags in three sizes for fruit, vegetables and bulk goods. Machine washable.',
    },
  ],
};

import type { ProductCategory } from '@leafline/contract';

export type VariantKind =
  | 'size'
  | 'shoe'
  | 'colour'
  | 'size-colour'
  | 'shoe-colour'
  | 'scent'
  | 'none';
export type Shape =
  | 'shirt'
  | 'shoe'
  | 'bag'
  | 'jar'
  | 'bottle'
  | 'bar'
  | 'brush'
  | 'pencil'
  | 'candle'
  | 'leaf'
  | 'table';

export interface ProductTemplate {
  name: string;
  description: string;
  /** Price range in dollars. */
  price: [number, number];
  variants: VariantKind;
  shape: Shape;
}

/** What the demo brands make, by category: names and descriptions read as real listings. */
export const TEMPLATES: Record<ProductCategory, ProductTemplate[]> = {
  Apparel: [
    {
      name: 'Organic Cotton Tee',
      description:
        'A heavyweight everyday tee in GOTS organic cotton. Pre-washed so it keeps its shape, with a relaxed fit that works on its own or layered.',
      price: [28, 42],
      variants: 'size-colour',
      shape: 'shirt',
    },
    {
      name: 'Hand-Knit Wool Cardigan',
      description:
        'A cardigan knitted by hand from undyed, mulesing-free wool over two days. Horn buttons, deep pockets and a fit that will outlast trends.',
      price: [178, 240],
      variants: 'size',
      shape: 'shirt',
    },
    {
      name: 'Linen Button Shirt',
      description:
        'Breathable European flax linen that softens with every wash. Coconut-shell buttons and a boxy cut made for warm days.',
      price: [68, 98],
      variants: 'size',
      shape: 'shirt',
    },
    {
      name: 'Hemp Canvas Overshirt',
      description:
        'A sturdy overshirt in hemp canvas with two chest pockets. Wear it as a light jacket from spring to autumn.',
      price: [84, 120],
      variants: 'size',
      shape: 'shirt',
    },
    {
      name: 'Recycled Wool Sweater',
      description:
        'Knitted from recycled wool fibres that would otherwise be landfilled. Warm, a little rustic and made to last for years.',
      price: [95, 160],
      variants: 'size-colour',
      shape: 'shirt',
    },
    {
      name: 'TENCEL Wrap Dress',
      description:
        'A fluid wrap dress in TENCEL lyocell from sustainably managed forests. Adjustable tie and pockets, because dresses need pockets.',
      price: [88, 135],
      variants: 'size',
      shape: 'shirt',
    },
    {
      name: 'Organic Fleece Hoodie',
      description:
        'A brushed-back organic cotton hoodie with a double-lined hood. No synthetic fleece, so no microplastics in the wash.',
      price: [72, 110],
      variants: 'size-colour',
      shape: 'shirt',
    },
    {
      name: 'Vintage Denim Jacket',
      description:
        'A worn-in denim jacket from the nineties, cleaned and mended where needed. One of a kind, ready for its next chapter.',
      price: [45, 85],
      variants: 'none',
      shape: 'shirt',
    },
    {
      name: 'Bamboo Lounge Pants',
      description:
        'Soft, drapey lounge pants in bamboo lyocell with a drawstring waist. Made for slow Sundays.',
      price: [48, 72],
      variants: 'size',
      shape: 'shirt',
    },
    {
      name: 'Organic Cotton Socks',
      description:
        'Cushioned everyday socks in organic cotton with a seamless toe. Sold as a three-pack.',
      price: [14, 22],
      variants: 'size',
      shape: 'shirt',
    },
  ],
  Shoes: [
    {
      name: 'Cork Insole Sneaker',
      description:
        'A minimal low-top with a natural rubber sole and a cork insole that moulds to your foot. Upper in organic cotton canvas.',
      price: [95, 140],
      variants: 'shoe-colour',
      shape: 'shoe',
    },
    {
      name: 'Resoled Leather Boot',
      description:
        'A pre-loved leather boot, cleaned, conditioned and fitted with a new natural rubber sole. Years of wear left in it.',
      price: [85, 160],
      variants: 'shoe',
      shape: 'shoe',
    },
    {
      name: 'Hemp Slip-On',
      description:
        'An easy slip-on in breathable hemp canvas with a recycled rubber outsole. Machine washable.',
      price: [55, 80],
      variants: 'shoe-colour',
      shape: 'shoe',
    },
    {
      name: 'Wool Trail Runner',
      description:
        'A light trail runner with a merino wool upper and a grippy natural rubber sole. Made for muddy mornings.',
      price: [120, 170],
      variants: 'shoe',
      shape: 'shoe',
    },
    {
      name: 'Recycled Rubber Sandal',
      description:
        'A simple two-strap sandal on a sole made from recycled tyres. Waterproof and nearly indestructible.',
      price: [38, 60],
      variants: 'shoe',
      shape: 'shoe',
    },
    {
      name: 'Felted Wool House Slipper',
      description: 'Warm felted wool slippers with a suede sole, handmade in small batches.',
      price: [42, 65],
      variants: 'shoe',
      shape: 'shoe',
    },
    {
      name: 'Pre-Loved High-Top',
      description:
        'A pre-owned canvas high-top, deep-cleaned and given new laces. Ready to run around again.',
      price: [30, 55],
      variants: 'shoe',
      shape: 'shoe',
    },
  ],
  Accessories: [
    {
      name: 'Hemp Tote Bag',
      description:
        'A roomy tote in hemp canvas with long handles and an inner pocket. Carries a week of groceries without complaint.',
      price: [22, 38],
      variants: 'colour',
      shape: 'bag',
    },
    {
      name: 'Recycled Nylon Daypack',
      description:
        'A 20-litre daypack from recycled fishing nets with a padded laptop sleeve. Water-resistant without PFAS.',
      price: [89, 135],
      variants: 'colour',
      shape: 'bag',
    },
    {
      name: 'Cork Card Wallet',
      description: 'A slim card wallet in Portuguese cork: light, water-resistant and vegan.',
      price: [24, 36],
      variants: 'colour',
      shape: 'bag',
    },
    {
      name: 'Organic Cotton Cap',
      description: 'A six-panel cap in organic cotton twill with an adjustable brass buckle.',
      price: [26, 34],
      variants: 'colour',
      shape: 'bag',
    },
    {
      name: 'Insulated Steel Bottle',
      description:
        'Double-walled recycled stainless steel that keeps drinks cold for 24 hours or hot for 12. Leak-proof bamboo lid.',
      price: [28, 42],
      variants: 'colour',
      shape: 'bottle',
    },
    {
      name: 'Linen Scrunchie Set',
      description: 'Three scrunchies sewn from linen offcuts in soft, natural colours.',
      price: [9, 15],
      variants: 'none',
      shape: 'leaf',
    },
    {
      name: 'Upcycled Sari Scarf',
      description: 'A light scarf made from upcycled silk saris. Every piece has its own pattern.',
      price: [32, 48],
      variants: 'none',
      shape: 'leaf',
    },
    {
      name: 'Vintage Leather Belt',
      description:
        'A pre-owned full-grain leather belt with a solid brass buckle, cleaned and conditioned.',
      price: [25, 45],
      variants: 'size',
      shape: 'bag',
    },
  ],
  'Home Goods': [
    {
      name: 'Beeswax Food Wraps',
      description:
        'A set of three wraps in organic cotton and beeswax to replace cling film. Wash in cool water and reuse for a year.',
      price: [16, 24],
      variants: 'none',
      shape: 'leaf',
    },
    {
      name: 'Reclaimed Oak Side Table',
      description:
        'A small side table built from reclaimed oak floorboards and finished with plant-based oil. Every knot and nail hole tells where it came from.',
      price: [195, 250],
      variants: 'none',
      shape: 'table',
    },
    {
      name: 'Stoneware Mug',
      description:
        'A hand-thrown stoneware mug with a food-safe glaze. Holds a generous 12 oz of coffee.',
      price: [26, 38],
      variants: 'colour',
      shape: 'jar',
    },
    {
      name: 'Linen Tea Towel Set',
      description: 'Two stonewashed linen tea towels that dry better every time you use them.',
      price: [22, 32],
      variants: 'colour',
      shape: 'leaf',
    },
    {
      name: 'Soy Wax Candle',
      description:
        'A slow-burning soy and coconut wax candle in a reusable ceramic vessel. About 50 hours of burn time.',
      price: [24, 44],
      variants: 'scent',
      shape: 'candle',
    },
    {
      name: 'Glass Storage Jar',
      description: 'A recycled glass jar with a bamboo lid for pantry staples from the bulk store.',
      price: [12, 20],
      variants: 'size',
      shape: 'jar',
    },
    {
      name: 'Organic Cotton Throw',
      description:
        'A woven throw in undyed organic cotton with fringed edges. Made for the sofa and the picnic.',
      price: [78, 120],
      variants: 'colour',
      shape: 'leaf',
    },
    {
      name: 'Reclaimed Wood Serving Board',
      description:
        'A serving board cut from reclaimed oak, finished with food-safe oil. Each grain is different.',
      price: [45, 85],
      variants: 'size',
      shape: 'brush',
    },
    {
      name: 'Compost Caddy',
      description: 'A countertop compost caddy in recycled steel with a charcoal filter lid.',
      price: [32, 48],
      variants: 'none',
      shape: 'jar',
    },
    {
      name: 'Vintage Ceramic Planter',
      description:
        'A pre-loved glazed planter from an estate sale, cleaned and ready for a new plant.',
      price: [18, 40],
      variants: 'none',
      shape: 'jar',
    },
  ],
  'Cosmetics / Skin Care': [
    {
      name: 'Kelp Face Serum',
      description:
        'A lightweight serum with kelp extract and squalane from olives. Calms and hydrates without clogging.',
      price: [32, 54],
      variants: 'none',
      shape: 'bottle',
    },
    {
      name: 'Rosehip Face Oil',
      description:
        'Cold-pressed rosehip and jojoba oils for dry skin, in amber glass with a dropper.',
      price: [28, 46],
      variants: 'none',
      shape: 'bottle',
    },
    {
      name: 'Clay Cleansing Bar',
      description:
        'A solid face cleanser with French green clay and activated charcoal. Zero packaging beyond a paper band.',
      price: [14, 20],
      variants: 'none',
      shape: 'bar',
    },
    {
      name: 'Shea Body Butter',
      description: 'Whipped fair-trade shea butter with calendula, in a refillable aluminium tin.',
      price: [18, 28],
      variants: 'scent',
      shape: 'jar',
    },
    {
      name: 'Mineral Sunscreen SPF 30',
      description: 'A reef-safe zinc oxide sunscreen that blends in without a heavy white cast.',
      price: [22, 30],
      variants: 'none',
      shape: 'bottle',
    },
    {
      name: 'Tinted Lip Balm',
      description: 'A plant-based lip balm with a sheer tint from beetroot and alkanet root.',
      price: [8, 12],
      variants: 'colour',
      shape: 'bar',
    },
    {
      name: 'Refillable Cream Blush',
      description: 'A buildable cream blush in a compostable paper case; refills sold separately.',
      price: [20, 28],
      variants: 'colour',
      shape: 'jar',
    },
  ],
  Hygiene: [
    {
      name: 'Bamboo Toothbrush',
      description:
        'A toothbrush with an FSC bamboo handle and castor-bean bristles. Sold as a family four-pack.',
      price: [9, 14],
      variants: 'none',
      shape: 'brush',
    },
    {
      name: 'Shampoo Bar',
      description:
        'A concentrated shampoo bar that replaces three plastic bottles. Gentle enough for every day.',
      price: [12, 18],
      variants: 'scent',
      shape: 'bar',
    },
    {
      name: 'Conditioner Bar',
      description:
        'A solid conditioner with cocoa butter and argan oil. Detangles without silicones.',
      price: [13, 19],
      variants: 'scent',
      shape: 'bar',
    },
    {
      name: 'Natural Deodorant',
      description: 'A baking-soda-free deodorant in a compostable push-up tube.',
      price: [12, 16],
      variants: 'scent',
      shape: 'bar',
    },
    {
      name: 'Cold-Process Soap',
      description: 'A cold-process bar soap with olive oil and oatmeal, cured for six weeks.',
      price: [7, 11],
      variants: 'scent',
      shape: 'bar',
    },
    {
      name: 'Silk Dental Floss',
      description: 'Biodegradable silk floss in a refillable glass vial.',
      price: [7, 10],
      variants: 'none',
      shape: 'jar',
    },
    {
      name: 'Safety Razor',
      description: 'A brass safety razor that lasts a lifetime; recyclable steel blades.',
      price: [32, 48],
      variants: 'colour',
      shape: 'brush',
    },
    {
      name: 'Reusable Cotton Rounds',
      description: 'Twelve washable organic cotton rounds with a laundry bag.',
      price: [12, 18],
      variants: 'none',
      shape: 'leaf',
    },
  ],
  'Cleaning Products': [
    {
      name: 'All-Purpose Cleaner Tablets',
      description:
        'Drop a tablet in water and get a plant-based all-purpose cleaner. A pack makes five bottles.',
      price: [9, 14],
      variants: 'scent',
      shape: 'bottle',
    },
    {
      name: 'Compostable Sponge Cloth',
      description:
        'A Swedish-style sponge cloth of cellulose and cotton that replaces a roll of paper towels, then goes in the compost.',
      price: [5, 6],
      variants: 'none',
      shape: 'leaf',
    },
    {
      name: 'Glass Spray Bottle',
      description: 'A sturdy glass spray bottle with a silicone sleeve, made to refill for years.',
      price: [14, 20],
      variants: 'colour',
      shape: 'bottle',
    },
    {
      name: 'Laundry Detergent Sheets',
      description:
        'Pre-measured laundry sheets that dissolve completely. Sixty loads in a paper sleeve.',
      price: [15, 22],
      variants: 'scent',
      shape: 'leaf',
    },
    {
      name: 'Dish Soap Block',
      description: 'A solid dish soap that lathers on a brush and lasts as long as three bottles.',
      price: [8, 12],
      variants: 'none',
      shape: 'bar',
    },
    {
      name: 'Coconut Fibre Scrubber',
      description:
        'A compostable scrubber made of coconut husk fibre. Tough on pans, gentle on the planet.',
      price: [5, 8],
      variants: 'none',
      shape: 'brush',
    },
    {
      name: 'Wooden Dish Brush',
      description: 'A beech wood dish brush with replaceable sisal head.',
      price: [10, 16],
      variants: 'none',
      shape: 'brush',
    },
    {
      name: 'Stain Remover Stick',
      description:
        'A plant-based stain stick in a cardboard tube. Works on grass, coffee and wine.',
      price: [8, 12],
      variants: 'none',
      shape: 'bar',
    },
  ],
  'Art Supplies': [
    {
      name: 'Recycled Paper Sketchbook',
      description:
        'A lay-flat sketchbook with 120 pages of 100 % recycled paper that takes pencil and ink beautifully.',
      price: [16, 28],
      variants: 'size',
      shape: 'pencil',
    },
    {
      name: 'Earth Pigment Watercolours',
      description: 'Twelve pans of watercolour from earth and plant pigments in a refillable tin.',
      price: [38, 62],
      variants: 'none',
      shape: 'brush',
    },
    {
      name: 'Cedar Pencil Set',
      description: 'Graphite pencils in FSC cedar, from 4H to 8B, in a recycled card box.',
      price: [12, 18],
      variants: 'none',
      shape: 'pencil',
    },
    {
      name: 'Beeswax Crayons',
      description: 'Chunky crayons of beeswax and mineral pigments, safe for small hands.',
      price: [14, 22],
      variants: 'none',
      shape: 'pencil',
    },
    {
      name: 'Bamboo Brush Set',
      description: 'Five paint brushes with bamboo handles and vegan synthetic bristles.',
      price: [18, 30],
      variants: 'none',
      shape: 'brush',
    },
    {
      name: 'Handmade Seed Paper',
      description:
        'Ten sheets of handmade paper embedded with wildflower seeds. Write on it, then plant it.',
      price: [10, 16],
      variants: 'none',
      shape: 'leaf',
    },
    {
      name: 'Walnut Ink',
      description:
        'A rich brown drawing ink made from walnut husks, in a glass bottle with a dropper.',
      price: [14, 20],
      variants: 'none',
      shape: 'bottle',
    },
    {
      name: 'Second-Hand Easel',
      description: 'A pre-loved beech wood table easel, sanded and re-oiled.',
      price: [35, 70],
      variants: 'none',
      shape: 'brush',
    },
  ],
};

export const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
export const SHOE_SIZES = ['6', '7', '8', '9', '10', '11', '12'];
export const COLOURS: Array<[name: string, hex: string]> = [
  ['Sage', '#9caf88'],
  ['Oat', '#d9c8a9'],
  ['Clay', '#c0714f'],
  ['Forest', '#1f3d2b'],
  ['Charcoal', '#3b3b3b'],
  ['Sky', '#8fb3c9'],
];
export const SCENTS = ['Unscented', 'Lavender', 'Cedar & Sage', 'Citrus', 'Eucalyptus'];

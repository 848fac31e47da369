import type { Mark, Scene } from '../images';

/** Shipping fees in dollars (stored as cents); the kinds a seller can set up (SPEC §3). */
export type FeeSeed =
  | { kind: 'worldwide'; fee: number; freeFrom?: number }
  | {
      kind: 'countries';
      otherCountries: number;
      countries: Record<string, number>;
      freeFrom?: number;
    };

export interface DemoBusiness {
  /** Short stable handle used by the product and curated-list data. */
  key: string;
  name: string;
  /** The demo seller's account, or the name of a generated owner. */
  owner: 'seller' | [firstName: string, lastName: string];
  individual?: boolean;
  /** Sells second-hand goods (its products are listed as Secondhand). */
  secondHand?: boolean;
  /** Verified after review; individual sellers never are. */
  verified: boolean;
  /** Payout setup not finished yet (exactly one demo brand). */
  stripePending?: boolean;
  description: string;
  production: string;
  shipping: string;
  priceRange: '$' | '$$' | '$$$';
  email: string;
  website: string;
  tagline: string;
  art: { background: string; accent: string; mark: Mark; scene: Scene };
  notes: Array<[title: string, explanation: string]>;
  fees: FeeSeed | null;
}

/** Text the registration form sets for individual sellers (SPEC §4). */
export const INDIVIDUAL_SELLER_DESCRIPTION =
  '* This is an individual seller, not verified by Leafline.';

export const DEMO_BUSINESSES: DemoBusiness[] = [
  {
    key: 'fernweh',
    name: 'Fernweh Threads',
    owner: 'seller',
    verified: true,
    description:
      'Slow-made basics in organic cotton and European linen, cut in runs of fifty so nothing ends up as deadstock. We design pieces you reach for every week, then we make them properly.',
    production:
      'Sewn by a family-run workshop of eleven people in Porto, Portugal, paid above the regional living wage. Fabrics are GOTS-certified organic cotton and undyed or low-impact-dyed flax linen.',
    shipping:
      'Orders leave our studio within 2–3 working days in recycled paper mailers. Delivery is carbon-offset through a verified reforestation project.',
    priceRange: '$$',
    email: 'hello@fernwehthreads.example',
    website: 'https://fernwehthreads.example',
    tagline: 'Slow-made basics in organic cotton and linen',
    art: { background: '#1f3d2b', accent: '#9caf88', mark: 'leaf', scene: 'hills' },
    notes: [
      [
        'Organic fibres only',
        'Every garment is at least 95 % certified organic cotton or linen; the rest is trims like coconut-shell buttons.',
      ],
      [
        'Small batches',
        'We cut fifty pieces at a time and re-cut only what sells, so there is never a warehouse of leftovers to burn.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 6.5, freeFrom: 60 },
  },
  {
    key: 'moss',
    name: 'Moss & Mortar',
    owner: 'seller',
    verified: true,
    description:
      'Things for a calmer home: hand-thrown stoneware, stonewashed linen and refillable cleaners that work without the fumes. Everything is made to be used daily and repaired, not replaced.',
    production:
      'Stoneware is thrown and glazed in our Burlington, Vermont studio with lead-free glazes. Cleaners are mixed in small batches from plant-based, readily biodegradable surfactants.',
    shipping:
      'Packed in mushroom-based packaging and paper tape, ready to compost. Ships within 3 working days; fragile pieces are double-boxed in recycled card.',
    priceRange: '$$',
    email: 'studio@mossandmortar.example',
    website: 'https://mossandmortar.example',
    tagline: 'Stoneware, linen and refillable cleaners for a calmer home',
    art: { background: '#4a5d3a', accent: '#d8c8a8', mark: 'sprout', scene: 'field' },
    notes: [
      [
        'Refill program',
        'Send back any of our amber glass bottles with your next order and we refill it at cost.',
      ],
    ],
    fees: {
      kind: 'countries',
      otherCountries: 22,
      countries: { US: 5.5, CA: 12, GB: 18 },
      freeFrom: 90,
    },
  },
  {
    key: 'kelp',
    name: 'Kelp & Clay',
    owner: ['Noa', 'Whitaker'],
    verified: true,
    description:
      'Skin care built around sugar kelp hand-harvested on the Maine coast. Short ingredient lists, glass and aluminium packaging, and formulas that are kind to skin and to reefs.',
    production:
      'Formulated and bottled in Portland, Maine. Kelp is harvested by hand under a state permit, a few fronds per plant, so the beds regrow within weeks.',
    shipping: 'Plastic-free parcels padded with shredded paper. Ships in 1–2 working days.',
    priceRange: '$$',
    email: 'hello@kelpandclay.example',
    website: 'https://kelpandclay.example',
    tagline: 'Seaweed skin care from the Maine coast',
    art: { background: '#e3eef0', accent: '#3e6b73', mark: 'wave', scene: 'waves' },
    notes: [
      [
        'Reef-safe formulas',
        'No oxybenzone, octinoxate or microplastics in any product, and our sunscreen uses non-nano zinc.',
      ],
      [
        'Glass, not plastic',
        'Every jar and bottle is glass or aluminium; lids are bamboo or metal, and all are recyclable.',
      ],
      [
        'Kelp that grows back',
        'Our harvest is about 2 % of each bed a year, well under what the state allows.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 5 },
  },
  {
    key: 'stride',
    secondHand: true,
    name: 'Second Stride',
    owner: ['Darnell', 'Brooks'],
    verified: true,
    description:
      'Pre-loved sneakers and boots, deep-cleaned, repaired and resoled in our Chicago workshop. Every pair is one of a kind and comes with a note on what we fixed.',
    production:
      'Shoes come from donation partners and trade-ins. Our two cobblers clean, stitch and resole them with natural rubber; nothing that can be saved goes to landfill.',
    shipping: 'Ships in reused shoe boxes within 2 working days, wrapped in recycled tissue.',
    priceRange: '$$',
    email: 'pairs@secondstride.example',
    website: 'https://secondstride.example',
    tagline: 'Pre-loved shoes, resoled for a second life',
    art: { background: '#7a4b32', accent: '#e9c9a8', mark: 'mountain', scene: 'hills' },
    notes: [
      [
        'Resoled, not replaced',
        'A resole avoids roughly 80 % of the footprint of making a new pair.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 8, freeFrom: 100 },
  },
  {
    key: 'hempen',
    name: 'Hempen Co.',
    owner: ['Priya', 'Natarajan'],
    verified: true,
    description:
      'Hemp everything: tees, totes, balms and soaps from the crop that needs little water and no pesticides. We think hemp deserves a place in every wardrobe and bathroom.',
    production:
      'Hemp is grown by two family farms in Colorado, spun in North Carolina and sewn in a worker-owned co-op in Durham.',
    shipping: 'Ships within 3 working days in hemp-paper envelopes that you can compost.',
    priceRange: '$',
    email: 'hi@hempenco.example',
    website: 'https://hempenco.example',
    tagline: 'Hemp clothes and body care, grown in Colorado',
    art: { background: '#556b2f', accent: '#e6dcb8', mark: 'sprout', scene: 'field' },
    notes: [
      [
        'Hemp first',
        'Hemp uses about half the water of conventional cotton, needs no pesticides and puts nutrients back into the soil.',
      ],
      [
        'Worker-owned',
        'Our sewing partner is a co-op: the people making your tee own the business.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 4.5 },
  },
  {
    key: 'sol',
    name: 'Sol Studio Paper',
    owner: ['Camila', 'Ortega'],
    verified: true,
    description:
      'Notebooks, sketchbooks and paper goods made from post-consumer recycled paper, bound by hand. Made for people who still like to think with a pen.',
    production:
      'Hand-bound in our Santa Fe studio with 100 % post-consumer recycled paper and cotton thread. Covers are made from offcuts of book-cloth mills.',
    shipping: 'Flat-packed in recycled card, no plastic sleeves. Ships in 2 working days.',
    priceRange: '$',
    email: 'studio@solstudiopaper.example',
    website: 'https://solstudiopaper.example',
    tagline: 'Hand-bound paper goods from recycled paper',
    art: { background: '#c0714f', accent: '#f3e3cf', mark: 'sun', scene: 'rays' },
    notes: [],
    fees: { kind: 'worldwide', fee: 4, freeFrom: 35 },
  },
  {
    key: 'bramble',
    name: 'Bramble Goods',
    owner: ['Hannah', 'Lindqvist'],
    verified: true,
    description:
      'Beeswax wraps, market bags and kitchen linens that quietly replace single-use plastic. Simple things that make the weekly shop and the leftovers a little greener.',
    production:
      'Made in Eugene, Oregon from GOTS organic cotton. Our wax comes from one neighbouring apiary, mixed with tree resin and organic jojoba oil.',
    shipping: 'Plastic-free packaging; ships in 2–4 working days.',
    priceRange: '$',
    email: 'hello@bramblegoods.example',
    website: 'https://bramblegoods.example',
    tagline: 'Wraps, bags and linens that replace single-use plastic',
    art: { background: '#f6efdc', accent: '#8a6d3b', mark: 'flower', scene: 'dots' },
    notes: [
      [
        'Beeswax by petition',
        'Beeswax is allowed on Leafline by petition: ours comes from one local apiary that keeps untreated hives and never takes the bees’ winter stores.',
      ],
      ['Vegan option', 'Every wrap is also available with a plant-wax blend.'],
    ],
    fees: {
      kind: 'countries',
      otherCountries: 14,
      countries: { US: 4, CA: 9, AU: 16, DE: 12 },
    },
  },
  {
    key: 'tidewater',
    name: 'Tidewater Soap Co.',
    owner: ['Marcus', 'Bell'],
    verified: true,
    description:
      'Cold-process bar soaps and shampoo bars, cured for six weeks and wrapped in paper. One bar replaces two or three plastic bottles.',
    production:
      'Made by hand in Savannah, Georgia with olive oil, coconut oil and fair-trade shea. Scents come from essential oils and clays, never synthetic fragrance.',
    shipping: 'Ships in 1–3 working days, wrapped in compostable glassine.',
    priceRange: '$',
    email: 'hello@tidewatersoap.example',
    website: 'https://tidewatersoap.example',
    tagline: 'Cold-process soaps and shampoo bars from Savannah',
    art: { background: '#3e6b73', accent: '#d9ebe6', mark: 'drop', scene: 'waves' },
    notes: [
      [
        'Fair-trade shea',
        'Our shea butter is bought from a women’s co-operative in northern Ghana at a fair-trade premium.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 4.95 },
  },
  {
    key: 'rootbound',
    name: 'Rootbound Footwear',
    owner: ['Tomás', 'Reyes'],
    verified: true,
    description:
      'Minimal sneakers and sandals with cork insoles and natural rubber soles. Designed to be resoled, so a good pair lasts you years.',
    production:
      'Made in a certified B Corp factory near Porto, Portugal. Uppers in organic cotton canvas, hemp or merino; soles of FSC-certified natural rubber.',
    shipping:
      'Ships in 3–5 working days in a shoebox that doubles as the mailer. Returns are free and go to our repair shelf.',
    priceRange: '$$$',
    email: 'support@rootbound.example',
    website: 'https://rootbound.example',
    tagline: 'Sneakers with cork insoles, made to be resoled',
    art: { background: '#3b3a30', accent: '#d6c6a5', mark: 'mountain', scene: 'hills' },
    notes: [
      [
        'Cork and rubber',
        'Cork is harvested by hand without felling trees; our rubber comes from FSC-certified plantations.',
      ],
      ['Repair first', 'We resole any pair we made, for the cost of the sole.'],
    ],
    fees: { kind: 'worldwide', fee: 9, freeFrom: 120 },
  },
  {
    key: 'cleanslate',
    name: 'Clean Slate Refills',
    owner: ['Jasmine', 'Cho'],
    verified: true,
    description:
      'Concentrated cleaners you mix at home with tap water: one glass bottle, years of refills. We ship the good stuff, not the water.',
    production:
      'Blended in Denver from plant-based, readily biodegradable ingredients. Tablets are pressed without fillers; bottles are recycled glass with a protective silicone sleeve.',
    shipping:
      'Tablets ship flat in paper sachets; bottles in moulded pulp. Ships in 1–2 working days.',
    priceRange: '$',
    email: 'hello@cleanslaterefills.example',
    website: 'https://cleanslaterefills.example',
    tagline: 'Mix-at-home cleaners: one bottle, years of refills',
    art: { background: '#e3efe6', accent: '#2e5e4e', mark: 'drop', scene: 'dots' },
    notes: [
      [
        'Ship less water',
        'Our tablets weigh about 90 % less than ready-made cleaner, so every parcel carries less.',
      ],
    ],
    fees: {
      kind: 'countries',
      otherCountries: 15,
      countries: { US: 3.5, CA: 8 },
      freeFrom: 40,
    },
  },
  {
    key: 'wildloom',
    name: 'Wildloom Knitwear',
    owner: ['Lucía', 'Quispe'],
    verified: true,
    description:
      'Chunky knits made to order from undyed alpaca, mulesing-free wool and recycled cotton. Each piece is knitted by one maker, who signs the label.',
    production:
      'Knitted by hand by a co-operative of 40 makers near Cusco, Peru, paid per piece at rates set by the co-op. Undyed fibres keep water use low.',
    shipping: 'Made to order, so allow 4–6 working days before dispatch. Ships in recycled paper.',
    priceRange: '$$$',
    email: 'hola@wildloom.example',
    website: 'https://wildloom.example',
    tagline: 'Hand-knitted to order by a co-op in Peru',
    art: { background: '#6b4f3a', accent: '#ead9c2', mark: 'mountain', scene: 'hills' },
    notes: [
      [
        'Signed by the maker',
        'Every label carries the name of the person who knitted it; you can write to them through us.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 12 },
  },
  {
    key: 'ember',
    name: 'Ember & Ash Candles',
    owner: ['Grace', 'Adeyemi'],
    verified: true,
    description:
      'Soy and coconut wax candles poured into reusable stoneware vessels. Clean burn, cotton wicks and scents inspired by Appalachian walks.',
    production:
      'Poured by hand in Asheville, North Carolina. Wax is non-GMO soy and coconut; fragrances are phthalate-free and the vessels are made by a local potter.',
    shipping: 'Ships in 2 working days in recycled corrugated boxes with paper padding.',
    priceRange: '$$',
    email: 'hello@emberandash.example',
    website: 'https://emberandash.example',
    tagline: 'Soy candles in vessels you keep',
    art: { background: '#5a3e36', accent: '#e7a34a', mark: 'sun', scene: 'rays' },
    notes: [
      [
        'Keep the vessel',
        'Every vessel becomes a planter, a cup or a pen pot when the candle is done. Or send it back for a refill.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 7, freeFrom: 65 },
  },
  {
    key: 'greenline',
    name: 'Greenline Bottles',
    owner: ['Owen', 'Park'],
    verified: true,
    description:
      'Insulated bottles, lunch tins and travel cutlery built to last a decade. Everything is covered by a lifetime warranty, because the greenest bottle is the one you keep.',
    production:
      'Made from 90 % recycled stainless steel in an audited factory in Taiwan. Lids use plant-based plastics and are sold separately as spares.',
    shipping: 'Ships in 1–2 working days in plastic-free packaging.',
    priceRange: '$$',
    email: 'care@greenlinebottles.example',
    website: 'https://greenlinebottles.example',
    tagline: 'Bottles and lunch gear for a decade of use',
    art: { background: '#1c4b4b', accent: '#8fbfae', mark: 'drop', scene: 'waves' },
    notes: [],
    fees: null,
  },
  {
    key: 'petal',
    name: 'Petal Pigments',
    owner: ['Ines', 'Moreau'],
    verified: true,
    description:
      'Watercolours, crayons and inks made from plant and mineral pigments, bound without petroleum. Art supplies that are safe for kids and gentle on rivers.',
    production:
      'Pigments are ground and poured in small batches in Austin, Texas. We bind with gum arabic and honey-free vegetable glycerine, never animal glue.',
    shipping: 'Ships in 2–3 working days in refillable tins and recycled card.',
    priceRange: '$$',
    email: 'studio@petalpigments.example',
    website: 'https://petalpigments.example',
    tagline: 'Paints and inks from plant and earth pigments',
    art: { background: '#9b4f5f', accent: '#f3d9dc', mark: 'flower', scene: 'dots' },
    notes: [['Vegan binders', 'We bind with gum arabic and glycerine, never animal glue.']],
    fees: { kind: 'worldwide', fee: 5 },
  },
  {
    key: 'commonthread',
    secondHand: true,
    name: 'Common Thread Vintage',
    owner: ['Ruth', 'Castellano'],
    individual: true,
    verified: false,
    description: INDIVIDUAL_SELLER_DESCRIPTION,
    production:
      'Hand-picked vintage from estate sales and my own closet clear-outs, washed and mended where needed. Any flaws are listed.',
    shipping: 'I ship on Mondays and Thursdays from Philadelphia, in reused mailers.',
    priceRange: '$',
    email: 'ruth.castellano@mail.example',
    website: '',
    tagline: 'Vintage clothes, washed and mended',
    art: { background: '#4f4a6b', accent: '#e6bfb5', mark: 'moon', scene: 'dots' },
    notes: [],
    fees: { kind: 'worldwide', fee: 5 },
  },
  {
    key: 'juniper',
    secondHand: true,
    name: 'Juniper’s Thrift Shelf',
    owner: ['Juniper', 'Hale'],
    individual: true,
    verified: false,
    description: INDIVIDUAL_SELLER_DESCRIPTION,
    production:
      'Second-hand homeware and art supplies rescued from house clear-outs and studio moves. Everything is cleaned and checked before listing.',
    shipping: 'Ships in 3–5 days in reused boxes from Madison, Wisconsin.',
    priceRange: '$',
    email: 'juniper.hale@mail.example',
    website: '',
    tagline: 'Rescued homeware and art supplies',
    art: { background: '#e9dfcc', accent: '#c0714f', mark: 'sun', scene: 'hills' },
    notes: [],
    fees: { kind: 'worldwide', fee: 6, freeFrom: 50 },
  },
  {
    key: 'mara',
    secondHand: true,
    name: 'Mara’s Mended Shoes',
    owner: ['Mara', 'Jovanović'],
    individual: true,
    verified: false,
    description: INDIVIDUAL_SELLER_DESCRIPTION,
    production:
      'Pre-owned shoes I clean, glue and re-stitch at my kitchen table. Sizes and any wear are noted in each listing.',
    shipping: 'Ships in 2–4 days from Austin, Texas.',
    priceRange: '$$',
    email: 'mara.j@mail.example',
    website: '',
    tagline: 'Pre-owned shoes, mended by hand',
    art: { background: '#6e3b3b', accent: '#f0d5c8', mark: 'leaf', scene: 'field' },
    notes: [],
    fees: null,
  },
  {
    key: 'littleleaf',
    name: 'Little Leaf Kids',
    owner: ['Sofia', 'Amari'],
    verified: true,
    description:
      'Organic clothes and first shoes for little ones, made to be handed down. Soft on skin, tough in the wash, and sized to grow with them.',
    production:
      'Sewn in Los Angeles from GOTS organic cotton with nickel-free snaps. Dyes are OEKO-TEX certified.',
    shipping: 'Ships in 2 working days; free returns on unworn pieces.',
    priceRange: '$$',
    email: 'hello@littleleafkids.example',
    website: 'https://littleleafkids.example',
    tagline: 'Organic kids’ clothes, made to be handed down',
    art: { background: '#e8f3ec', accent: '#3f6e52', mark: 'sprout', scene: 'dots' },
    notes: [
      [
        'Made to hand down',
        'Double-stitched seams and reinforced knees that survive three kids, at least.',
      ],
      [
        'Take-back',
        'Send outgrown pieces back for store credit; we pass them on to families through a local charity.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 5.5, freeFrom: 50 },
  },
  {
    key: 'saltmarsh',
    name: 'Saltmarsh Botanicals',
    owner: ['Eleanor', 'Vance'],
    verified: true,
    description:
      'Face oils, balms and hydrosols from botanicals grown on our own regenerative farm. Small batches, amber glass and nothing you cannot pronounce.',
    production:
      'Plants are grown, harvested and cold-pressed or distilled on our farm in Sonoma County, California, with no-till beds and cover crops.',
    shipping: 'Ships in 1–3 working days in amber glass, padded with paper.',
    priceRange: '$$$',
    email: 'farm@saltmarshbotanicals.example',
    website: 'https://saltmarshbotanicals.example',
    tagline: 'Face oils and balms grown on our regenerative farm',
    art: { background: '#7b5e3b', accent: '#f1e0c2', mark: 'flower', scene: 'field' },
    notes: [
      ['Regenerative farm', 'No-till beds, cover crops and hedgerows keep our soil alive.'],
      [
        'Farm to bottle',
        'We grow 80 % of our botanicals ourselves; the rest come from certified organic neighbours.',
      ],
    ],
    fees: {
      kind: 'countries',
      otherCountries: 25,
      countries: { US: 6, CA: 14, GB: 20, FR: 20 },
    },
  },
  {
    key: 'brightwash',
    name: 'Brightwash Laundry',
    owner: ['Felix', 'Nakamura'],
    verified: false,
    stripePending: true,
    description:
      'Laundry sheets, stain sticks and wool dryer balls that leave no jugs behind. Made for small apartments, shared machines and cold washes.',
    production:
      'Made in Minneapolis with plant-based surfactants; fragrance-free options for sensitive skin.',
    shipping: 'Ships flat in paper sleeves within 2 working days.',
    priceRange: '$',
    email: 'hello@brightwash.example',
    website: 'https://brightwash.example',
    tagline: 'Laundry without the plastic jugs',
    art: { background: '#3a5f7d', accent: '#d7e6f2', mark: 'wave', scene: 'waves' },
    notes: [],
    fees: { kind: 'worldwide', fee: 3.95 },
  },
  {
    key: 'driftwood',
    name: 'Driftwood Studio',
    owner: ['Kai', 'Andersen'],
    verified: true,
    description:
      'Frames, boards, brushes and small furniture made from reclaimed timber and workshop offcuts. Every piece carries the marks of its first life.',
    production:
      'Made in our Seattle workshop from barn boards, old floors and pallets, finished with plant oils and beeswax-free wax.',
    shipping:
      'Ships in 3–5 working days; larger pieces go blanket-wrapped with a regional carrier.',
    priceRange: '$$$',
    email: 'workshop@driftwoodstudio.example',
    website: 'https://driftwoodstudio.example',
    tagline: 'Reclaimed wood, made useful again',
    art: { background: '#6b5b45', accent: '#e4d6bf', mark: 'mountain', scene: 'hills' },
    notes: [['Reclaimed only', 'Every board was a barn, a floor or a pallet before.']],
    fees: { kind: 'worldwide', fee: 15, freeFrom: 150 },
  },
  {
    key: 'sunday',
    name: 'Sunday Linen Co.',
    owner: ['Amara', 'Osei'],
    verified: true,
    description:
      'Stonewashed linen for slow weekends: loungewear, dresses and bedding that get softer with every wash. Flax needs little water and no irrigation.',
    production:
      'European flax, woven and sewn in a family mill in Lithuania with OEKO-TEX certified dyes.',
    shipping: 'Ships in 2–3 working days in recycled cotton bags you can keep.',
    priceRange: '$$',
    email: 'hello@sundaylinen.example',
    website: 'https://sundaylinen.example',
    tagline: 'Stonewashed linen for slow weekends',
    art: { background: '#d9cfb6', accent: '#6b7a3a', mark: 'moon', scene: 'field' },
    notes: [
      [
        'Rain-fed flax',
        'Our flax grows on rain alone in northern Europe: no irrigation, very little fertiliser.',
      ],
    ],
    fees: { kind: 'worldwide', fee: 7.5, freeFrom: 80 },
  },
  {
    key: 'trailmade',
    name: 'Trailmade Outdoor',
    owner: ['Riley', 'Thompson'],
    verified: true,
    description:
      'Packs, caps and layers for the trail, made from recycled fishing nets and bottles. Built tough, repaired for free for as long as you own them.',
    production:
      'Recycled nylon from reclaimed fishing nets; sewn in a bluesign® approved factory in Vietnam with audited wages.',
    shipping: 'Ships in 1–2 working days in recycled mailers.',
    priceRange: '$$$',
    email: 'gear@trailmade.example',
    website: 'https://trailmade.example',
    tagline: 'Trail gear from recycled fishing nets',
    art: { background: '#2d4a3e', accent: '#c8d8b0', mark: 'mountain', scene: 'hills' },
    notes: [
      ['Nets to packs', 'Each daypack keeps about 1 kg of fishing net out of the ocean.'],
      ['Free repairs', 'Broken zip or torn seam? Send it back and we repair it for free.'],
    ],
    fees: {
      kind: 'countries',
      otherCountries: 20,
      countries: { US: 6, CA: 10, MX: 12 },
      freeFrom: 100,
    },
  },
  {
    key: 'oathoney',
    name: 'Oat & Honey Bath',
    owner: ['Leah', 'Goldberg'],
    verified: true,
    description:
      'Gentle bath soaks, deodorants and balms for sensitive and eczema-prone skin. Colloidal oats do the soothing; we keep everything else simple.',
    production:
      'Mixed in Madison, Wisconsin from organic oats. Some products contain honey from a local apiary, always listed on the label.',
    shipping: 'Ships in 2 working days in compostable pouches and paper boxes.',
    priceRange: '$',
    email: 'hello@oatandhoney.example',
    website: 'https://oatandhoney.example',
    tagline: 'Gentle bath and body care for sensitive skin',
    art: { background: '#faf0e0', accent: '#a0703c', mark: 'sun', scene: 'rays' },
    notes: [
      ['Honey, disclosed', 'Products with honey say so on the front; everything else is vegan.'],
    ],
    fees: { kind: 'worldwide', fee: 4.5, freeFrom: 45 },
  },
  {
    key: 'verde',
    name: 'Verde Pantry',
    owner: ['Mateo', 'Silva'],
    verified: true,
    description:
      'Zero-waste kitchen staples: dish brushes, produce bags, compost caddies and storage jars. The small swaps that make the biggest dent in kitchen waste.',
    production:
      'Sourced from small makers we visit; bamboo from FSC-certified groves, sisal and coconut fibre from fair-trade co-ops.',
    shipping: 'Ships within 3 working days in reused boxes and paper.',
    priceRange: '$',
    email: 'hello@verdepantry.example',
    website: 'https://verdepantry.example',
    tagline: 'Zero-waste kitchen staples',
    art: { background: '#eef3e2', accent: '#4d6b2f', mark: 'leaf', scene: 'dots' },
    notes: [],
    fees: { kind: 'worldwide', fee: 5.95 },
  },
];

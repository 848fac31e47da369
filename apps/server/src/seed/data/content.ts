import { HEMP_ANSWER_KEY } from '@leafline/contract';
import type { BrandArt } from '../images';

/** FAQ, partners and quiz personas: the brand's voice, kept as data (DESIGN 2.9). */

export const FAQ: Array<{ category: string; items: Array<[question: string, answer: string]> }> = [
  {
    category: 'Sustainability vetting',
    items: [
      [
        'How do you decide which brands can sell on Leafline?',
        'Every brand is checked against our five criteria: production materials, labour, shipping and packaging, no animal cruelty, and transparency and overall impact. Brands share their sustainability information when they join, and we cross-check what they tell us before their shop goes live.',
      ],
      [
        'What counts as sustainable materials?',
        'At least 80 % of the materials in a product must be sustainable: organic, recycled, upcycled, second-hand or responsibly harvested. Products below that line are not listed.',
      ],
      [
        'Do you allow animal products?',
        'Listings are vegan-friendly unless the brand discloses otherwise. Beeswax is allowed by petition, when the brand shows how its bees are kept, and we also weigh the ecological impact of any animal-derived material.',
      ],
      [
        'What does the Verified badge mean?',
        'Verified brands have been through our full review. Individual sellers of second-hand goods are welcome too; they are clearly marked as individual sellers and are not verified by us.',
      ],
    ],
  },
  {
    category: 'What makes Leafline different',
    items: [
      [
        'Why not just buy from each brand’s own shop?',
        'You can, and we love that! Leafline puts dozens of small, vetted brands in one cart with one payment, so supporting small makers is as easy as a big-box checkout.',
      ],
      [
        'Who is behind Leafline?',
        'Three university students who were tired of greenwashing and wanted one place they could trust. We still read every brand application ourselves.',
      ],
      [
        'How is this different from a regular marketplace?',
        'Every brand is vetted against our sustainability criteria, sellers fulfil their own orders and tell their own story, and brands are paid the moment you buy, which matters a lot to a small business.',
      ],
    ],
  },
  {
    category: 'Affordability',
    items: [
      [
        'Isn’t sustainable shopping expensive?',
        'Some pieces cost more because they are made to last and the people who make them are paid fairly. We also list second-hand goods and everyday swaps from a few dollars, so there is something for every budget.',
      ],
      [
        'Do you offer free shipping?',
        'Yes: orders of $75 and over ship free. Some brands also offer their own free-shipping threshold below that.',
      ],
      [
        'What do the $ signs on a storefront mean?',
        'They are the brand’s price range, from $ (everyday essentials) to $$$ (investment pieces), so you know what to expect before you browse.',
      ],
    ],
  },
  {
    category: 'Returns and cancellations',
    items: [
      [
        'Can I return something?',
        'Each brand ships its own parcels and sets its own return policy, described on its storefront. Contact the brand through the details on its page, or write to us and we will help.',
      ],
      [
        'Can I cancel an order?',
        'If the brand has not shipped yet, it can cancel the order and refund you in full. Once shipped, the brand’s return policy applies.',
      ],
      [
        'What if my order arrives damaged?',
        'Take a photo and contact the brand within 14 days; they will replace or refund it. If you do not hear back within three working days, write to us.',
      ],
    ],
  },
  {
    category: 'Payments',
    items: [
      [
        'How do I pay?',
        'You pay once, by card, on a secure page hosted by our payment provider. Your card details never touch our servers.',
      ],
      [
        'How do brands get paid?',
        'Each brand is paid its share at the moment you buy, minus our 3 % commission. No waiting weeks for a monthly payout.',
      ],
      [
        'Can I use a discount code?',
        'Yes, enter it on the payment page. The discount is shared across the brands in your cart in proportion to what you bought from each.',
      ],
    ],
  },
  {
    category: 'Joining as a brand',
    items: [
      [
        'How do I sell on Leafline?',
        'Register your business from your account, connect payouts with our card payment provider and tell us about your sustainability practices. Once we have reviewed them, your shop goes live.',
      ],
      [
        'What does it cost to sell?',
        'There is no monthly fee: we take a 3 % commission on each sale, and your payout is made when the shopper pays. The payouts shown in your dashboard already have the commission deducted.',
      ],
      [
        'Can I keep using Shopify?',
        'Yes. Connect your Shopify store to sync products, orders and shipping fees, and keep managing everything in one place.',
      ],
      [
        'Can I sell second-hand things as an individual?',
        'Yes. Choose Individual Seller when you register. Your shop will be marked as an individual seller, not verified by Leafline.',
      ],
    ],
  },
];

export const PARTNERS: Array<{ name: string; website: string; art: BrandArt }> = [
  {
    name: 'Fair Wage Textile Network',
    website: 'https://fairwagetextiles.example',
    art: {
      name: 'Fair Wage Textile Network',
      mark: 'sun',
      background: '#f7f3ec',
      accent: '#c0714f',
    },
  },
  {
    name: 'Ocean Clean Collective',
    website: 'https://oceanclean.example',
    art: { name: 'Ocean Clean Collective', mark: 'wave', background: '#eef4f6', accent: '#7d97a8' },
  },
  {
    name: 'Regenerative Farms Alliance',
    website: 'https://regenfarms.example',
    art: {
      name: 'Regenerative Farms Alliance',
      mark: 'sprout',
      background: '#f1f4e8',
      accent: '#9caf88',
    },
  },
  {
    name: 'Circular Fashion Lab',
    website: 'https://circularfashion.example',
    art: { name: 'Circular Fashion Lab', mark: 'moon', background: '#1f3d2b', accent: '#9caf88' },
  },
  {
    name: 'Plastic Free Campus',
    website: 'https://plasticfreecampus.example',
    art: { name: 'Plastic Free Campus', mark: 'leaf', background: '#e9dfcc', accent: '#c0714f' },
  },
  {
    name: 'Pollinator Project',
    website: 'https://pollinatorproject.example',
    art: { name: 'Pollinator Project', mark: 'flower', background: '#fbf3e2', accent: '#d4a24c' },
  },
];

export interface PersonaData {
  id: number;
  title: string;
  description: string;
  nextSteps: [string, string, string];
  matchingAnswers: string[];
  /** Names of the six recommended products (resolved to ids when seeding). */
  products: string[];
}

export const PERSONAS: PersonaData[] = [
  {
    id: 1,
    title: 'Soft Start Sustainability Seeker',
    description:
      'You care, you’re curious, and you want to start without feeling overwhelmed. Small, steady swaps are your superpower, and every one of them counts.',
    nextSteps: [
      'Swap one everyday item for a reusable one this week: a bottle, a wrap or a tote.',
      'Follow two small brands whose story you love.',
      'Try a refill for something you already use: soap, cleaner or shampoo.',
    ],
    matchingAnswers: [
      'q1_sleep',
      'q2_cotton',
      'q3_few',
      'q4_practical',
      'q5_start',
      'q5_swap',
      'q6_pastel',
      'q7_replace',
      'q8_reviews',
      'q9_minimal',
      'q10_learn',
    ],
    products: [
      'Beeswax Food Wrap Trio',
      'Bamboo Toothbrush (4 Pack)',
      'Insulated Steel Bottle 20 oz',
      'Shampoo Bar for Every Hair',
      'Compostable Sponge Cloths (Pack of 5)',
      'Organic Cotton Produce Bags (Set of 5)',
    ],
  },
  {
    id: 2,
    title: 'DIY-ish Earth Guardian',
    description:
      'You’d rather make it, mend it or grow it yourself, ideally with a tutorial open and a cup of tea nearby. Your tools and supplies should be as thoughtful as you are.',
    nextSteps: [
      'Host a mending night: bring torn favourites, snacks and friends.',
      'Start a small compost at home, even a countertop caddy counts.',
      'Make one gift by hand this season.',
    ],
    matchingAnswers: [
      'q1_diy',
      'q2_wool',
      'q3_homemade',
      'q4_handmade',
      'q7_fix',
      'q9_handmade',
      'q10_make',
    ],
    products: [
      'Visible Mending Kit',
      'Beeswax Block for DIY Wraps',
      'Earth Pigment Watercolour Set',
      'Wildflower Seed Paper Cards (Set of 6)',
      'Multi-Surface Cleaner Tablets (Pack of 4)',
      'Natural Pigment Sampler',
    ],
  },
  {
    id: 3,
    title: 'Conscious Maximalist',
    description:
      'Colour, pattern, stories: you love it all, and you’ve found ways to express yourself without the waste. Vintage finds and statement pieces with a past are your thing.',
    nextSteps: [
      'Shop vintage first for your next statement piece.',
      'Throw a clothes-swap party instead of a shopping trip.',
      'Choose a few bold pieces you will wear for years.',
    ],
    matchingAnswers: [
      'q1_thrift',
      'q2_vintage',
      'q3_lots',
      'q4_statement',
      'q6_bright',
      'q7_upcycle',
      'q8_story',
      'q9_maximal',
      'q10_express',
    ],
    products: [
      'Vintage Silk Scarf',
      'Seventies Floral Midi Dress',
      'Terracotta Fig Candle',
      'Upcycled Sari Silk Scrunchies',
      'Vintage Ceramic Planter',
      'Chunky Knit Scarf',
    ],
  },
  {
    id: 4,
    title: 'Chill Eco Champion',
    description:
      'You do what you can, you don’t stress, and you make sustainable living look easy. Comfort first, planet always: good basics, cosy evenings and no guilt trips.',
    nextSteps: [
      'Pick durable basics that go with everything you own.',
      'Batch your orders to cut down on shipping.',
      'Share one easy tip with a friend this month.',
    ],
    matchingAnswers: [
      'q1_market',
      'q2_linen',
      'q3_basic',
      'q4_experience',
      'q5_chill',
      'q6_earth',
      'q7_ignore',
      'q8_vibes',
      'q9_cosy',
      'q10_balance',
    ],
    products: [
      'Everyday Organic Cotton Tee',
      'Linen Lounge Pants',
      'Hand-Thrown Stoneware Mug',
      'Pre-Loved Wool Throw',
      'Blue Ridge Soy Candle',
      'Cork Insole Low-Top Sneaker',
    ],
  },
  {
    id: 5,
    title: 'Ethical Overachiever (But Make It Kind)',
    description:
      'You read the labels, check the certifications and track your impact, and you’re learning to be kind to yourself about it. Progress over perfection, backed by data.',
    nextSteps: [
      'Ask one brand a question about its supply chain.',
      'Volunteer an afternoon with a local clean-up.',
      'Celebrate what you have already changed, not just what is left.',
    ],
    matchingAnswers: [
      'q1_volunteer',
      'q2_recycled',
      'q3_research',
      'q4_donation',
      'q5_all',
      'q5_track',
      'q6_mono',
      'q7_repair',
      'q8_certs',
      'q8_transparency',
      'q10_impact',
    ],
    products: [
      'Safety Razor',
      'Mineral Sunscreen SPF 30',
      'Cleaning Starter Kit',
      'Silk Dental Floss',
      'Menstrual Cup',
      'Recycled Net Daypack 22L',
    ],
  },
  {
    id: 6,
    title: 'Hempalicious',
    description:
      'Hemp is your love language: low water, no pesticides, endlessly useful. You champion the crop that does it all, from your tote to your lip balm.',
    nextSteps: [
      'Try hemp in one new part of your life: clothes, bags or body care.',
      'Learn how hemp helps regenerate soil between other crops.',
      'Tell a friend why hemp beats conventional cotton on water.',
    ],
    matchingAnswers: [HEMP_ANSWER_KEY, 'q4_plant', 'q6_green', 'q8_hemp', 'q9_plants', 'q10_grow'],
    products: [
      'Hemp Everyday Tee',
      'Hemp Canvas Overshirt',
      'Hemp Market Tote',
      'Hemp Seed Lip Balm',
      'Hemp Canvas Slip-On',
      'Hemp Backpack',
    ],
  },
];

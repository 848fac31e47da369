/** FAQ, partners, quiz questions and personas: the brand's voice, kept as data (DESIGN 2.9). */

export const FAQ: Array<{ category: string; items: Array<[question: string, answer: string]> }> = [
  {
    category: 'Sustainability vetting',
    items: [
      [
        'How do you decide which brands can sell on Leafline?',
        'Every brand is checked against our five criteria: production materials, labour, shipping and packaging, no animal cruelty, and transparency. Brands tell us about their sustainability at onboarding and we cross-check what they say before they go live.',
      ],
      [
        'What counts as sustainable materials?',
        'At least 80 % of what goes into a product must be sustainable: organic, recycled, upcycled, second-hand or responsibly harvested materials. A product under that line is not listed.',
      ],
      [
        'What does the Verified badge mean?',
        'Verified brands have been through our full review. Individual sellers of second-hand goods are welcome too, but they are marked as individual sellers and are not verified.',
      ],
    ],
  },
  {
    category: 'What makes Leafline different',
    items: [
      [
        'Why not just buy from each brand’s own shop?',
        'You can, and we love that. Leafline puts dozens of small, vetted brands in one cart with one payment, so supporting small makers is as easy as a big-box checkout.',
      ],
      [
        'Who is behind Leafline?',
        'Three university students who were tired of greenwashing and wanted one place they could trust. We still read every brand application ourselves.',
      ],
    ],
  },
  {
    category: 'Affordability',
    items: [
      [
        'Isn’t sustainable shopping expensive?',
        'Some pieces cost more because they are made to last and the people who make them are paid fairly. We also list second-hand goods and everyday basics from a few dollars, so there is something for every budget.',
      ],
      [
        'Do you offer free shipping?',
        'Yes: orders of $75 and over ship free. Some brands also offer their own free-shipping threshold below that.',
      ],
    ],
  },
  {
    category: 'Returns and cancellations',
    items: [
      [
        'Can I return something?',
        'Each brand ships its own parcels and sets its own return policy, shown on its storefront. Get in touch with the brand through its contact details, or write to us and we will help.',
      ],
      [
        'Can I cancel an order?',
        'If the brand has not shipped yet, they can cancel it and refund you in full. After shipping, the brand’s return policy applies.',
      ],
    ],
  },
  {
    category: 'Payments',
    items: [
      [
        'How do I pay?',
        'You pay once, by card, on a secure hosted payment page. Your card details never touch our servers.',
      ],
      [
        'How do brands get paid?',
        'Each brand is paid its share at the moment you buy, minus our 3 % commission. No waiting for monthly payouts.',
      ],
    ],
  },
  {
    category: 'Joining as a brand',
    items: [
      [
        'How do I sell on Leafline?',
        'Register your business from your account, connect payouts with our card payment provider, and tell us about your sustainability practices. Once reviewed, your shop goes live.',
      ],
      [
        'What does it cost to sell?',
        'There is no monthly fee: we take a 3 % commission on each sale, and your payout arrives when the shopper pays.',
      ],
      [
        'Can I keep using Shopify?',
        'Yes. Connect your Shopify store to sync products, orders and shipping fees, and keep managing everything in one place.',
      ],
    ],
  },
];

export const PARTNERS: Array<{ name: string; website: string; colours: [string, string] }> = [
  {
    name: 'Fair Trade Alliance',
    website: 'https://fairtrade-alliance.example',
    colours: ['#1f3d2b', '#e9dfcc'],
  },
  {
    name: 'Ocean Clean Collective',
    website: 'https://oceanclean.example',
    colours: ['#1c4b6b', '#e3eef5'],
  },
  {
    name: 'Regenerative Farms Network',
    website: 'https://regenfarms.example',
    colours: ['#4d6b2f', '#eef3e2'],
  },
  {
    name: 'Circular Fashion Lab',
    website: 'https://circularfashion.example',
    colours: ['#8c5a6b', '#f7ecef'],
  },
  {
    name: 'Plastic Free Campus',
    website: 'https://plasticfreecampus.example',
    colours: ['#c0714f', '#faf3e6'],
  },
  {
    name: 'Carbon Offset Trust',
    website: 'https://carbonoffsettrust.example',
    colours: ['#3b3a30', '#ece3cf'],
  },
];

export interface QuizQuestion {
  id: number;
  text: string;
  options: Array<{ key: string; label: string }>;
}

export const QUIZ_QUESTIONS: QuizQuestion[] = [
  {
    id: 1,
    text: 'Your ideal Saturday morning looks like…',
    options: [
      { key: 'q1_market', label: 'Browsing the farmers’ market with a tote bag' },
      { key: 'q1_diy', label: 'Fixing something instead of replacing it' },
      { key: 'q1_thrift', label: 'Digging through a thrift store for treasure' },
      { key: 'q1_sleep', label: 'Sleeping in, then a slow coffee' },
      { key: 'q1_volunteer', label: 'A beach clean-up with friends' },
    ],
  },
  {
    id: 2,
    text: 'Pick a fabric to live in forever.',
    options: [
      { key: 'q2_cotton', label: 'Soft organic cotton' },
      { key: 'leaf', label: 'Hemp, obviously' },
      { key: 'q2_linen', label: 'Breezy linen' },
      { key: 'q2_vintage', label: 'Whatever the vintage rack gives me' },
      { key: 'q2_wool', label: 'Cosy recycled wool' },
    ],
  },
  {
    id: 3,
    text: 'How do you feel about your bathroom shelf?',
    options: [
      { key: 'q3_bars', label: 'All bars, no bottles' },
      { key: 'q3_few', label: 'A few good products I swap out slowly' },
      { key: 'q3_lots', label: 'It’s a whole collection and I love it' },
      { key: 'q3_homemade', label: 'Half of it I made myself' },
      { key: 'q3_research', label: 'Every ingredient has been researched' },
    ],
  },
  {
    id: 4,
    text: 'A friend asks for a gift idea. You suggest…',
    options: [
      { key: 'q4_experience', label: 'An experience, not a thing' },
      { key: 'q4_handmade', label: 'Something handmade' },
      { key: 'q4_statement', label: 'A bold statement piece' },
      { key: 'q4_practical', label: 'Something practical they’ll use daily' },
      { key: 'q4_donation', label: 'A donation in their name' },
      { key: 'q4_plant', label: 'A plant. Always a plant.' },
    ],
  },
  {
    id: 5,
    text: 'Your approach to going low-waste is…',
    options: [
      { key: 'q5_start', label: 'Just getting started, be gentle' },
      { key: 'q5_swap', label: 'One swap at a time' },
      { key: 'q5_all', label: 'All in, jars everywhere' },
      { key: 'q5_chill', label: 'I do what I can without stressing' },
      { key: 'q5_track', label: 'I track my footprint in a spreadsheet' },
    ],
  },
  {
    id: 6,
    text: 'Choose a colour palette.',
    options: [
      { key: 'q6_earth', label: 'Earthy neutrals' },
      { key: 'q6_bright', label: 'Bright and joyful' },
      { key: 'q6_green', label: 'Every shade of green' },
      { key: 'q6_mono', label: 'Black, white and grey' },
      { key: 'q6_pastel', label: 'Soft pastels' },
    ],
  },
  {
    id: 7,
    text: 'Something breaks. You…',
    options: [
      { key: 'q7_fix', label: 'Fix it myself with a video tutorial' },
      { key: 'q7_repair', label: 'Take it to a repair café' },
      { key: 'q7_upcycle', label: 'Turn it into something new' },
      { key: 'q7_replace', label: 'Replace it with a better-made version' },
      { key: 'q7_ignore', label: 'Live with it. It has character now.' },
    ],
  },
  {
    id: 8,
    text: 'What makes you trust a brand?',
    options: [
      { key: 'q8_certs', label: 'Certifications and audits' },
      { key: 'q8_story', label: 'A founder story I connect with' },
      { key: 'q8_reviews', label: 'Reviews from people like me' },
      { key: 'q8_transparency', label: 'Full supply-chain transparency' },
      { key: 'q8_vibes', label: 'Honestly, the vibes' },
      { key: 'q8_hemp', label: 'They use hemp or other low-impact crops' },
    ],
  },
  {
    id: 9,
    text: 'Your home is…',
    options: [
      { key: 'q9_minimal', label: 'Minimal and calm' },
      { key: 'q9_maximal', label: 'Full of colour and stories' },
      { key: 'q9_plants', label: 'More plants than furniture' },
      { key: 'q9_handmade', label: 'Mostly things I made or found' },
      { key: 'q9_cosy', label: 'Cosy, with candles everywhere' },
    ],
  },
  {
    id: 10,
    text: 'The change you most want to make this year?',
    options: [
      { key: 'q10_learn', label: 'Learn the basics of sustainable living' },
      { key: 'q10_make', label: 'Make more of what I use' },
      { key: 'q10_express', label: 'Express myself without the waste' },
      { key: 'q10_balance', label: 'Find a balance I can keep up' },
      { key: 'q10_impact', label: 'Maximise my positive impact' },
    ],
  },
];

export interface PersonaData {
  id: number;
  title: string;
  description: string;
  nextSteps: [string, string, string];
  matchingAnswers: string[];
  /** Words a recommended product's name should contain (first the best fits). */
  productHints: string[];
}

export const PERSONAS: PersonaData[] = [
  {
    id: 1,
    title: 'Soft Start Sustainability Seeker',
    description:
      'You care, you’re curious, and you want to start without feeling overwhelmed. Small, steady swaps are your superpower.',
    nextSteps: [
      'Swap one everyday item for a reusable one this week.',
      'Follow two small brands whose story you love.',
      'Try a refill: soap, cleaner or shampoo.',
    ],
    matchingAnswers: [
      'q1_sleep',
      'q3_few',
      'q5_start',
      'q6_pastel',
      'q10_learn',
      'q8_reviews',
      'q9_minimal',
    ],
    productHints: ['Bottle', 'Beeswax', 'Toothbrush', 'Tote', 'Shampoo', 'Cotton Rounds'],
  },
  {
    id: 2,
    title: 'DIY-ish Earth Guardian',
    description:
      'You’d rather make it, mend it or grow it. Your tools and supplies should be as thoughtful as you are.',
    nextSteps: [
      'Host a mending night with friends.',
      'Start a small compost at home.',
      'Make one gift by hand this season.',
    ],
    matchingAnswers: [
      'q1_diy',
      'q3_homemade',
      'q4_handmade',
      'q7_fix',
      'q7_upcycle',
      'q9_handmade',
      'q10_make',
    ],
    productHints: ['Sketchbook', 'Seed Paper', 'Brush', 'Compost', 'Pencil', 'Watercolours'],
  },
  {
    id: 3,
    title: 'Conscious Maximalist',
    description:
      'Colour, pattern, stories: you love it all, and you’ve found ways to express yourself without the waste.',
    nextSteps: [
      'Shop vintage first for your next statement piece.',
      'Swap clothes at a party instead of buying new.',
      'Choose quality pieces you will wear for years.',
    ],
    matchingAnswers: [
      'q1_thrift',
      'q2_vintage',
      'q3_lots',
      'q4_statement',
      'q6_bright',
      'q9_maximal',
      'q10_express',
    ],
    productHints: ['Vintage', 'Sari', 'Blush', 'Dress', 'Candle', 'Planter'],
  },
  {
    id: 4,
    title: 'Chill Eco Champion',
    description:
      'You do what you can, you don’t stress, and you make sustainable living look easy. Comfort first, planet always.',
    nextSteps: [
      'Pick durable basics that go with everything.',
      'Batch your orders to cut shipping.',
      'Share one tip with a friend this month.',
    ],
    matchingAnswers: [
      'q1_market',
      'q2_cotton',
      'q5_chill',
      'q6_earth',
      'q7_ignore',
      'q9_cosy',
      'q10_balance',
      'q8_vibes',
    ],
    productHints: ['Tee', 'Hoodie', 'Lounge', 'Throw', 'Mug', 'Socks'],
  },
  {
    id: 5,
    title: 'Ethical Overachiever (But Make It Kind)',
    description:
      'You read the labels, check the certifications and track your impact — and you’re kind to yourself about it.',
    nextSteps: [
      'Ask one brand about its supply chain.',
      'Volunteer an afternoon with a local clean-up.',
      'Celebrate progress, not perfection.',
    ],
    matchingAnswers: [
      'q1_volunteer',
      'q3_research',
      'q4_donation',
      'q5_all',
      'q5_track',
      'q8_certs',
      'q8_transparency',
      'q10_impact',
    ],
    productHints: ['Serum', 'Sunscreen', 'Razor', 'Daypack', 'Cleaner Tablets', 'Floss'],
  },
  {
    id: 6,
    title: 'Hempalicious',
    description:
      'Hemp is your love language: low water, no pesticides, endlessly useful. You champion the crop that does it all.',
    nextSteps: [
      'Try hemp in one new part of your life.',
      'Learn how hemp regenerates soil.',
      'Tell a friend why hemp beats cotton on water.',
    ],
    matchingAnswers: ['leaf', 'q8_hemp', 'q4_plant', 'q6_green', 'q9_plants'],
    productHints: ['Hemp', 'Linen', 'Soap', 'Tote', 'Slip-On', 'Overshirt'],
  },
];

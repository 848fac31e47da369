import { HEMP_ANSWER_KEY, type QuizQuestion } from '@leafline/contract';

/**
 * The shopping-persona quiz (SPEC §2 Quiz, §3, §9): 10 questions of 5 or 6 options. Option
 * keys are unique across the whole quiz; the personas' `matchingAnswers` refer to them, and
 * the hemp answer has the special key 'leaf' that makes persona 6 win (SPEC §4). Served by
 * `GET api/quiz/`; the seed's personas refer to these keys.
 */
export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  {
    id: 1,
    text: 'Your ideal Saturday morning looks like…',
    options: [
      { key: 'q1_market', label: 'Wandering the farmers’ market with a tote bag' },
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
      { key: HEMP_ANSWER_KEY, label: 'Hemp, obviously' },
      { key: 'q2_linen', label: 'Breezy linen' },
      { key: 'q2_vintage', label: 'Whatever the vintage rack gives me' },
      { key: 'q2_wool', label: 'Wool I knitted myself' },
      { key: 'q2_recycled', label: 'Anything recycled and certified' },
    ],
  },
  {
    id: 3,
    text: 'How would you describe your bathroom shelf?',
    options: [
      { key: 'q3_few', label: 'A few good products I swap out slowly' },
      { key: 'q3_lots', label: 'A whole colourful collection and I love it' },
      { key: 'q3_homemade', label: 'Half of it I made myself' },
      { key: 'q3_research', label: 'Every ingredient has been researched' },
      { key: 'q3_basic', label: 'Soap, toothbrush, done' },
    ],
  },
  {
    id: 4,
    text: 'A friend asks for a gift idea. You suggest…',
    options: [
      { key: 'q4_experience', label: 'An experience, not a thing' },
      { key: 'q4_handmade', label: 'Something handmade' },
      { key: 'q4_statement', label: 'A bold statement piece' },
      { key: 'q4_practical', label: 'Something practical they’ll use every day' },
      { key: 'q4_donation', label: 'A donation in their name' },
      { key: 'q4_plant', label: 'A plant. Always a plant.' },
    ],
  },
  {
    id: 5,
    text: 'Your approach to going low-waste is…',
    options: [
      { key: 'q5_start', label: 'Just getting started, be gentle with me' },
      { key: 'q5_swap', label: 'One swap at a time' },
      { key: 'q5_all', label: 'All in: jars everywhere' },
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
      { key: 'q7_upcycle', label: 'Turn it into something new and fabulous' },
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
      { key: 'q8_hemp', label: 'They grow hemp or other low-impact crops' },
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
      { key: 'q10_grow', label: 'Grow something, anything' },
    ],
  },
];

/**
 * The demo buyers' reviews (issue 27 point 5): what the other demo shoppers wrote of products
 * they received (their Shipped and Delivered demo orders), so that a newcomer sees ratings,
 * reviews and a brand's replies on the first start. The demo shopper (`shopper`) has written
 * none: her received products are hers to review.
 */

export interface DemoReview {
  rating: number;
  title: string;
  body: string;
  /** The brand's answer, or null. */
  reply: string | null;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    rating: 5,
    title: 'Exactly as described',
    body: 'Arrived in a paper mailer with no plastic anywhere. The quality is better than I expected for the price, and it still looks new after a month of daily use.',
    reply:
      'Thank you so much! We pack everything by hand, so it is lovely to hear it arrived well.',
  },
  {
    rating: 4,
    title: 'Lovely, runs a little small',
    body: 'Beautiful colour and it feels well made. I would size up next time — otherwise no complaints, and shipping was quick.',
    reply: null,
  },
  {
    rating: 5,
    title: 'My new favourite',
    body: 'I bought one for myself and went back for a second as a gift. You can tell it was made by people who care about the details.',
    reply: null,
  },
  {
    rating: 3,
    title: 'Good, but slow to arrive',
    body: 'The product itself is nice and clearly sustainable, but it took almost two weeks to reach me. I would buy again if delivery were faster.',
    reply:
      'Sorry for the wait — a supplier delay held up that week’s parcels. We have added a second carrier since.',
  },
  {
    rating: 5,
    title: 'Worth every penny',
    body: 'Simple, sturdy and honest. The little handwritten note in the parcel was a nice touch.',
    reply: null,
  },
  {
    rating: 4,
    title: 'Does what it should',
    body: 'Works well and the materials feel good. The packaging was compostable, which I appreciated.',
    reply: null,
  },
  {
    rating: 2,
    title: 'Not for me',
    body: 'The colour was quite different from the photos on my screen. The brand was friendly about it, but I expected something brighter.',
    reply:
      'Thank you for telling us. We have re-shot the photos in daylight so the colour shows as it is.',
  },
];

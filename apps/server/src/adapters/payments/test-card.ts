/**
 * The card checks of the local payment page, as a card processor would answer them: Stripe's
 * test numbers 4242 4242 4242 4242 (paid) and 4000 0000 0000 0002 (declined); any other
 * well-formed number is refused as "not a test card" (no real card is ever charged).
 */

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';
export type CardProblem =
  | 'card_incomplete'
  | 'card_invalid'
  | 'card_not_test'
  | 'expiry_incomplete'
  | 'expiry_invalid'
  | 'expiry_past'
  | 'cvc_incomplete'
  | 'name_missing';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardCheck =
  | { ok: true; outcome: 'paid' | 'declined'; brand: string; last4: string }
  | { ok: false; problems: Partial<Record<CardField, CardProblem>> };

const PAYS = '4242424242424242';
const DECLINED = '4000000000000002';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function checkNumber(raw: string): CardProblem | null {
  const compact = raw.replace(/[\s-]/g, '');
  if (compact === '') return 'card_incomplete';
  if (!/^\d+$/.test(compact)) return 'card_invalid';
  if (compact.length < 13) return 'card_incomplete';
  if (compact.length > 19 || !luhn(compact)) return 'card_invalid';
  if (compact !== PAYS && compact !== DECLINED) return 'card_not_test';
  return null;
}

function checkExpiry(raw: string, now: Date): CardProblem | null {
  const value = raw.trim();
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value);
  if (!match) return /^[\d\s/]*$/.test(value) ? 'expiry_incomplete' : 'expiry_invalid';
  const month = Number(match[1]);
  let year = Number(match[2]);
  if (month < 1 || month > 12) return 'expiry_invalid';
  if (year < 100) year += 2000;
  // Valid through the last day of its month.
  const end = Date.UTC(year, month, 1);
  return end <= now.getTime() ? 'expiry_past' : null;
}

export function checkTestCard(card: CardInput, now = new Date()): CardCheck {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const number = checkNumber(card.number);
  if (number) problems.number = number;
  const expiry = checkExpiry(card.expiry, now);
  if (expiry) problems.expiry = expiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'cvc_incomplete';
  if (!card.name.trim()) problems.name = 'name_missing';
  if (Object.keys(problems).length) return { ok: false, problems };
  const compact = card.number.replace(/[\s-]/g, '');
  return {
    ok: true,
    outcome: compact === PAYS ? 'paid' : 'declined',
    brand: 'visa',
    last4: compact.slice(-4),
  };
}

import { BRAND_NAME, centsToPrice, type Order, type OrderAddress } from '@leafline/contract';
import { CARRIER_LABELS, TRACKING_TEXTS } from '@leafline/contract/carriers';
import {
  emailButton,
  emailLayout,
  escapeHtml,
  FONT,
  PALETTE,
} from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The e-mails sent once a payment went through (issue "Buying" point 9): the order
 * confirmation to the buyer (every brand order of the payment) and a new-order e-mail to each
 * brand's public address. Real HTML in the brand palette plus a plain-text part (DESIGN §4),
 * the same look as the password-reset e-mail.
 */

const money = (value: string) => `$${value}`;

/** "Hi Fern," or "Hi," without a first name. */
const greetingOf = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

/** When a refund reaches the buyer: the refund e-mails' one sentence of it. */
const REFUND_TIMING =
  'The money goes back to the card you paid with; your bank may take 5–10 business days to show it.';
const cents = (value: string) => Math.round(Number(value) * 100);

function optionsText(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

function addressLines(address: OrderAddress | null): string[] {
  if (!address) return [];
  return [
    address.name,
    address.line1,
    address.line2,
    `${address.city}, ${address.state} ${address.postal_code}`,
    address.country,
    address.phone ? `Phone: ${address.phone}` : '',
  ].filter((line) => line.trim() !== '');
}

const cardLabel = (brand: string) =>
  brand ? brand.charAt(0).toUpperCase() + brand.slice(1).replaceAll('_', ' ') : '';

/** The lines of one order as text. */
function orderText(order: Order): string[] {
  const lines = [`Order #${order.id} from ${order.business_name}`];
  for (const item of order.order_items) {
    const options = optionsText(item.variant_options);
    lines.push(
      `  ${item.quantity} × ${item.product_name}${options ? ` (${options})` : ''} — ${money(item.total_price)}`,
    );
  }
  lines.push(`  Items: ${money(order.items_subtotal)}`);
  lines.push(
    `  Shipping: ${cents(order.order_total_shipping_fees) === 0 ? 'Free' : money(order.order_total_shipping_fees)}`,
  );
  if (cents(order.discount_amount) > 0) lines.push(`  Discount: −${money(order.discount_amount)}`);
  lines.push(`  Order total: ${money(order.total_price)}`);
  return lines;
}

const row = (label: string, value: string, strong = false) =>
  `<tr><td style="padding:4px 0;${FONT}font-size:14px;color:${strong ? PALETTE.text : PALETTE.muted};${strong ? 'font-weight:700;' : ''}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${FONT}font-size:14px;color:${PALETTE.text};${strong ? 'font-weight:700;' : ''}">${escapeHtml(value)}</td></tr>`;

/** One order as an HTML block. */
function orderHtml(order: Order): string {
  const items = order.order_items
    .map((item) => {
      const options = optionsText(item.variant_options);
      return `<tr>
<td style="padding:8px 0;border-bottom:1px solid ${PALETTE.line};${FONT}font-size:15px;color:${PALETTE.text};">${escapeHtml(item.product_name)}${options ? `<br><span style="font-size:13px;color:${PALETTE.muted};">${escapeHtml(options)}</span>` : ''}<br><span style="font-size:13px;color:${PALETTE.muted};">${item.quantity} × ${escapeHtml(money(item.product_price))}</span></td>
<td align="right" style="padding:8px 0;border-bottom:1px solid ${PALETTE.line};${FONT}font-size:15px;color:${PALETTE.text};vertical-align:top;">${escapeHtml(money(item.total_price))}</td>
</tr>`;
    })
    .join('\n');
  const shipping =
    cents(order.order_total_shipping_fees) === 0 ? 'Free' : money(order.order_total_shipping_fees);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border:1px solid ${PALETTE.line};border-radius:10px;background:#ffffff;">
<tr><td style="padding:16px 18px;">
<h2 style="margin:0 0 8px;font-family:Fraunces,Georgia,serif;font-size:19px;color:${PALETTE.green};">${escapeHtml(order.business_name)}</h2>
<p style="margin:0 0 8px;${FONT}font-size:13px;color:${PALETTE.muted};">Order #${order.id}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:8px;">
${row('Items', money(order.items_subtotal))}
${row('Shipping', shipping)}
${cents(order.discount_amount) > 0 ? row('Discount', `−${money(order.discount_amount)}`) : ''}
${row('Order total', money(order.total_price), true)}
</table>
</td></tr></table>`;
}

const paragraph = (html: string, muted = false) =>
  `<p style="margin:0 0 16px;${muted ? `font-size:14px;color:${PALETTE.muted};` : ''}">${html}</p>`;

function addressHtml(title: string, address: OrderAddress | null): string {
  const lines = addressLines(address);
  if (!lines.length) return '';
  return `<h2 style="margin:0 0 8px;font-family:Fraunces,Georgia,serif;font-size:18px;color:${PALETTE.green};">${escapeHtml(title)}</h2>
<p style="margin:0 0 24px;font-size:15px;">${lines.map(escapeHtml).join('<br>')}</p>`;
}

export interface BuyerConfirmationInput {
  to: string;
  firstName: string;
  /** Every brand order of the payment. */
  orders: Order[];
  publicUrl: string;
}

/** The buyer's order confirmation: every brand order, the payment's totals, the address. */
export function buyerConfirmationEmail(input: BuyerConfirmationInput): MailMessage {
  const { orders } = input;
  const first = orders[0]!;
  const notes = first.notes_data;
  const sum = (pick: (o: Order) => string) => orders.reduce((s, o) => s + cents(pick(o)), 0);
  const originalCents = sum((o) => o.items_subtotal) + sum((o) => o.order_total_shipping_fees);
  const discountCents = sum((o) => o.discount_amount);
  const paidCents = sum((o) => o.total_price);
  const price = (c: number) => money(centsToPrice(c));
  const code = notes?.discount_code ?? null;
  const card = cardLabel(first.card_brand);
  const ids = orders.map((o) => o.id);
  const link = `${input.publicUrl}/order-confirmation?order_ids=${ids.join(',')}`;
  const subject =
    orders.length === 1
      ? `Your ${BRAND_NAME} order #${first.id} is confirmed`
      : `Your ${BRAND_NAME} orders ${ids.map((id) => `#${id}`).join(', ')} are confirmed`;
  const greeting = greetingOf(input.firstName);
  const brands = orders.length === 1 ? 'The brand' : `Each of the ${orders.length} brands`;
  const intro = `Thank you for shopping small! We received your payment of ${price(paidCents)}. ${brands} packs and ships its own parcel, so your order arrives in ${orders.length === 1 ? 'one parcel' : `${orders.length} parcels`}.`;

  const totalsText = [
    `Original total: ${price(originalCents)}`,
    ...(discountCents > 0 ? [`Discount${code ? ` (${code})` : ''}: −${price(discountCents)}`] : []),
    `Total paid: ${price(paidCents)}${card ? ` with ${card}` : ''}`,
  ];
  const text = [
    greeting,
    '',
    intro,
    '',
    ...orders.flatMap((o) => [...orderText(o), '']),
    ...totalsText,
    '',
    'Shipping to:',
    ...addressLines(first.shipping_address).map((l) => `  ${l}`),
    '',
    `See your order: ${link}`,
    `All your orders: ${input.publicUrl}/myorders`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');

  const totalsHtml = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;">
${row('Original total', price(originalCents))}
${discountCents > 0 ? row(`Discount${code ? ` (${code})` : ''}`, `−${price(discountCents)}`) : ''}
${row(`Total paid${card ? ` with ${card}` : ''}`, price(paidCents), true)}
</table>`;
  const html = emailLayout(
    subject,
    orders.length === 1 ? 'Your order is confirmed' : 'Your orders are confirmed',
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      ...orders.map(orderHtml),
      totalsHtml,
      addressHtml('Shipping to', first.shipping_address),
      emailButton(link, orders.length === 1 ? 'View your order' : 'View your orders'),
      paragraph(
        `All your orders are in <a href="${escapeHtml(`${input.publicUrl}/myorders`)}" style="color:${PALETTE.green};">My Orders</a>.`,
        true,
      ),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}

export interface BrandOrderInput {
  to: string;
  order: Order;
  /** What the brand receives after the 3 % commission. */
  payoutCents: number;
  publicUrl: string;
}

/** A brand's new-order e-mail: what to pack, where to send it, and what it is paid. */
export function brandNewOrderEmail(input: BrandOrderInput): MailMessage {
  const { order } = input;
  const subject = `New order #${order.id} on ${BRAND_NAME}`;
  const payout = money(centsToPrice(input.payoutCents));
  const intro = `${order.user_full_name || 'A shopper'} just paid for order #${order.id}. Please pack and ship it to the address below, then add the tracking number in your dashboard.`;
  const payoutLine = `Your payout: ${payout} (the order total after the 3% ${BRAND_NAME} commission).`;
  const dashboard = `${input.publicUrl}/dashboard`;
  const text = [
    `Hello ${order.business_name},`,
    '',
    intro,
    '',
    ...orderText(order),
    '',
    payoutLine,
    '',
    'Ship to:',
    ...addressLines(order.shipping_address).map((l) => `  ${l}`),
    `  E-mail: ${order.user_email}`,
    '',
    `Your dashboard: ${dashboard}`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const html = emailLayout(
    subject,
    `New order #${order.id}`,
    [
      paragraph(escapeHtml(`Hello ${order.business_name},`)),
      paragraph(escapeHtml(intro)),
      orderHtml(order),
      paragraph(`<strong>${escapeHtml(payoutLine)}</strong>`),
      addressHtml('Ship to', order.shipping_address),
      paragraph(`Buyer's e-mail: ${escapeHtml(order.user_email)}`, true),
      emailButton(dashboard, 'Open your dashboard'),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}

export interface OrderShippedInput {
  to: string;
  firstName: string;
  order: Order;
  publicUrl: string;
}

/**
 * The buyer's "your order has shipped" e-mail (seller's orders, issue point 3): sent once, the
 * first time the brand marks the order Shipped, with the tracking number when it has one.
 */
export function orderShippedEmail(input: OrderShippedInput): MailMessage {
  const { order } = input;
  const tracking = order.tracking_number.trim();
  const subject = `Your ${BRAND_NAME} order #${order.id} has shipped`;
  const greeting = greetingOf(input.firstName);
  const intro = `Good news: ${order.business_name} has shipped your order #${order.id}. It is on its way to you.`;
  // Issue 29: the carrier, and a link to its tracking page when it is a known one.
  const known = order.carrier && order.carrier !== 'other' ? order.carrier : null;
  const trackingLabel = known ? `${CARRIER_LABELS[known]} tracking number` : 'Tracking number';
  const trackingLine = tracking
    ? `${trackingLabel}: ${tracking}`
    : 'The brand has not added a tracking number yet; it will show in My Orders once it does.';
  const ordersLink = `${input.publicUrl}/myorders`;
  const text = [
    greeting,
    '',
    intro,
    '',
    trackingLine,
    ...(order.tracking_url ? [`${TRACKING_TEXTS.track}: ${order.tracking_url}`] : []),
    '',
    ...orderText(order),
    '',
    'Shipping to:',
    ...addressLines(order.shipping_address).map((l) => `  ${l}`),
    '',
    `Your orders: ${ordersLink}`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const trackingHtml = tracking
    ? `<p style="margin:0 0 24px;padding:12px 16px;border:1px solid ${PALETTE.line};border-radius:10px;background:#ffffff;font-size:15px;">${escapeHtml(trackingLabel)}: <strong style="font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:0.5px;">${escapeHtml(tracking)}</strong></p>${
        order.tracking_url ? emailButton(order.tracking_url, TRACKING_TEXTS.track) : ''
      }`
    : paragraph(escapeHtml(trackingLine), true);
  const html = emailLayout(
    subject,
    'Your order has shipped',
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      trackingHtml,
      orderHtml(order),
      addressHtml('Shipping to', order.shipping_address),
      emailButton(ordersLink, 'See your orders'),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}

export interface OrderRefundedInput {
  to: string;
  firstName: string;
  order: Order;
  /** What was given back to the buyer's card. */
  refundedCents: number;
  /** The status the brand set: a refund or a cancellation; `Partial`: part of the order (issue 29). */
  status: 'Refunded' | 'Canceled' | 'Partial';
  /** The brand's reason, when it gave one. */
  reason?: string;
  /** The shopper cancelled it themselves (issue 30 point 4). */
  byBuyer?: boolean;
  publicUrl: string;
}

/**
 * The buyer's "your order has been refunded / cancelled" e-mail (seller money, issue point 5):
 * sent once, when the brand's refund or cancellation of a paid order gave the money back.
 */
export function orderRefundedEmail(input: OrderRefundedInput): MailMessage {
  const { order } = input;
  const partial = input.status === 'Partial';
  const word = input.status === 'Canceled' ? 'cancelled' : 'refunded';
  const amount = money(centsToPrice(input.refundedCents));
  const subject = partial
    ? `Part of your ${BRAND_NAME} order #${order.id} has been refunded`
    : `Your ${BRAND_NAME} order #${order.id} has been ${word}`;
  const greeting = greetingOf(input.firstName);
  const intro = input.byBuyer
    ? `You cancelled your order #${order.id} from ${order.business_name} before it was sent.`
    : partial
      ? `${order.business_name} has refunded part of your order #${order.id}.`
      : `${order.business_name} has ${word} your order #${order.id}.`;
  const reasonLine = input.reason ? `Reason: ${input.reason}` : '';
  const amountLine = `Amount refunded: ${amount}`;
  const ordersLink = `${input.publicUrl}/myorders`;
  const text = [
    greeting,
    '',
    intro,
    '',
    amountLine,
    ...(reasonLine ? [reasonLine] : []),
    REFUND_TIMING,
    '',
    ...orderText(order),
    '',
    `Your orders: ${ordersLink}`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const amountHtml = `<p style="margin:0 0 16px;padding:12px 16px;border:1px solid ${PALETTE.line};border-radius:10px;background:#ffffff;font-size:15px;">Amount refunded: <strong>${escapeHtml(amount)}</strong></p>`;
  const html = emailLayout(
    subject,
    partial ? 'Part of your order has been refunded' : `Your order has been ${word}`,
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      amountHtml,
      ...(reasonLine ? [paragraph(escapeHtml(reasonLine))] : []),
      paragraph(escapeHtml(REFUND_TIMING), true),
      orderHtml(order),
      emailButton(ordersLink, 'See your orders'),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}

/**
 * A brand's notice about one of its orders (sold out, cancelled by the buyer): a greeting, what
 * happened, the order, the way to the dashboard.
 */
function brandOrderNotice(input: {
  to: string;
  order: Order;
  subject: string;
  heading: string;
  intro: string;
  publicUrl: string;
}): MailMessage {
  const { order } = input;
  const hello = `Hello ${order.business_name},`;
  const dashboard = `${input.publicUrl}/dashboard`;
  const text = [
    hello,
    '',
    input.intro,
    '',
    ...orderText(order),
    '',
    `Your dashboard: ${dashboard}`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const html = emailLayout(
    input.subject,
    input.heading,
    [
      paragraph(escapeHtml(hello)),
      paragraph(escapeHtml(input.intro)),
      orderHtml(order),
      emailButton(dashboard, 'Open your dashboard'),
    ].join('\n'),
  );
  return { to: input.to, subject: input.subject, text, html };
}

/**
 * The brand's e-mail when a shopper cancelled a paid order before it was sent (issue 30 point
 * 4): refunded in full, the payout taken back, not to be shipped.
 */
export function buyerCancelledBrandEmail(input: {
  to: string;
  order: Order;
  refundedCents: number;
  publicUrl: string;
}): MailMessage {
  const { order } = input;
  return brandOrderNotice({
    to: input.to,
    order,
    subject: `Order #${order.id} on ${BRAND_NAME} was cancelled by the buyer`,
    heading: `Order #${order.id} cancelled by the buyer`,
    intro: `${order.user_full_name || 'The buyer'} cancelled order #${order.id} before it was sent. They have been refunded ${money(centsToPrice(input.refundedCents))} in full and no payout is made for it. Do not ship it; its items are back in stock.`,
    publicUrl: input.publicUrl,
  });
}

export interface SoldOutInput {
  to: string;
  order: Order;
  publicUrl: string;
}

/**
 * The buyer's e-mail when a brand order of their payment could not be kept because its stock
 * was gone when the payment arrived (issue 26 rule 2): refunded in full, automatically.
 */
export function soldOutBuyerEmail(input: SoldOutInput & { firstName: string }): MailMessage {
  const { order } = input;
  const subject = `Your ${BRAND_NAME} order #${order.id} sold out: you are refunded in full`;
  const greeting = greetingOf(input.firstName);
  const intro = `Sorry: by the time your payment reached us, ${order.business_name} had sold the last of what you ordered, so order #${order.id} cannot be sent. We are refunding it in full (${money(order.total_price)}); nothing else of your payment changes.`;
  const ordersLink = `${input.publicUrl}/myorders`;
  const text = [
    greeting,
    '',
    intro,
    REFUND_TIMING,
    '',
    ...orderText(order),
    '',
    `Your orders: ${ordersLink}`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const html = emailLayout(
    subject,
    'This order sold out',
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      paragraph(escapeHtml(REFUND_TIMING), true),
      orderHtml(order),
      emailButton(ordersLink, 'See your orders'),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}

/** The brand's e-mail for the same order: nothing to ship, nothing paid out. */
export function soldOutBrandEmail(input: SoldOutInput): MailMessage {
  const { order } = input;
  return brandOrderNotice({
    to: input.to,
    order,
    subject: `Order #${order.id} on ${BRAND_NAME} was refunded: sold out`,
    heading: `Order #${order.id} refunded: sold out`,
    intro: `A payment for order #${order.id} arrived after its items had sold out, so the order was refunded to the shopper in full. Do not ship it; no payout is made for it. Check the stock counts in your dashboard.`,
    publicUrl: input.publicUrl,
  });
}

export interface ReviewRequestInput {
  to: string;
  firstName: string;
  orderId: number;
  businessName: string;
  /** The products of the order the buyer has not reviewed yet. */
  products: Array<{ id: number; name: string }>;
  publicUrl: string;
}

/**
 * "How was it?" (issue 27): the buyer is asked, once, REVIEW_LIMITS.requestAfterDays days
 * after the order was Delivered, to review what they received. Each link opens the product's
 * reviews; it carries no token (forwarded, it signs nobody in), and writing needs the buyer's
 * own sign-in. Nothing more is sent about this order.
 */
export function reviewRequestEmail(input: ReviewRequestInput): MailMessage {
  const subject = `How was your order from ${input.businessName}?`;
  const greeting = greetingOf(input.firstName);
  const intro = `Your order #${input.orderId} from ${input.businessName} arrived a week ago. A few words from you help other shoppers, and the brand, who reads every one.`;
  const linkOf = (id: number) => `${input.publicUrl}/shop/products/${id}#reviews`;
  const once = `This is the only e-mail we send about reviewing this order.`;
  const text = [
    greeting,
    '',
    intro,
    '',
    ...input.products.map((p) => `${p.name}: ${linkOf(p.id)}`),
    '',
    once,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const html = emailLayout(
    subject,
    'How was it?',
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      ...input.products.map((p) => emailButton(linkOf(p.id), `Review ${p.name}`)),
      paragraph(escapeHtml(once), true),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}

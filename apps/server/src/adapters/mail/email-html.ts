import { BRAND_NAME } from '@leafline/contract';

/**
 * The frame of every e-mail the app sends: the brand palette (DESIGN §4), the header bar, the
 * heading and the footer, as table-based HTML that mail programs render alike. The button is
 * deep green on off-white text (clay on white would miss WCAG AA contrast); clay is the accent
 * line under the header.
 */

export const PALETTE = {
  green: '#1f3d2b',
  sand: '#e9dfcc',
  clay: '#c0714f',
  offWhite: '#faf7f0',
  text: '#24302a',
  muted: '#5b665f',
  line: '#d9cfbb',
};
export const FONT = "font-family:Inter,'Helvetica Neue',Arial,sans-serif;";

export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A whole e-mail document around `body` (HTML), under `heading`. */
export function emailLayout(
  subject: string,
  heading: string,
  body: string,
  maxWidth = 600,
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${PALETTE.sand};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PALETTE.sand};padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${maxWidth}px;background:${PALETTE.offWhite};border-radius:12px;overflow:hidden;">
<tr><td style="background:${PALETTE.green};border-bottom:4px solid ${PALETTE.clay};padding:20px 28px;${FONT}font-size:22px;font-weight:700;color:${PALETTE.offWhite};letter-spacing:0.5px;">${BRAND_NAME}</td></tr>
<tr><td style="padding:28px;${FONT}font-size:16px;line-height:1.6;color:${PALETTE.text};">
<h1 style="margin:0 0 16px;font-family:Fraunces,Georgia,serif;font-size:24px;color:${PALETTE.green};">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="background:${PALETTE.sand};padding:16px 28px;${FONT}font-size:12px;color:${PALETTE.muted};">${BRAND_NAME} — a marketplace for sustainable small brands.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The call-to-action button; `margin` is its CSS margin. */
export const emailButton = (href: string, label: string, margin = '8px 0 24px') =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:${margin};"><tr><td style="border-radius:8px;background:${PALETTE.green};">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:600;color:${PALETTE.offWhite};text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr></table>`;

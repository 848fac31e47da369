import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_SMTP_INBOX } from './env';

/** Undoes quoted-printable soft breaks and escapes, enough to read links from a message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function newestMailTo(to: string): string {
  let files: string[];
  try {
    files = readdirSync(E2E_SMTP_INBOX)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return '';
  }
  for (const file of files) {
    const decoded = decodeQuotedPrintable(readFileSync(path.join(E2E_SMTP_INBOX, file), 'utf8'));
    if (decoded.includes(`To: ${to}`)) return decoded;
  }
  return '';
}

/** Waits for a message to `to` received by the SMTP peer and returns it decoded. */
export async function waitForMail(to: string): Promise<string> {
  await expect
    .poll(() => newestMailTo(to), { timeout: 15_000, message: `a mail to ${to}` })
    .not.toBe('');
  return newestMailTo(to);
}

function mailsTo(to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(E2E_SMTP_INBOX)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return [];
  }
  return files
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(E2E_SMTP_INBOX, file), 'utf8')))
    .filter((mail) => mail.includes(`To: ${to}`));
}

/** Waits for a message to `to` that contains `text` (a subject, an order number). */
export async function waitForMailContaining(to: string, text: string): Promise<string> {
  const find = () => mailsTo(to).find((mail) => mail.includes(text)) ?? '';
  await expect
    .poll(find, { timeout: 20_000, message: `a mail to ${to} with "${text}"` })
    .not.toBe('');
  return find();
}

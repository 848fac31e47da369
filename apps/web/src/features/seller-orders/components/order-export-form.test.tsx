import { EXPORT_MESSAGES, EXPORT_TEXTS } from '@leafline/contract/seller-money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/auth-tokens';
import { EXPORT_REVOKE_MS } from '@/lib/save-file';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection } from '@/test/seller-fixtures';
import { defaultExportRange, OrderExportForm } from './order-export-form';

const CSV = '\uFEFForder_id,created_at_utc\r\n41,2026-03-14T09:26:00.000Z\r\n';

/** What the browser was asked to save: the link's name and the file's text. */
interface Saved {
  name: string;
  text: string;
}

let saved: Saved[];
let revoked: string[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  revoked = [];
  blobs = new Map();
  let n = 0;
  // Object URLs that remember their file, standing in for the browser's (restored after each
  // test: the worker's own are used by the files that run after this one).
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    n += 1;
    const url = `blob:leafline/${n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (!blob) throw new Error(`no file behind ${this.href}`);
    // Read later (jsdom's Blob reads asynchronously).
    saved.push({ name: this.download, text: '' });
    const entry = saved.at(-1)!;
    // The bytes as saved, BOM included (Blob.text() would drop it).
    void blob.arrayBuffer().then((bytes) => {
      entry.text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    });
  });
  setTokens({ access: 'acc', refresh: 'ref' });
});

afterEach(() => {
  clearTokens();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const csvResponse = (businessId = 3, from = '2026-03-01', to = '2026-03-14') =>
  new Response(CSV, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="leafline-orders-${businessId}-${from}-${to}.csv"`,
    },
  });

/** The texts a field's aria-describedby points at. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((ref) => document.getElementById(ref)?.textContent ?? '')
    .join(' ')
    .trim();

function renderForm() {
  const view = renderSection(<OrderExportForm businessId={3} />, '/dashboard/orders');
  const form = screen.getByRole('form', { name: EXPORT_TEXTS.title });
  return {
    form: within(form),
    from: within(form).getByLabelText(EXPORT_TEXTS.from) as HTMLInputElement,
    to: within(form).getByLabelText(EXPORT_TEXTS.to) as HTMLInputElement,
    button: () => within(form).getByRole('button', { name: /CSV/ }),
    unmount: view.unmount,
  };
}

describe('default range', () => {
  it('is the 1st of this month to today, in UTC', () => {
    expect(defaultExportRange(new Date('2026-03-14T10:00:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-14',
    });
    // 23:30 on 31 March in New York is already 1 April in UTC.
    expect(defaultExportRange(new Date('2026-04-01T03:30:00Z'))).toEqual({
      from: '2026-04-01',
      to: '2026-04-01',
    });
  });
});

describe('OrderExportForm', () => {
  it('starts on this month, then downloads the CSV of the chosen days as a file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T10:00:00Z'));
    let answer!: (r: Response) => void;
    const { calls } = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { from, to, button, form } = renderForm();
    expect(from.value).toBe('2026-03-01');
    expect(to.value).toBe('2026-03-14');
    expect(from.type).toBe('date');
    fill(from, '2026-02-01');
    fill(to, '2026-02-28');

    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    fireEvent.click(button());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/business/orders/3/export/?from=2026-02-01&to=2026-02-28');
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.headers.accept).toBe('text/csv');
    expect(calls[0]!.headers.authorization).toBe('Bearer acc');
    // While it works, the button says so and cannot be pressed again.
    expect(button().textContent).toBe(EXPORT_TEXTS.working);
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(button().closest('form')!);
    expect(calls).toHaveLength(1);

    answer(csvResponse(3, '2026-02-01', '2026-02-28'));
    await waitFor(() => expect(button().textContent).toBe(EXPORT_TEXTS.download));
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    expect(saved.map((s) => s.name)).toEqual(['leafline-orders-3-2026-02-01-2026-02-28.csv']);
    await waitFor(() => expect(saved[0]!.text).toBe(CSV));
    // The file's URL is let go a while after it was handed over, and the link is gone.
    expect(revoked).toEqual([]);
    const later = timeouts.mock.calls.find(
      ([run, ms]) => ms === EXPORT_REVOKE_MS && String(run).includes('revokeObjectURL'),
    );
    (later![0] as () => void)();
    expect(revoked).toEqual(['blob:leafline/1']);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(form.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s reason when it refuses', async () => {
    mockFetch(() => jsonResponse(400, { error: EXPORT_MESSAGES.range }));
    const { button, form } = renderForm();
    fireEvent.click(button());
    expect((await form.findByRole('alert')).textContent).toBe(EXPORT_MESSAGES.range);
    expect(saved).toEqual([]);
    expect(button().textContent).toBe(EXPORT_TEXTS.download);
  });

  it(`says '${EXPORT_MESSAGES.failed}' when the server fails without a reason or cannot be reached`, async () => {
    let attempt = 0;
    mockFetch(() => {
      attempt += 1;
      if (attempt === 1) return new Response('<html>Bad gateway</html>', { status: 502 });
      throw new TypeError('Failed to fetch');
    });
    const { button, form } = renderForm();
    fireEvent.click(button());
    expect((await form.findByRole('alert')).textContent).toBe(EXPORT_MESSAGES.failed);
    fireEvent.click(button());
    await waitFor(() => expect(attempt).toBe(2));
    await waitFor(() => expect(button().textContent).toBe(EXPORT_TEXTS.download));
    expect(form.getByRole('alert').textContent).toBe(EXPORT_MESSAGES.failed);
    expect(saved).toEqual([]);
  });

  it('checks the days before asking, and marks the field that is wrong', async () => {
    const { calls } = mockFetch(() => csvResponse());
    const { from, to, button, form } = renderForm();
    /** Asks with these days: the field marked wrong says `message`, the other is not marked. */
    const refused = async (days: [string, string], wrong: HTMLElement, message: string) => {
      fill(from, days[0]);
      fill(to, days[1]);
      fireEvent.click(button());
      await waitFor(() => expect(description(wrong)).toBe(message));
      expect(wrong.getAttribute('aria-invalid')).toBe('true');
      expect((wrong === to ? from : to).getAttribute('aria-invalid')).toBeNull();
    };
    await refused(['2026-03-10', '2026-03-09'], to, EXPORT_MESSAGES.order);
    expect(document.activeElement).toBe(to);
    await refused(['2026-03-10', ''], to, EXPORT_MESSAGES.date);
    await refused(['', '2026-03-12'], from, EXPORT_MESSAGES.date);
    expect(calls).toEqual([]);
    // Fixed: the error goes and the file comes.
    fill(from, '2026-03-10');
    fireEvent.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(form.queryByRole('alert')).toBeNull();
    expect(from.getAttribute('aria-invalid')).toBeNull();
    expect(form.queryByText(EXPORT_MESSAGES.date)).toBeNull();
    expect(calls[0]!.url).toBe('/api/business/orders/3/export/?from=2026-03-10&to=2026-03-12');
  });

  it('stops the download when the form goes away', async () => {
    const { fn } = mockFetch(() => new Promise<Response>(() => {}));
    const { button, unmount } = renderForm();
    fireEvent.click(button());
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    const signal = fn.mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
  });
});

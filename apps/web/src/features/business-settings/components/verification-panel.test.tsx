import { VERIFICATION_CRITERIA, VERIFICATION_MESSAGES } from '@leafline/contract/verification';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/render-app';
import { renderSection } from '@/test/seller-fixtures';
import { BUSINESS_SETTINGS_TEXTS } from '../lib/business-settings-texts';
import { VerificationPanel } from './verification-panel';

afterEach(() => vi.unstubAllGlobals());

const TEXTS = BUSINESS_SETTINGS_TEXTS.verification;

const request = (status: 'pending' | 'declined' | 'approved', reason: string | null = null) => ({
  id: 4,
  status,
  materials: 'Organic cotton.',
  packaging: 'Paper.',
  certifications: '',
  document: null,
  reason,
  submitted_at: '2026-12-01T10:00:00.000Z',
  decided_at: null,
});

describe('VerificationPanel (issue 29, point 10)', () => {
  it('lists the criteria, checks the notes, sends them and then says they are being reviewed', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? jsonResponse(201, { verified: false, request: request('pending') })
        : jsonResponse(200, { verified: false, request: null }),
    );
    renderSection(<VerificationPanel businessId={3} />);
    for (const criterion of VERIFICATION_CRITERIA) expect(screen.getByText(criterion)).toBeTruthy();
    const send = await screen.findByRole('button', { name: TEXTS.send });
    fireEvent.click(send);
    expect(await screen.findByText(VERIFICATION_MESSAGES.materials)).toBeTruthy();
    expect(screen.getByText(VERIFICATION_MESSAGES.packaging)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fill(screen.getByLabelText(/^Materials/), 'Organic cotton.');
    fill(screen.getByLabelText(/^Packaging and shipping/), 'Paper.');
    fireEvent.click(send);
    expect(await screen.findByTestId('verification-state')).toBeTruthy();
    expect(screen.getByTestId('verification-state').textContent).toBe(
      TEXTS.pending(new Date('2026-12-01T10:00:00.000Z').toLocaleDateString()),
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/business/verification/3/');
    const form = post.body as FormData;
    expect([...form.keys()]).toEqual(['materials', 'packaging', 'certifications']);
    expect(screen.queryByRole('button', { name: TEXTS.send })).toBeNull();
  });

  it('shows a decline’s reason with the form to send new notes; verified shows no form', async () => {
    mockFetch(() =>
      jsonResponse(200, { verified: false, request: request('declined', 'Send the GOTS number.') }),
    );
    const { unmount } = renderSection(<VerificationPanel businessId={3} />);
    expect((await screen.findByTestId('verification-state')).textContent).toBe(
      TEXTS.declined('Send the GOTS number.'),
    );
    expect(screen.getByRole('button', { name: TEXTS.send })).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    mockFetch(() => jsonResponse(200, { verified: true, request: request('approved') }));
    renderSection(<VerificationPanel businessId={3} />);
    await waitFor(() =>
      expect(screen.getByTestId('verification-state').textContent).toBe(TEXTS.verified),
    );
    expect(screen.queryByRole('button', { name: TEXTS.send })).toBeNull();
  });
});

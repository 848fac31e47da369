import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FreeShippingBanner, freeShippingAmount } from './free-shipping-banner';

describe('FreeShippingBanner', () => {
  it('derives $75 from the threshold in cents', () => {
    expect(freeShippingAmount()).toBe('$75');
  });

  it('promotes free shipping from $75', () => {
    const { container } = render(<FreeShippingBanner />);
    expect(screen.getByText('Free shipping on orders of $75 and over')).toBeTruthy();
    expect(container.textContent).toContain('mix and match across brands');
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('may wrap only before the @ and each dot, and reads as the address itself', () => {
    const { container } = render(
      <a href="mailto:robin.fern@studio.fernwood.example">
        <EmailText email="robin.fern@studio.fernwood.example" />
      </a>,
    );
    const link = container.querySelector('a')!;
    expect(link.textContent).toBe('robin.fern@studio.fernwood.example');
    // Where a line may break: just before '.fern', '@studio', '.fernwood', '.example'.
    const breaks = [...link.childNodes].flatMap((node, i, all) =>
      node.nodeName === 'WBR' ? [all[i + 1]?.textContent] : [],
    );
    expect(breaks).toEqual(['.fern', '@studio', '.fernwood', '.example']);
    // Nowhere else: each part keeps together, hyphens included.
    for (const part of link.querySelectorAll('span')) {
      expect(part.className).toContain('whitespace-nowrap');
    }
  });

  it('leaves an address without those marks as one piece', () => {
    const { container } = render(<EmailText email="nobody" />);
    expect(container.textContent).toBe('nobody');
    expect(container.querySelector('wbr')).toBeNull();
  });
});

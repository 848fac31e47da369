import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerifiedBadge } from './verified-badge';

function setup() {
  render(
    <div>
      <VerifiedBadge />
      <p>Outside</p>
    </div>,
  );
  const badge = screen.getByRole('button', { name: /Verified/ });
  const tooltip = document.getElementById(badge.getAttribute('aria-describedby') ?? '')!;
  const isOpen = () => tooltip.className.includes('visible opacity-100');
  return { badge, isOpen };
}

/** What a phone sends for one tap: pointer and mouse events, focus, then the click. */
function tap(element: HTMLElement) {
  fireEvent.pointerOver(element, { pointerType: 'touch' });
  fireEvent.pointerEnter(element, { pointerType: 'touch' });
  fireEvent.pointerDown(element, { pointerType: 'touch' });
  fireEvent.mouseOver(element);
  fireEvent.mouseDown(element);
  act(() => element.focus());
  fireEvent.pointerUp(element, { pointerType: 'touch' });
  fireEvent.mouseUp(element);
  fireEvent.click(element);
}

describe('VerifiedBadge', () => {
  it('opens on a tap and closes on a second tap', () => {
    const { badge, isOpen } = setup();
    expect(isOpen()).toBe(false);
    tap(badge);
    expect(isOpen()).toBe(true);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    tap(badge);
    expect(isOpen()).toBe(false);
  });

  it('closes on a tap outside and on Escape', () => {
    const { badge, isOpen } = setup();
    tap(badge);
    fireEvent.pointerDown(screen.getByText('Outside'), { pointerType: 'touch' });
    expect(isOpen()).toBe(false);
    tap(badge);
    expect(isOpen()).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(isOpen()).toBe(false);
  });

  it('opens on keyboard focus, closes on Escape and when focus leaves', () => {
    const { badge, isOpen } = setup();
    act(() => badge.focus());
    expect(isOpen()).toBe(true);
    fireEvent.keyDown(badge, { key: 'Escape' });
    expect(isOpen()).toBe(false);
    act(() => badge.blur());
    act(() => badge.focus());
    expect(isOpen()).toBe(true);
    act(() => badge.blur());
    expect(isOpen()).toBe(false);
  });

  it('shows while a mouse hovers, and a click keeps it open until a second click', () => {
    const { badge, isOpen } = setup();
    fireEvent.pointerEnter(badge, { pointerType: 'mouse' });
    expect(isOpen()).toBe(true);
    fireEvent.pointerLeave(badge, { pointerType: 'mouse' });
    expect(isOpen()).toBe(false);
    fireEvent.pointerEnter(badge, { pointerType: 'mouse' });
    fireEvent.pointerDown(badge, { pointerType: 'mouse' });
    act(() => badge.focus());
    fireEvent.click(badge);
    fireEvent.pointerLeave(badge, { pointerType: 'mouse' });
    expect(isOpen()).toBe(true);
    fireEvent.click(badge);
    expect(isOpen()).toBe(false);
  });
});

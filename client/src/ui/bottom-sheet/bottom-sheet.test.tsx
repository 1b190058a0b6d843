import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';

function swipe(el: HTMLElement, from: number, to: number) {
  fireEvent.pointerDown(el, { clientY: from, pointerId: 1 });
  fireEvent.pointerMove(el, { clientY: to, pointerId: 1 });
  fireEvent.pointerUp(el, { clientY: to, pointerId: 1 });
}

describe('BottomSheet', () => {
  it('closes on a downward swipe longer than 100 px', () => {
    const onClose = vi.fn();
    render(
      <BottomSheet open onClose={onClose} title="Details">
        <p>About</p>
      </BottomSheet>,
    );
    swipe(screen.getByRole('dialog', { name: 'Details' }), 200, 301);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open after a shorter swipe and locks scroll while open', () => {
    const onClose = vi.fn();
    render(
      <BottomSheet open onClose={onClose} title="Details">
        <p>About</p>
      </BottomSheet>,
    );
    swipe(screen.getByRole('dialog'), 200, 300);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<BottomSheet open onClose={onClose} title="Details" />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

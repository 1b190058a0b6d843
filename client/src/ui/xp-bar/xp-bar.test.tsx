import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { XP_BAR_DELAY_MS } from '@tapquest/shared';
import { XpBar } from './xp-bar';

describe('XpBar', () => {
  it(`fills to its share ${XP_BAR_DELAY_MS} ms after it appears`, () => {
    vi.useFakeTimers();
    render(<XpBar current={40} required={200} />);
    const bar = screen.getByRole('progressbar', { name: 'Experience' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemax', '200');
    expect(screen.getByTestId('xp-fill')).toHaveStyle({ width: '0%' });
    act(() => vi.advanceTimersByTime(XP_BAR_DELAY_MS - 1));
    expect(screen.getByTestId('xp-fill')).toHaveStyle({ width: '0%' });
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('xp-fill')).toHaveStyle({ width: '20%' });
    expect(screen.getByText('40').parentElement).toHaveTextContent('40 / 200 XP');
  });

  it('never overflows, whatever the numbers', () => {
    vi.useFakeTimers();
    render(<XpBar current={500} required={0} />);
    act(() => vi.advanceTimersByTime(XP_BAR_DELAY_MS));
    expect(screen.getByTestId('xp-fill')).toHaveStyle({ width: '100%' });
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_MAX } from '@tapquest/shared';
import { toast } from './toast';
import { AppToaster } from './toaster';

describe('AppToaster', () => {
  it(`shows at most ${TOAST_MAX} toasts at once`, () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 0; i < TOAST_MAX + 5; i++) toast(`Toast ${i}`);
    });
    expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(TOAST_MAX);
    expect(screen.getByText(`Toast ${TOAST_MAX + 4}`)).toBeInTheDocument();
  });

  it('keeps success for 2 s and errors for 4 s', () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    // A dismissed toast leaves the page after its 1 s exit.
    const advance = (ms: number) => {
      for (let t = 0; t < ms; t += 100) act(() => vi.advanceTimersByTime(100));
    };
    advance(3200);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    advance(2000);
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });
});

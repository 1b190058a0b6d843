import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressIndicator } from './progress-indicator';

describe('ProgressIndicator', () => {
  it('has no value while indeterminate and a default max of 100', () => {
    render(<ProgressIndicator state="indeterminate" label="Loading" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('reports the value while loading and the max when complete', () => {
    const { rerender } = render(<ProgressIndicator state="loading" value={40} label="Upload" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    rerender(<ProgressIndicator state="complete" label="Upload" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'complete');
  });
});

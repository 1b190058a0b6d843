import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Collapsible } from './collapsible';

describe('Collapsible', () => {
  it('folds its body away under a header button that says whether it is open', async () => {
    render(
      <Collapsible title="Tasks" aside="1 of 2">
        <p>Tap your gear</p>
      </Collapsible>,
    );
    const header = screen.getByRole('button', { name: /Tasks/ });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(header).toHaveTextContent('1 of 2');
    expect(screen.queryByText('Tap your gear')).not.toBeVisible();
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Tap your gear')).toBeVisible();
  });
});

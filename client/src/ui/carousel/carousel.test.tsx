import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, name: `Badge ${i}` }));

describe('Carousel', () => {
  it("shows ten items, then '+N more'", async () => {
    const onShowMore = vi.fn();
    render(
      <Carousel items={items(14)} label="Badges" getKey={(b) => b.id} renderItem={(b) => <span>{b.name}</span>} onShowMore={onShowMore} />,
    );
    const list = screen.getByRole('list', { name: 'Badges' });
    expect(within(list).getByText('Badge 9')).toBeInTheDocument();
    expect(within(list).queryByText('Badge 10')).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: '+4 more' }));
    expect(onShowMore).toHaveBeenCalledOnce();
  });

  it('shows everything with no tile when ten or fewer', () => {
    render(<Carousel items={items(10)} label="Badges" getKey={(b) => b.id} renderItem={(b) => <span>{b.name}</span>} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('shows the empty text when there is nothing', () => {
    render(<Carousel items={[]} label="Badges" getKey={(b: { id: string }) => b.id} renderItem={() => null} empty="No badges yet" />);
    expect(screen.getByText('No badges yet')).toBeInTheDocument();
  });
});

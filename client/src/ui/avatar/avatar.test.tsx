import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import defaultAvatar from '../assets/default-avatar.svg';
import { Avatar, ProfilePicture } from './avatar';

const badge = (id: string) => ({ id, src: `/api/assets/${id}.png`, name: `Badge ${id}` });

describe('Avatar', () => {
  it("pads the badge row to three slots with 'Ghost badge' placeholders", () => {
    render(<Avatar picture="/me.png" name="ada" badges={[badge('a')]} />);
    const row = screen.getByRole('list', { name: 'Badges' });
    expect(within(row).getAllByRole('listitem')).toHaveLength(3);
    expect(within(row).getByAltText('Badge a')).toBeInTheDocument();
    expect(within(row).getAllByAltText('Ghost badge')).toHaveLength(2);
  });

  it('shows empty slots as ghosts and never more than three badges', () => {
    render(<Avatar picture={null} badges={[badge('a'), null, badge('c'), badge('d')]} />);
    const row = screen.getByRole('list', { name: 'Badges' });
    expect(within(row).getAllByRole('listitem')).toHaveLength(3);
    expect(within(row).getAllByAltText('Ghost badge')).toHaveLength(1);
    expect(within(row).queryByAltText('Badge d')).not.toBeInTheDocument();
  });

  it('shows the flair', () => {
    render(<Avatar picture="/me.png" flair={{ id: 'f', src: '/f.png', name: 'Summit' }} />);
    expect(screen.getByAltText('Flair: Summit')).toHaveAttribute('src', '/f.png');
  });

  it('falls back to the default avatar when the picture is missing or fails to load', () => {
    const { rerender } = render(<ProfilePicture src={null} alt="Profile picture" />);
    expect(screen.getByAltText('Profile picture')).toHaveAttribute('src', defaultAvatar);

    rerender(<ProfilePicture src="/broken.png" alt="Profile picture" />);
    const img = screen.getByAltText('Profile picture');
    expect(img).toHaveAttribute('src', '/broken.png');
    fireEvent.error(img);
    expect(screen.getByAltText('Profile picture')).toHaveAttribute('src', defaultAvatar);
  });
});

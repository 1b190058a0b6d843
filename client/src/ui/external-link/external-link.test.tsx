import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExternalLink } from './external-link';

describe('ExternalLink', () => {
  it("asks first and stays when the answer is 'No, I'll stay here'", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(<ExternalLink href="https://trail.example.com/routes">Trail routes</ExternalLink>);
    await userEvent.click(screen.getByRole('link', { name: 'Trail routes' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('trail.example.com');
    await userEvent.click(screen.getByRole('button', { name: "No, I'll stay here" }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens a new tab without opener or referrer on 'Yes, I understand the risks'", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    render(<ExternalLink href="ada.dev">ada.dev</ExternalLink>);
    await userEvent.click(screen.getByRole('link', { name: 'ada.dev' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I understand the risks' }));
    expect(open).toHaveBeenCalledWith('http://ada.dev', '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

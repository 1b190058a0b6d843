import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CheckIcon } from '../icons/icons';
import { Button } from './button';

describe('Button', () => {
  it('warns when it has no link, href or click handler', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Button>Save</Button>);
    expect(warn).toHaveBeenCalledWith('Button has no link, href or click handler');
  });

  it('warns when it has neither text nor an icon', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Button onClick={() => {}} aria-label="Nothing" />);
    expect(warn).toHaveBeenCalledWith('Button has neither text nor an icon');
  });

  it('is quiet with a handler and text, an icon, a link, an href or as a submit button', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <Button onClick={() => {}}>Save</Button>
        <Button onClick={() => {}} icon={<CheckIcon />} aria-label="Done" />
        <Button to="/profile">Profile</Button>
        <Button href="https://example.com">Site</Button>
        <Button type="submit">Send</Button>
      </MemoryRouter>,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Site' })).toHaveAttribute('href', 'https://example.com');
  });

  it('does nothing while disabled, loading or completed', async () => {
    const onClick = vi.fn();
    render(
      <>
        <Button onClick={onClick} disabled>
          Disabled
        </Button>
        <Button onClick={onClick} loading>
          Loading
        </Button>
        <Button onClick={onClick} completed>
          Completed
        </Button>
      </>,
    );
    for (const name of ['Disabled', 'Loading', 'Completed']) await userEvent.click(screen.getByRole('button', { name }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Disabled' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Completed' })).toHaveAttribute('data-state', 'completed');
  });

  it('carries its variant and size, and clicks through when idle', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="change" size="small" onClick={onClick}>
        Change
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Change' });
    expect(button).toHaveAttribute('data-variant', 'change');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});

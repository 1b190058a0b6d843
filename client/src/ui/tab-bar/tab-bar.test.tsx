import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabBar } from './tab-bar';

const tabs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, label: `Tab ${i}` }));

describe('TabBar', () => {
  it.each([1, 5])('warns with %i tabs', (n) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<TabBar tabs={tabs(n)} value="t0" onChange={() => {}} label="Sections" />);
    expect(warn).toHaveBeenCalledWith(`TabBar supports 2 to 4 tabs, got ${n}`);
  });

  it.each([2, 3, 4])('accepts %i tabs quietly', (n) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<TabBar tabs={tabs(n)} value="t0" onChange={() => {}} label="Sections" />);
    expect(warn).not.toHaveBeenCalled();
    expect(screen.getAllByRole('tab')).toHaveLength(n);
  });

  it('marks the selected tab and reports clicks and arrow keys', async () => {
    const onChange = vi.fn();
    render(<TabBar tabs={tabs(3)} value="t1" onChange={onChange} label="Sections" />);
    expect(screen.getByRole('tab', { name: 'Tab 1' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Tab 2' }));
    expect(onChange).toHaveBeenLastCalledWith('t2');
    screen.getByRole('tab', { name: 'Tab 1' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('t0');
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistryTypePie } from './registry-type-pie';
import { categories } from './sample-analytics';

// jsdom lays nothing out; the chart's sizer measures its box, so the box is given a size here.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 240,
    bottom: 200,
    width: 240,
    height: 200,
    toJSON: () => ({}),
  } as DOMRect);
});
afterEach(() => vi.restoreAllMocks());

const slices = (container: HTMLElement) => [...container.querySelectorAll('svg text')].map((t) => t.textContent);

describe('REGISTRY TYPE pie', () => {
  it('labels the slices of 45 degrees or more, and names every type in the legend', () => {
    const { container } = render(<RegistryTypePie data={categories} />);
    // EMAIL 52% (187°) and SOCIALS 38% (137°) carry labels; WALLET 10% (36°) does not.
    expect(slices(container)).toEqual(['52%', '38%']);
    expect(screen.getByText('WALLET')).toBeInTheDocument();
    expect(screen.getByText('90 · 10%')).toBeInTheDocument();
  });

  it('labels a slice of exactly 45 degrees (one eighth)', () => {
    const { container } = render(
      <RegistryTypePie
        data={[
          { id: 'EMAIL', value: 7, label: 'EMAIL' },
          { id: 'WALLET', value: 1, label: 'WALLET' },
        ]}
      />,
    );
    expect(slices(container)).toEqual(['88%', '13%']);
  });

  it('paints EMAIL, SOCIALS and WALLET yellow, orange and silver', () => {
    const { container } = render(<RegistryTypePie data={categories} />);
    const fills = [...container.querySelectorAll('svg path')].map((p) => p.getAttribute('fill')?.toUpperCase());
    expect(fills).toEqual(['#FFD400', '#FF8A00', '#C9CED8']);
  });
});

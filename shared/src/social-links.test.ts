import { describe, expect, it } from 'vitest';
import { displayLink, handleFromUrl, linkLabel, normaliseLink, socialUrl } from './social-links.js';

describe('social links', () => {
  it.each(['alice', '@alice', 'https://instagram.com/alice', 'instagram.com/alice/', 'https://instagram.com/alice?hl=en'])(
    'builds the instagram URL from %s',
    (typed) => expect(socialUrl('instagram', typed)).toBe('https://instagram.com/alice'),
  );
  it('keeps blank as blank and refuses junk', () => {
    expect(socialUrl('twitter', '  ')).toBe('');
    expect(socialUrl('twitter', 'not a handle!')).toBeNull();
  });
  it('shows the last path segment of a stored URL', () => {
    expect(handleFromUrl('https://x.com/bob_1')).toBe('bob_1');
  });
  it('adds https to bare links and refuses script schemes', () => {
    expect(normaliseLink('tapquest.dev/gear')).toBe('https://tapquest.dev/gear');
    expect(normaliseLink('javascript:alert(1)')).toBeNull();
    expect(normaliseLink('data:text/html,hi')).toBeNull();
    expect(normaliseLink('')).toBe('');
  });
  it('prefixes http:// for display only when missing', () => {
    expect(displayLink('example.com')).toBe('http://example.com');
    expect(displayLink('https://example.com')).toBe('https://example.com');
    expect(displayLink('HTTP://example.com')).toBe('HTTP://example.com');
  });
});

describe('linkLabel', () => {
  it('drops the scheme and a trailing slash', () => {
    expect(linkLabel('https://demo-tapper.example/')).toBe('demo-tapper.example');
    expect(linkLabel('summit-supply.example/crew/demo')).toBe('summit-supply.example/crew/demo');
  });
});

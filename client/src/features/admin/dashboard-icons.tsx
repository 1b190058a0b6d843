import type { ReactNode, SVGProps } from 'react';

// The dashboard's tile and card pictures, drawn like the design system's icons (24 px grid,
// currentColor strokes). Decorative: every tile and card names itself in text.

function Glyph({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const NewsGlyph = () => (
  <Glyph>
    <rect x="3" y="4" width="14" height="16" rx="2" />
    <path d="M17 8h2a2 2 0 0 1 2 2v8a2 2 0 0 1-4 0M7 8h6M7 12h6M7 16h4" />
  </Glyph>
);

export const MediaGlyph = () => (
  <Glyph>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </Glyph>
);

export const BadgeGlyph = () => (
  <Glyph>
    <circle cx="12" cy="9" r="6" />
    <path d="m8.5 13.8-1.5 7.2 5-3 5 3-1.5-7.2" />
  </Glyph>
);

export const RewardGlyph = () => (
  <Glyph>
    <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7" />
    <path d="M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" />
  </Glyph>
);

export const BannerGlyph = () => (
  <Glyph>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <path d="m2 15 5-4 4 3 4-5 7 6" />
  </Glyph>
);

export const FolderGlyph = () => (
  <Glyph>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Glyph>
);

export const TapGlyph = () => (
  <Glyph>
    <path d="M9 11V5a2 2 0 1 1 4 0v5l4.2.9a2 2 0 0 1 1.6 2.2L18 20H9l-3.5-5a1.8 1.8 0 0 1 2.9-2.1L9 14" />
    <path d="M5 4.5a6 6 0 0 1 2-1.8M17 4.5a6 6 0 0 0-2-1.8" />
  </Glyph>
);

export const EventGlyph = () => (
  <Glyph>
    <rect x="3" y="4" width="18" height="17" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18M12 13.5l1 2 2.2.3-1.6 1.5.4 2.2-2-1-2 1 .4-2.2-1.6-1.5 2.2-.3z" />
  </Glyph>
);

export const SocialGlyph = () => (
  <Glyph>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Glyph>
);

import type { BrandCard, BrandHub } from '@tapquest/shared';
import { getMyBrand, getMyBrands } from '../../lib/api';

// The brand list and one brand's hub as query definitions; a failed answer keeps its status, so
// the screen can tell a refusal (4xx: 'Failed to load brand information') from anything else.

export class BrandLoadError extends Error {
  constructor(readonly status: number) {
    super(`brand load failed with HTTP ${status}`);
  }
}

export const brandsKey = (token: string | null) => ['my', 'brands', token] as const;
export const brandHubKey = (brandId: string, token: string | null) => ['my', 'brands', token, brandId] as const;

export function brandsQuery(token: string | null) {
  return {
    queryKey: brandsKey(token),
    queryFn: async (): Promise<BrandCard[]> => {
      const res = await getMyBrands(token);
      if (!res.ok) throw new BrandLoadError(res.status);
      return res.json();
    },
  };
}

export function brandHubQuery(brandId: string, token: string | null) {
  return {
    queryKey: brandHubKey(brandId, token),
    queryFn: async (): Promise<BrandHub> => {
      const res = await getMyBrand(brandId, token);
      if (!res.ok) throw new BrandLoadError(res.status);
      return res.json();
    },
  };
}

/** SPEC section 8: the brand hub's two load errors. */
export function brandLoadMessage(error: unknown): string {
  return error instanceof BrandLoadError && error.status >= 400 && error.status < 500
    ? 'Failed to load brand information'
    : 'An unexpected error occurred';
}

import type { QueryClient } from '@tanstack/react-query';
import type { Asset, Device } from '@tapquest/shared';
import { getMyAssets, getMyDevices } from '../api';

// The signed-in user's gear, shared by the screens that show it and the claim that adds to it:
// a claim invalidates these keys so new gear appears without a reload. The /profile route fetches
// them alongside the profile; the screen that mounts a moment later reuses that answer.

const GEAR_STALE_MS = 30_000;

export const MY_DEVICES_QUERY = ['my', 'devices'] as const;
export const MY_ASSETS_QUERY = ['my', 'assets'] as const;

export class GearLoadError extends Error {
  constructor(readonly status: number) {
    super(`gear load failed with HTTP ${status}`);
  }
}

export function myDevicesQuery(token: string | null) {
  return {
    queryKey: [...MY_DEVICES_QUERY, token] as const,
    queryFn: async (): Promise<Device[]> => {
      const res = await getMyDevices(token);
      if (!res.ok) throw new GearLoadError(res.status);
      return res.json();
    },
    staleTime: GEAR_STALE_MS,
  };
}

export function myAssetsQuery(token: string | null) {
  return {
    queryKey: [...MY_ASSETS_QUERY, token] as const,
    queryFn: async (): Promise<Asset[]> => {
      const res = await getMyAssets(token);
      if (!res.ok) throw new GearLoadError(res.status);
      return res.json();
    },
    staleTime: GEAR_STALE_MS,
  };
}

/** Starts loading the gear for a screen about to show it; failures surface in that screen's own query. */
export function prefetchMyGear(queryClient: QueryClient, token: string | null): void {
  if (!token) return;
  void queryClient.prefetchQuery(myDevicesQuery(token));
  void queryClient.prefetchQuery(myAssetsQuery(token));
}

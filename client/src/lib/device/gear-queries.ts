import type { QueryClient } from '@tanstack/react-query';
import type { Asset, Device } from '@tapquest/shared';
import { getMyAssets, getMyDevices, type ApiResponse } from '../api';

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

function ownGearQuery<T>(key: readonly string[], load: (token: string | null) => Promise<ApiResponse<T>>, token: string | null) {
  return {
    queryKey: [...key, token] as const,
    queryFn: async (): Promise<T> => {
      const res = await load(token);
      if (!res.ok) throw new GearLoadError(res.status);
      return res.json();
    },
    staleTime: GEAR_STALE_MS,
  };
}

export const myDevicesQuery = (token: string | null) => ownGearQuery<Device[]>(MY_DEVICES_QUERY, getMyDevices, token);
export const myAssetsQuery = (token: string | null) => ownGearQuery<Asset[]>(MY_ASSETS_QUERY, getMyAssets, token);

/** Starts loading the gear for a screen about to show it; failures surface in that screen's own query. */
export function prefetchMyGear(queryClient: QueryClient, token: string | null): void {
  if (!token) return;
  void queryClient.prefetchQuery(myDevicesQuery(token));
  void queryClient.prefetchQuery(myAssetsQuery(token));
}

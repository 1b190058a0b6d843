import type { Asset, Device } from '@tapquest/shared';
import { getMyAssets, getMyDevices } from '../api';

// The signed-in user's gear, shared by the screens that show it and the claim that adds to it:
// a claim invalidates these keys so new gear appears without a reload.

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
  };
}

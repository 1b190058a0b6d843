import type { Device, PublicProfile } from '@tapquest/shared';
import { getDevicesOf, getPublicProfile } from '../../lib/api';

// Someone's public profile and gear (SPEC section 6: no token needed). An unknown name is an
// answer, not a failure: the screen says so instead of showing the error page.

export class ProfileNotFound extends Error {
  constructor(readonly username: string) {
    super(`no profile called ${username}`);
  }
}

export function publicProfileQuery(username: string) {
  return {
    queryKey: ['profiles', username] as const,
    queryFn: async (): Promise<PublicProfile> => {
      const res = await getPublicProfile(username);
      if (res.status === 404) throw new ProfileNotFound(username);
      if (!res.ok) throw new Error(`profile load failed with HTTP ${res.status}`);
      return res.json();
    },
    retry: false,
  };
}

export function publicDevicesQuery(username: string) {
  return {
    queryKey: ['devices', username] as const,
    queryFn: async (): Promise<Device[]> => {
      const res = await getDevicesOf(username);
      if (!res.ok) throw new Error(`gear load failed with HTTP ${res.status}`);
      return res.json();
    },
  };
}

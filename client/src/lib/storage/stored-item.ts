import { LOCAL_KEYS, SESSION_KEYS } from './storage-keys';

// Storage access can throw (Safari private mode, storage disabled by policy); the app then
// behaves as if nothing was stored instead of failing to start.

export interface StoredItem {
  read(): string | null;
  write(value: string): void;
  remove(): void;
}

function storedItem(area: () => Storage, key: string): StoredItem {
  return {
    read() {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        area().setItem(key, value);
      } catch {}
    },
    remove() {
      try {
        area().removeItem(key);
      } catch {}
    },
  };
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

export const jwtItem = storedItem(local, LOCAL_KEYS.jwt);
export const installStatusItem = storedItem(local, LOCAL_KEYS.installStatus);
export const pushStatusItem = storedItem(local, LOCAL_KEYS.pushStatus);
export const deviceDomainItem = storedItem(session, SESSION_KEYS.deviceDomain);
export const deviceTokenItem = storedItem(session, SESSION_KEYS.deviceToken);
export const lastCheckinDayItem = storedItem(local, LOCAL_KEYS.lastCheckinDay);
export const rewardDismissedDayItem = storedItem(session, SESSION_KEYS.rewardDismissedDay);

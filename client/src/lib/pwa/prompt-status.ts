import { installStatusItem, pushStatusItem } from '../storage/stored-item';

// Install and push status (SPEC section 4): pending once asked, then the person's answer, kept in
// local storage. Anything else found there (an older build, a hand edit) reads as never asked.

export type InstallStatus = 'pending' | 'accepted' | 'dismissed';
export type PushStatus = 'pending' | 'granted' | 'denied';

const INSTALL: readonly InstallStatus[] = ['pending', 'accepted', 'dismissed'];
const PUSH: readonly PushStatus[] = ['pending', 'granted', 'denied'];

export const installStatus = {
  read: (): InstallStatus | null => {
    const value = installStatusItem.read();
    return INSTALL.includes(value as InstallStatus) ? (value as InstallStatus) : null;
  },
  write: (status: InstallStatus) => installStatusItem.write(status),
};

export const pushStatus = {
  read: (): PushStatus | null => {
    const value = pushStatusItem.read();
    return PUSH.includes(value as PushStatus) ? (value as PushStatus) : null;
  },
  write: (status: PushStatus) => pushStatusItem.write(status),
};

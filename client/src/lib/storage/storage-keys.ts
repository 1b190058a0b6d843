// Every key the client keeps in the browser, in one place (SPEC section 3, Storage).
// Local storage survives restarts; session storage lives as long as the tab that a gear tap opened.
export const LOCAL_KEYS = {
  jwt: 'jwt',
  installStatus: 'install-status',
  pushStatus: 'push-status',
  /** The local calendar day (localDayKey) of the last daily check-in made on this device. */
  lastCheckinDay: 'last-checkin-day',
} as const;

export const SESSION_KEYS = {
  deviceDomain: 'device-domain',
  deviceToken: 'device-token',
  /** The local day the daily reward was put off in this tab: it is not offered again that day. */
  rewardDismissedDay: 'daily-reward-dismissed',
} as const;

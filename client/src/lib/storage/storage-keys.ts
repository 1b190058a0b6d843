// Every key the client keeps in the browser, in one place (SPEC section 3, Storage).
// Local storage survives restarts; session storage lives as long as the tab that a gear tap opened.
export const LOCAL_KEYS = {
  jwt: 'jwt',
  installStatus: 'install-status',
  pushStatus: 'push-status',
} as const;

export const SESSION_KEYS = {
  deviceDomain: 'device-domain',
  deviceToken: 'device-token',
} as const;

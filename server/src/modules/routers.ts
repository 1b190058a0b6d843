import type { RouterFactory } from '../app.js';
import { accountsRouter } from './accounts/accounts.routes.js';
import { federatedRouter } from './federated/federated.routes.js';

// Every API router, mounted under /api in this order. One line per module.
export const apiRouters: RouterFactory[] = [accountsRouter, federatedRouter];

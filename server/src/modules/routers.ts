import type { RouterFactory } from '../app.js';
import { accountsRouter } from './accounts/accounts.routes.js';
import { federatedRouter } from './federated/federated.routes.js';
import { gearRouter } from './gear/gear.routes.js';
import { scanEventsRouter } from './gear/scan-events.routes.js';
import { brandsRouter } from './brands/brands.routes.js';
import { questsRouter } from './quests/quests.routes.js';
import { seedAssetsRouter } from '../seed/seed-assets.routes.js';

// Every API router, mounted under /api in this order. One line per module.
export const apiRouters: RouterFactory[] = [accountsRouter, federatedRouter, gearRouter, scanEventsRouter, brandsRouter, questsRouter, seedAssetsRouter];

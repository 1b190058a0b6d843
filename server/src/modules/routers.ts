import type { RouterFactory } from '../app.js';
import { accountsRouter } from './accounts/accounts.routes.js';
import { federatedRouter } from './federated/federated.routes.js';
import { gearRouter } from './gear/gear.routes.js';
import { scanEventsRouter } from './gear/scan-events.routes.js';
import { brandsRouter } from './brands/brands.routes.js';
import { questsRouter } from './quests/quests.routes.js';
import { seedAssetsRouter } from '../seed/seed-assets.routes.js';
import { noticesRouter } from './notices/notices.routes.js';
import { pushRouter } from './push/push.routes.js';
import { adminUsersRouter } from './admin/admin-users.routes.js';
import { profilesRouter } from './profiles/profiles.routes.js';
import { progressionRouter } from './progression/progression.routes.js';
import { adminRouter } from './admin/admin.routes.js';
import { mediaRouter } from './media/media.routes.js';

// Every API router, mounted under /api in this order. One line per module.
export const apiRouters: RouterFactory[] = [accountsRouter, profilesRouter, progressionRouter, mediaRouter, adminRouter, federatedRouter, gearRouter, scanEventsRouter, brandsRouter, questsRouter, seedAssetsRouter, noticesRouter, pushRouter, adminUsersRouter];

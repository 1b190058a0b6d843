import { resetGearForUser } from '../gear/gear.service.js';
import { resetNoticesForUser } from '../notices/notices.service.js';
import { resetQuestProgressForUser } from '../quests/quests.service.js';
import { registerProgressReset } from './progress-reset.js';

// Transitional: gear, quests and notices wrote their resets before the registry existed. Until each
// calls registerProgressReset itself (under these same names, which then simply replace these),
// admin registers them here so Reset Profile keeps clearing them. Delete this file once they do.
registerProgressReset('gear', resetGearForUser);
registerProgressReset('quests', resetQuestProgressForUser);
registerProgressReset('notices', resetNoticesForUser);

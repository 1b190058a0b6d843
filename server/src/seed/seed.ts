import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import { usernameKey } from '@tapquest/shared';
import type { AppDeps } from '../app.js';
import type { Config } from '../config.js';
import type { Logger } from '../platform/logger.js';
import { hashPassword } from '../modules/accounts/password.js';
import { User } from '../modules/accounts/user.model.js';
import { Brand, Follow, Membership } from '../modules/brands/brand.model.js';
import { Post } from '../modules/brands/post.model.js';
import { GearItem, GearModel } from '../modules/gear/gear.model.js';
import { createGearModel, mintGearItems } from '../modules/gear/gear.service.js';
import { Award, UserAward } from '../modules/progression/award.model.js';
import { Quest, QuestCompletion, TaskProgress } from '../modules/quests/quest.model.js';
import { publishQuest, type QuestInput } from '../modules/quests/quests.service.js';
import { SEED_ASSETS_DIR, SEED_ASSETS_PATH } from './seed-assets.routes.js';

// Demo data: brands with feeds, gear with known tap tokens, quests in every state, the award
// catalogue and three accounts. Idempotent: every document is written only when it is missing,
// and what belongs to a demo account (claimed gear, awards, memberships, progress) only in the run
// that creates the account, so a second run changes nothing, even after people have used the app.
// Demo tap tokens are deterministic (demo-<model>-<number>) so they can be printed and typed;
// real gear gets random tokens from mintGearItems.

/** The demo password, printed at start. A production database gets random passwords instead. */
export const DEMO_PASSWORD = 'tapquest-demo';

const manifest: Record<string, string> = JSON.parse(readFileSync(path.join(SEED_ASSETS_DIR, 'manifest.json'), 'utf8'));

/**
 * Image URLs are root-relative (/api/seed-assets/...): the stored data does not pin the server's
 * address, so a demo database keeps working on another port or host, behind the dev proxy and in
 * the E2E run (PORT=0). The client shows paths starting with '/' as they are.
 */
function assetUrl(name: string): string {
  const file = manifest[name];
  if (!file) throw new Error(`seed image ${name} is missing: run npx tsx server/src/seed/make-images.ts`);
  return `${SEED_ASSETS_PATH}/${file}`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const FLAIRS: [id: string, name: string, description: string][] = [
  ['flair-spark', 'Spark', 'For the first spark of something new.'],
  ['flair-ember', 'Ember', 'Kept the fire going through a long streak.'],
  ['flair-peak', 'Peak', 'Reached the top of a Summit quest.'],
  ['flair-tide', 'Tide', 'Rides with the Harbor crew.'],
  ['flair-nightowl', 'Night Owl', 'Ran when the city was asleep.'],
  ['flair-sunrise', 'Sunrise', 'Was there at first light.'],
  ['flair-royal', 'Royal', 'Among the very first members.'],
  ['flair-gem', 'Gem', 'Owns a rare piece of gear.'],
  ['flair-kind', 'Kind Heart', 'Helped someone else finish a quest.'],
  ['flair-guardian', 'Guardian', 'Looks after the community.'],
  ['flair-trail', 'Trail', 'Explored every trail on the map.'],
  ['flair-star', 'Star', 'Stood out in a community event.'],
];

const BADGES: [id: string, name: string, description: string][] = [
  ['badge-first-tap', 'First Tap', 'Claimed a first piece of gear.'],
  ['badge-collector', 'Collector', 'Claimed gear from three brands.'],
  ['badge-summiteer', 'Summiteer', 'Completed a Summit Supply quest.'],
  ['badge-streak-5', 'Five-Day Streak', 'Checked in five days in a row.'],
  ['badge-night-runner', 'Night Runner', 'Ran with the Neon Run Club.'],
  ['badge-wave-rider', 'Wave Rider', 'Skated with Harbor Skate Works.'],
  ['badge-pathfinder', 'Pathfinder', 'Found a hidden tag.'],
  ['badge-bullseye', 'Bullseye', 'Finished a quest on its first day.'],
  ['badge-launch', 'Launch Crew', 'Was there for launch week.'],
  ['badge-champion', 'Champion', 'Topped a quest leaderboard.'],
  ['badge-early-bird', 'Early Bird', 'Joined an in-person quest at sunrise.'],
  ['badge-defender', 'Defender', 'Reported a problem and helped fix it.'],
];

interface BrandSeed {
  id: string;
  name: string;
  description: string;
  posts: { author: string; content: string; image: string | null; ageMs: number }[];
}

const BRANDS: BrandSeed[] = [
  {
    id: '1',
    name: 'Summit Supply Co.',
    description:
      'Technical outdoor gear for people who would rather be up a mountain. Tap your Summit gear to join quests on and off the trail.',
    posts: [
      {
        author: 'Maya at Summit',
        content:
          'Trail report: the north ridge route is open again after the storm, and it is glorious up there.\n\nConditions, parking and the updated map are at https://summit-supply.example/trail-report before you go.',
        image: 'post-summit-trail',
        ageMs: 2 * HOUR,
      },
      {
        author: 'Summit Supply Co.',
        content:
          'Drop 02 is here: the Trail Hoodie in deep navy, a numbered run of 50, each with its own tag.\n\nSizing notes live at https://summit-supply.example/drop-02 and the First Tap quest is on now.',
        image: 'post-summit-drop',
        ageMs: 3 * DAY,
      },
      {
        author: 'Summit Supply Co.',
        content:
          'Welcome to the Summit community! Tap your gear, check in daily and collect flairs on the way up.\n\nRead the community guidelines at https://summit-supply.example/community.',
        image: null,
        ageMs: 12 * DAY,
      },
    ],
  },
  {
    id: '2',
    name: 'Neon Run Club',
    description: 'A city running crew that comes alive after dark. Reflective caps, glowing bands and weekly night runs.',
    posts: [
      {
        author: 'Coach Dre',
        content:
          'Thursday crew run: 8 km along the river, all paces welcome, lights on.\n\nThe route and meeting point are at https://neon-run.example/thursday.',
        image: 'post-neon-crew',
        ageMs: 20 * HOUR,
      },
      {
        author: 'Neon Run Club',
        content:
          'The Night Run Series starts soon. Tap your cap or band at each run to count it.\n\nFull calendar: https://neon-run.example/series',
        image: null,
        ageMs: 6 * DAY,
      },
    ],
  },
  {
    id: '3',
    name: 'Harbor Skate Works',
    description: 'Hand-pressed decks from a small shop by the water. Every deck is numbered and tagged.',
    posts: [
      {
        author: 'Harbor Skate Works',
        content:
          'The harbour park bowl got a fresh coat and it is fast. Come skate it with us on Saturday.\n\nDirections and session times: https://harbor-skate.example/park',
        image: 'post-harbor-park',
        ageMs: 4 * DAY,
      },
      {
        author: 'Harbor Skate Works',
        content:
          'Deck run 03 is pressed: 25 decks, each with a tag in the tail.\n\nThe story of the press: https://harbor-skate.example/press',
        image: null,
        ageMs: 40 * DAY,
      },
    ],
  },
];

interface GearSeed {
  id: string;
  brandId: string;
  name: string;
  description: string;
  type: string;
  run: number;
  claimXp: number;
  claimAwardIds: string[];
}

const GEAR: GearSeed[] = [
  {
    id: 'tq-hoodie',
    brandId: '1',
    name: 'Summit Trail Hoodie',
    description: 'Midweight hoodie with a tag in the cuff.',
    type: 'Limited',
    run: 50,
    claimXp: 50,
    claimAwardIds: ['badge-first-tap'],
  },
  {
    id: 'tq-wristband',
    brandId: '1',
    name: 'Summit Wristband',
    description: 'Silicone band with an NFC tag, made for the trail.',
    type: 'Open',
    run: 100,
    claimXp: 40,
    claimAwardIds: ['badge-first-tap'],
  },
  {
    id: 'neon-cap',
    brandId: '2',
    name: 'Neon Reflective Cap',
    description: 'Light running cap with reflective panels.',
    type: 'Limited',
    run: 30,
    claimXp: 50,
    claimAwardIds: ['flair-spark'],
  },
  {
    id: 'neon-wristband',
    brandId: '2',
    name: 'Neon Glow Band',
    description: 'Glow-in-the-dark band for night runs.',
    type: 'Open',
    run: 60,
    claimXp: 40,
    claimAwardIds: ['badge-night-runner'],
  },
  {
    id: 'harbor-deck',
    brandId: '3',
    name: 'Harbor Deck 03',
    description: 'Seven-ply maple deck, hand pressed and numbered.',
    type: 'Numbered',
    run: 25,
    claimXp: 60,
    claimAwardIds: ['badge-wave-rider'],
  },
];

const demoToken = (modelId: string, serial: number) => `demo-${modelId}-${String(serial).padStart(3, '0')}`;

interface AccountSeed {
  key: 'admin' | 'demo' | 'rider';
  email: string;
  username: string;
  role: 'user' | 'admin';
}

const ACCOUNTS: AccountSeed[] = [
  { key: 'admin', email: 'admin@tapquest.dev', username: 'tapquest_admin', role: 'admin' },
  { key: 'demo', email: 'demo@tapquest.dev', username: 'demo_tapper', role: 'user' },
  { key: 'rider', email: 'rider@tapquest.dev', username: 'harbor_rider', role: 'user' },
];

export interface SeedSummary {
  accounts: { email: string; username: string; role: string; password: string | null }[];
  tapUrls: { gear: string; url: string; claimedBy: string | null }[];
}

/** Seeds the demo data, writing only what is missing. Safe to run any number of times. */
export async function seedDemoData(deps: { config: Config }, now = new Date()): Promise<SeedSummary> {
  const { config } = deps;
  const url = assetUrl;
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  for (const [list, kind] of [
    [FLAIRS, 'flair'],
    [BADGES, 'badge'],
  ] as const) {
    for (const [id, name, description] of list) {
      await Award.updateOne(
        { _id: id },
        { $setOnInsert: { kind, name, image: url(id), description, issuer: 'Tapquest' } },
        { upsert: true },
      );
    }
  }

  for (const [order, brand] of BRANDS.entries()) {
    if (await Brand.exists({ _id: brand.id })) continue;
    await Brand.create({
      _id: brand.id,
      name: brand.name,
      description: brand.description,
      banner: url(`brand-${brand.id}-banner`),
      profilePicture: url(`brand-${brand.id}-logo`),
      logoSmall: url(`brand-${brand.id}-logo-small`),
      order,
    });
    await Post.insertMany(
      brand.posts.map((p) => ({
        brandId: brand.id,
        author: { name: p.author, picture: url(`brand-${brand.id}-logo`) },
        content: p.content,
        image: p.image ? url(p.image) : null,
        date: new Date(now.getTime() - p.ageMs),
      })),
    );
  }

  // Accounts first: the run that creates an account also gives it its demo belongings.
  const created = new Map<AccountSeed['key'], Types.ObjectId>();
  const passwords = new Map<AccountSeed['key'], string>();
  for (const account of ACCOUNTS) {
    if (await User.exists({ email: account.email })) continue;
    const password = config.env === 'production' ? randomBytes(12).toString('base64url') : DEMO_PASSWORD;
    // Empty badge slots are null, which the inferred schema type does not spell out.
    const profile: Record<string, unknown> = profileOf(account.key, url, now);
    const user = await new User({
      email: account.email,
      passwordHash: await hashPassword(password),
      username: account.username,
      usernameKey: usernameKey(account.username),
      role: account.role,
      ...profile,
    }).save();
    created.set(account.key, user._id);
    passwords.set(account.key, password);
  }

  const claims = new Map<string, AccountSeed['key']>([
    [demoToken('tq-wristband', 1), 'demo'],
    [demoToken('neon-cap', 1), 'demo'],
    [demoToken('harbor-deck', 1), 'rider'],
  ]);
  for (const gear of GEAR) {
    if (await GearModel.exists({ _id: gear.id })) continue;
    await createGearModel({
      id: gear.id,
      brandId: gear.brandId,
      name: gear.name,
      description: gear.description,
      image: url(`gear-${gear.id}`),
      edition: { type: gear.type, run: gear.run },
      claimXp: gear.claimXp,
      claimAwardIds: gear.claimAwardIds,
    });
    await mintGearItems(
      gear.id,
      gear.run,
      Array.from({ length: gear.run }, (_, i) => demoToken(gear.id, i + 1)),
    );
    for (const [token, key] of claims) {
      const owner = created.get(key);
      if (owner && token.startsWith(`demo-${gear.id}-`)) {
        await GearItem.updateOne({ deviceToken: token, claimedBy: null }, { $set: { claimedBy: owner, claimedAt: daysAgo(5) } });
      }
    }
  }

  for (const quest of questsOf(now, url)) {
    if (await Quest.exists({ _id: quest.id })) continue;
    await publishQuest(quest);
  }

  const demo = created.get('demo');
  if (demo) {
    await Membership.insertMany(['1', '2'].map((brandId) => ({ userId: demo, brandId })));
    await Follow.create({ userId: demo, brandId: '1' });
    await UserAward.insertMany(
      [
        ['badge-first-tap', 'badge', 5],
        ['flair-spark', 'flair', 5],
        ['badge-launch', 'badge', 14],
        ['flair-royal', 'flair', 30],
        ['badge-summiteer', 'badge', 14],
        ['flair-sunrise', 'flair', 9],
      ].map(([awardId, kind, age]) => ({ userId: demo, awardId, kind, acquiredAt: daysAgo(Number(age)) })),
    );
    // Launch Week done; First Tap under way (gear claimed, one tap of three).
    await TaskProgress.insertMany([
      taskProgress(demo, 'launch-week', 't1', 1, daysAgo(16), true),
      taskProgress(demo, 'launch-week', 't2', 2, daysAgo(15), true),
      taskProgress(demo, 'first-tap', 't1', 1, daysAgo(1), true),
      taskProgress(demo, 'first-tap', 't2', 1, daysAgo(1), false),
    ]);
    await QuestCompletion.create({ userId: demo, questId: 'launch-week', completedAt: daysAgo(15) });
  }
  const rider = created.get('rider');
  if (rider) {
    await Membership.insertMany(['1', '3'].map((brandId) => ({ userId: rider, brandId })));
    await UserAward.insertMany([
      { userId: rider, awardId: 'badge-wave-rider', kind: 'badge', acquiredAt: daysAgo(5) },
      { userId: rider, awardId: 'flair-tide', kind: 'flair', acquiredAt: daysAgo(20) },
    ]);
    await TaskProgress.create(taskProgress(rider, 'harbor-open-session', 't1', 1, daysAgo(25), true));
    await QuestCompletion.create({ userId: rider, questId: 'harbor-open-session', completedAt: daysAgo(25) });
  }

  return {
    accounts: ACCOUNTS.map((a) => ({ email: a.email, username: a.username, role: a.role, password: passwords.get(a.key) ?? null })),
    tapUrls: await demoTapUrls(config),
  };
}

/** A seeded account's count on one quest task, last counted `at`; `done` when that count completed it. */
function taskProgress(userId: Types.ObjectId, questId: string, taskId: string, count: number, at: Date, done: boolean) {
  return { userId, questId, taskId, count, lastCountedAt: at, completedAt: done ? at : null };
}

function profileOf(key: AccountSeed['key'], url: (name: string) => string, now: Date) {
  if (key === 'demo') {
    return {
      bio: 'Weekend hiker, weeknight runner. Tapping everything that has a tag.',
      location: 'Boulder, CO',
      link: 'https://summit-supply.example/crew/demo',
      website: 'https://demo-tapper.example',
      instagram: 'https://instagram.com/demo_tapper',
      twitter: 'https://twitter.com/demo_tapper',
      profilePicture: url('avatar-demo'),
      banner: url('profile-banner-demo'),
      profileFlair: 'flair-spark',
      profileBadges: ['badge-first-tap', 'badge-launch', null],
      xp: 420,
      questCount: 1,
      interfaceCount: 2,
      history: { lastCheckin: new Date(now.getTime() - DAY), streak: 2 },
    };
  }
  if (key === 'rider') {
    return {
      bio: 'Skating the harbour bowl since the first deck run.',
      location: 'Portland, ME',
      profilePicture: url('avatar-rider'),
      banner: url('profile-banner-rider'),
      profileFlair: 'flair-tide',
      profileBadges: ['badge-wave-rider', null, null],
      xp: 180,
      questCount: 1,
      interfaceCount: 1,
    };
  }
  return { bio: 'Runs the Tapquest demo.', profilePicture: url('app-icon') };
}

function questsOf(now: Date, url: (name: string) => string): (QuestInput & { id: string })[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const xp = (amount: number) => ({ kind: 'xp' as const, xp: amount, image: url('reward-xp') });
  return [
    {
      id: 'first-tap',
      brandId: '1',
      title: 'First Tap',
      description: 'Claim a piece of Summit gear and tap it three times on your adventures.',
      bannerImage: url('quest-first-tap'),
      location: 'Global',
      startTime: at(-7),
      endTime: at(30),
      tasks: [
        { id: 't1', label: 'Claim a piece of Summit gear', kind: 'claim', xp: 25 },
        { id: 't2', label: 'Tap your Summit gear 3 times', kind: 'tap', target: 3, xp: 25 },
      ],
      rewards: [xp(150), { kind: 'flair', awardId: 'flair-peak' }],
      eligibleModelIds: ['tq-hoodie', 'tq-wristband'],
    },
    {
      id: 'daily-devotion',
      brandId: '2',
      title: 'Daily Devotion',
      description: 'Check in three days this week to keep your running streak alive.',
      bannerImage: url('quest-daily-devotion'),
      location: 'Online',
      startTime: at(-2),
      endTime: at(12),
      tasks: [{ id: 't1', label: 'Check in on 3 days', kind: 'checkin', target: 3, xp: 30 }],
      rewards: [xp(50), { kind: 'badge', awardId: 'badge-streak-5' }],
      eligibleModelIds: [],
    },
    {
      id: 'sunrise-meetup',
      brandId: '1',
      title: 'Sunrise Meetup',
      description: 'Meet the Summit crew at the trailhead at first light and tap in with your gear.',
      bannerImage: url('quest-sunrise-meetup'),
      location: 'Boulder, CO',
      startTime: at(3),
      endTime: at(4),
      tasks: [{ id: 't1', label: 'Tap your Summit gear at the trailhead', kind: 'tap', xp: 40 }],
      rewards: [{ kind: 'badge', awardId: 'badge-early-bird' }],
      eligibleModelIds: ['tq-hoodie', 'tq-wristband'],
    },
    {
      id: 'night-run-series',
      brandId: '2',
      title: 'Night Run Series',
      description: 'Five night runs, five taps. Wear your Neon cap or band and tap at every finish line.',
      bannerImage: url('quest-night-run'),
      location: 'Brooklyn, NY',
      startTime: at(9),
      endTime: at(45),
      tasks: [{ id: 't1', label: 'Tap your Neon gear at 5 runs', kind: 'tap', target: 5, xp: 20 }],
      rewards: [xp(200), { kind: 'flair', awardId: 'flair-nightowl' }],
      eligibleModelIds: ['neon-cap', 'neon-wristband'],
    },
    {
      id: 'launch-week',
      brandId: '1',
      title: 'Launch Week',
      description: 'The first week of Tapquest: claim gear and tap it twice.',
      bannerImage: url('quest-launch-week'),
      location: 'Global',
      startTime: at(-20),
      endTime: at(-13),
      tasks: [
        { id: 't1', label: 'Claim any Summit gear', kind: 'claim', xp: 20 },
        { id: 't2', label: 'Tap your gear twice', kind: 'tap', target: 2, xp: 20 },
      ],
      rewards: [xp(100), { kind: 'badge', awardId: 'badge-launch' }],
      eligibleModelIds: ['tq-hoodie', 'tq-wristband'],
    },
    {
      id: 'harbor-open-session',
      brandId: '3',
      title: 'Harbor Open Session',
      description: 'Skate the fresh bowl at the harbour park and tap your deck.',
      bannerImage: url('quest-harbor-session'),
      location: 'Portland, ME',
      startTime: at(-30),
      endTime: at(-24),
      tasks: [{ id: 't1', label: 'Tap your Harbor deck at the park', kind: 'tap', xp: 30 }],
      rewards: [xp(80), { kind: 'flair', awardId: 'flair-tide' }],
      eligibleModelIds: ['harbor-deck'],
    },
  ];
}

/** The first two tap URLs of each gear model, for trying the app from a desktop browser. */
async function demoTapUrls(config: Config): Promise<SeedSummary['tapUrls']> {
  const out: SeedSummary['tapUrls'] = [];
  for (const gear of GEAR) {
    const items = await GearItem.find({ modelId: gear.id, deviceToken: { $in: [1, 2].map((n) => demoToken(gear.id, n)) } })
      .sort({ serial: 1 })
      .lean();
    const owners = await User.find({ _id: { $in: items.map((i) => i.claimedBy).filter(Boolean) } }, { username: 1 }).lean();
    const nameOf = new Map(owners.map((o) => [String(o._id), o.username ?? null]));
    for (const item of items) {
      out.push({
        gear: `${gear.name} #${item.serial}`,
        url: `${config.publicUrl}/api/tap/${item.deviceToken}`,
        claimedBy: item.claimedBy ? (nameOf.get(String(item.claimedBy)) ?? 'someone') : null,
      });
    }
  }
  return out;
}

export function describeSeed(summary: SeedSummary): string {
  const lines = ['', '  Demo accounts'];
  for (const a of summary.accounts) {
    lines.push(
      `    ${a.role.padEnd(6)} ${a.email.padEnd(22)} ${a.username.padEnd(16)} ${a.password ? `password ${a.password}` : '(existing account, password unchanged)'}`,
    );
  }
  lines.push('', '  Demo tap URLs (open one, then sign in)');
  for (const t of summary.tapUrls) lines.push(`    ${t.gear.padEnd(26)} ${t.url}${t.claimedBy ? `  (claimed by ${t.claimedBy})` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** At server start (SEED=true): seeds a database that has neither accounts nor brands, and says what it made. */
export async function seedIfEmpty(deps: Pick<AppDeps, 'config' | 'logger'>): Promise<void> {
  if ((await User.exists({})) || (await Brand.exists({}))) return;
  const summary = await seedDemoData(deps);
  logSeed(deps.logger, deps.config, summary);
}

export function logSeed(logger: Logger, config: Config, summary: SeedSummary): void {
  logger.info(
    {
      accounts: summary.accounts.map(({ email, username, role }) => ({ email, username, role })),
      tapUrls: summary.tapUrls.map((t) => t.url),
    },
    'demo data seeded',
  );
  if (config.env !== 'test') console.log(describeSeed(summary));
}

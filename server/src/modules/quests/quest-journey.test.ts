import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_COOKIE_PREFIX, levelForXp, type Asset, type BrandHub, type Device, type Quest } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';
import { domainEvents, type DomainEvent } from '../../platform/domain-events.js';
import { User } from '../accounts/user.model.js';
import { Brand } from '../brands/brand.model.js';
import { createGearModel, mintGearItems } from '../gear/gear.service.js';
import { Award } from '../progression/award.model.js';
import { publishQuest } from './quests.service.js';

// The whole journey over HTTP: a visitor taps gear, signs in, the tap is upgraded to the user,
// the gear is claimed, the quest's tasks and then the quest complete, XP crosses a level. Every
// domain event along the way is published exactly once, and replaying any step publishes nothing.

let server: TestServer;
const events: DomainEvent[] = [];
let stop: () => void;
beforeAll(async () => {
  server = await startTestServer();
  stop = domainEvents.subscribe((e) => {
    events.push(e);
  });
});
afterAll(async () => {
  stop?.();
  await server?.close();
});

describe('tap, claim, quest, level up', () => {
  it('publishes each domain event exactly once', async () => {
    await Brand.create({ _id: 'journey', name: 'Journey Co.', banner: '/b.webp', profilePicture: '/l.png', logoSmall: '/s.png' });
    await Award.create([
      { _id: 'journey-badge', kind: 'badge', name: 'Journey Badge', image: '/jb.png' },
      { _id: 'journey-flair', kind: 'flair', name: 'Journey Flair', image: '/jf.png' },
    ]);
    await createGearModel({
      id: 'journey-band',
      brandId: 'journey',
      name: 'Journey Band',
      image: '/band.webp',
      edition: { type: 'Limited', run: 10 },
      claimXp: 50,
      claimAwardIds: ['journey-badge'],
    });
    const [item] = await mintGearItems('journey-band', 1);
    const quest = await publishQuest({
      brandId: 'journey',
      title: 'The Journey',
      bannerImage: '/quest.webp',
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 86_400_000),
      tasks: [
        { label: 'Tap your band', kind: 'tap', xp: 25 },
        { label: 'Claim your band', kind: 'claim', xp: 25 },
      ],
      rewards: [
        { kind: 'xp', xp: 100 },
        { kind: 'flair', awardId: 'journey-flair' },
      ],
      eligibleModelIds: ['journey-band'],
    });
    expect(events.filter((e) => e.type === 'quest-published')).toHaveLength(1);

    // A visitor's phone opens the tag's URL.
    const cookie = `${EVENT_COOKIE_PREFIX}uuid=${randomUUID()}`;
    const tap = await server.api.get(`/api/tap/${item.deviceToken}`).set('Cookie', cookie).redirects(0).expect(302);
    const eventId = new URL(tap.headers.location).searchParams.get('event_id')!;

    // They sign up; the app upgrades the tap with their token, then claims the gear.
    const user = await createTestUser(server.api);
    const userId = (await server.deps.tokens.verify(user.token))!;
    events.length = 0;
    await server.api
      .patch(`/api/events/${eventId}`)
      .set(user.auth)
      .send({ uuid: cookie.split('=')[1] })
      .expect(200);
    const claim = await server.api.post('/api/device/claim').set(user.auth).set('Cookie', cookie).send({ deviceToken: item.deviceToken });
    expect(claim.status).toBe(200);

    const mine = events.filter((e) => 'userId' in e && e.userId === userId);
    expect(
      mine.map((e) =>
        e.type === 'xp-granted' ? `xp:${e.reason}:${e.amount}` : e.type === 'award-granted' ? `award:${e.award.id}` : e.type,
      ),
    ).toEqual([
      'xp:quest-task:25',
      'xp:gear-claim:50',
      'award:journey-badge',
      'xp:quest-task:25',
      'level-up',
      'xp:quest-reward:100',
      'award:journey-flair',
      'quest-completed',
    ]);
    expect(mine.find((e) => e.type === 'level-up')).toMatchObject({ level: 2 });
    expect(mine.find((e) => e.type === 'quest-completed')).toMatchObject({ questId: quest._id, title: 'The Journey' });
    expect(events).toHaveLength(mine.length);

    // What the user sees.
    const view: Quest = (await server.api.get(`/api/my/quests/${quest._id}`).set(user.auth)).body;
    expect(view).toMatchObject({ status: 'completed', overallProgress: { completedSteps: 2, totalSteps: 2 }, taps: 1 });
    const devices: Device[] = (await server.api.get('/api/my/devices').set(user.auth)).body;
    expect(devices.map((d) => d.name)).toEqual(['Journey Band']);
    const assets: Asset[] = (await server.api.get('/api/my/assets').set(user.auth)).body;
    expect(assets.map((a) => a.id)).toEqual([devices[0].id, 'journey-flair', 'journey-badge']);
    const hub: BrandHub = (await server.api.get('/api/my/brands/journey').set(user.auth)).body;
    expect(hub).toMatchObject({ isMember: true, members: 1, gearAvailable: 0 });
    const stored = await User.findById(userId).lean();
    expect(stored).toMatchObject({ xp: 200, questCount: 1, interfaceCount: 1 });
    expect(levelForXp(stored!.xp).level).toBe(2);

    // Replaying every step changes nothing and publishes nothing.
    events.length = 0;
    await server.api.get(`/api/tap/${item.deviceToken}`).set('Cookie', cookie).redirects(0).expect(302);
    await server.api.get(`/api/tap/${item.deviceToken}`).set(user.auth).redirects(0).expect(302);
    await server.api.patch(`/api/events/${eventId}`).set(user.auth).send({}).expect(200);
    const again = await server.api.post('/api/device/claim').set(user.auth).set('Cookie', cookie).send({ deviceToken: item.deviceToken });
    expect(again.status).toBe(409);
    expect(events).toEqual([]);
    expect(await User.findById(userId).lean()).toMatchObject({ xp: 200, questCount: 1, interfaceCount: 1 });
  });
});

import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { usernameKey, type Asset, type Device } from '@tapquest/shared';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { User } from '../accounts/user.model.js';
import { Brand } from '../brands/brand.model.js';
import { joinBrand } from '../brands/brands.service.js';
import { Award, UserAward } from '../progression/award.model.js';
import { grantAward, grantXp } from '../progression/progression.service.js';
import { recordQuestActivity } from '../quests/quests.service.js';
import { GearItem, GearModel, type GearModelFields } from './gear.model.js';
import { UNKNOWN_TAG, attachAnonymousTaps } from './scan-events.service.js';

// Gear models, their numbered items, and claiming an item by its tag's device token.

export const ALREADY_CLAIMED = 'This gear has already been claimed';

/** A tag's secret: 24 random bytes, so tokens cannot be guessed or enumerated. */
export const newDeviceToken = () => randomBytes(24).toString('base64url');

export interface GearModelInput {
  id: string;
  brandId: string;
  name: string;
  description?: string;
  image: string;
  edition: { type: string; run: number };
  claimXp?: number;
  claimAwardIds?: string[];
}

export async function createGearModel(input: GearModelInput): Promise<void> {
  if (!(await Brand.exists({ _id: input.brandId }))) throw new NotFound('Brand not found');
  for (const awardId of input.claimAwardIds ?? []) {
    if (!(await Award.exists({ _id: awardId }))) throw new Invalid(`No award ${awardId} in the catalogue`, 'claimAwardIds');
  }
  await GearModel.create({
    _id: input.id,
    brandId: input.brandId,
    name: input.name,
    description: input.description ?? '',
    image: input.image,
    edition: input.edition,
    claimXp: input.claimXp ?? 0,
    claimAwardIds: input.claimAwardIds ?? [],
  });
}

/**
 * Makes the next `count` numbered items of a model, each with a fresh random device token unless
 * tokens are given (the demo data's known tokens). Never beyond the model's run.
 */
export async function mintGearItems(modelId: string, count: number, tokens?: string[]): Promise<{ serial: number; deviceToken: string }[]> {
  const model = await GearModel.findById(modelId).lean();
  if (!model) throw new NotFound('Gear model not found');
  const last = await GearItem.findOne({ modelId }, { serial: 1 }).sort({ serial: -1 }).lean();
  const first = (last?.serial ?? 0) + 1;
  if (first + count - 1 > model.edition.run) throw new Invalid(`${model.name} is a run of ${model.edition.run}`, 'count');
  const items = Array.from({ length: count }, (_, i) => ({
    modelId,
    brandId: model.brandId,
    serial: first + i,
    deviceToken: tokens?.[i] ?? newDeviceToken(),
  }));
  await GearItem.insertMany(items);
  return items.map(({ serial, deviceToken }) => ({ serial, deviceToken }));
}

/**
 * Claims the tagged item for the user. The claim itself is one conditional update on
 * { claimedBy: null }: of any number of simultaneous claims exactly one matches. Only the winner
 * goes on to join the brand, count the interface and collect the model's XP and awards.
 */
export async function claimDevice(userId: string, deviceToken: string, anonId: string | null, now = new Date()): Promise<Device> {
  const item = await GearItem.findOne({ deviceToken }, { _id: 1, modelId: 1 }).lean();
  if (!item) throw new NotFound(UNKNOWN_TAG);
  const claimed = await GearItem.findOneAndUpdate(
    { _id: item._id, claimedBy: null },
    { $set: { claimedBy: new Types.ObjectId(userId), claimedAt: now } },
    { returnDocument: 'after' },
  ).lean();
  if (!claimed) throw new Conflict(ALREADY_CLAIMED);
  const model = await GearModel.findById(claimed.modelId).lean();
  if (!model) throw new NotFound('Gear model not found');

  await joinBrand(userId, model.brandId);
  await User.updateOne({ _id: userId }, { $inc: { interfaceCount: 1 } });
  if (model.claimXp > 0) await grantXp(userId, model.claimXp, 'gear-claim');
  for (const awardId of model.claimAwardIds) await grantAward(userId, awardId);
  await recordQuestActivity(userId, { kind: 'claim', modelId: model._id, at: now });
  // The browser that tapped before signing in sent its event cookie along: those taps are this user's.
  if (anonId) await attachAnonymousTaps(anonId, userId);

  const [device] = await toDevices([claimed]);
  return device;
}

type ItemLike = { _id: Types.ObjectId; modelId: string; serial: number; claimedAt?: Date | null };

async function toDevices(items: ItemLike[]): Promise<Device[]> {
  const models = await GearModel.find({ _id: { $in: [...new Set(items.map((i) => i.modelId))] } }).lean();
  const brands = await Brand.find({ _id: { $in: [...new Set(models.map((m) => m.brandId))] } }).lean();
  const modelById = new Map(models.map((m) => [m._id, m]));
  const brandById = new Map(brands.map((b) => [b._id, b]));
  return items.flatMap((item) => {
    const model = modelById.get(item.modelId);
    const brand = model && brandById.get(model.brandId);
    if (!model || !brand) return [];
    return [
      {
        id: String(item._id),
        name: model.name,
        image: model.image,
        edition: { type: model.edition.type, claimed: item.serial, run: model.edition.run },
        organization: { name: brand.name, brand_logo_small: brand.logoSmall },
        brandId: brand._id,
        claimedAt: item.claimedAt?.toISOString() ?? null,
      },
    ];
  });
}

export async function devicesOf(userId: string): Promise<Device[]> {
  const items = await GearItem.find({ claimedBy: new Types.ObjectId(userId) })
    .sort({ claimedAt: -1, _id: -1 })
    .lean();
  return toDevices(items);
}

/** The public gear list of a profile: only what the Device shape shows, never the device tokens. */
export async function devicesOfUsername(username: string): Promise<Device[]> {
  const user = username.length <= 64 ? await User.findOne({ usernameKey: usernameKey(username) }, { _id: 1 }).lean() : null;
  if (!user) throw new NotFound('User not found');
  return devicesOf(String(user._id));
}

const editionText = (model: Pick<GearModelFields, 'edition'>, serial: number) => `${model.edition.type} #${serial} of ${model.edition.run}`;

/** Everything the user owns, as the asset details modal shows it: gear, then flairs, then badges. */
export async function assetsOf(userId: string): Promise<Asset[]> {
  const user = new Types.ObjectId(userId);
  const [items, owned] = await Promise.all([
    GearItem.find({ claimedBy: user }).sort({ claimedAt: -1, _id: -1 }).lean(),
    UserAward.find({ userId: user }).sort({ acquiredAt: 1, _id: 1 }).lean(),
  ]);
  const [models, awards] = await Promise.all([
    GearModel.find({ _id: { $in: [...new Set(items.map((i) => i.modelId))] } }).lean(),
    Award.find({ _id: { $in: owned.map((o) => o.awardId) } }).lean(),
  ]);
  const brands = await Brand.find({ _id: { $in: [...new Set(models.map((m) => m.brandId))] } }).lean();
  const modelById = new Map(models.map((m) => [m._id, m]));
  const brandById = new Map(brands.map((b) => [b._id, b]));
  const awardById = new Map(awards.map((a) => [a._id, a]));

  const gear = items.flatMap((item): Asset[] => {
    const model = modelById.get(item.modelId);
    if (!model) return [];
    return [
      {
        id: String(item._id),
        type: 'gear',
        name: model.name,
        src: model.image,
        description: model.description,
        acquisitionDate: item.claimedAt?.toISOString() ?? null,
        issuer: brandById.get(model.brandId)?.name ?? '',
        edition: editionText(model, item.serial),
      },
    ];
  });
  const ownedAwards = owned.flatMap((o): Asset[] => {
    const award = awardById.get(o.awardId);
    if (!award) return [];
    return [
      {
        id: award._id,
        type: award.kind,
        name: award.name,
        src: award.image,
        description: award.description ?? '',
        acquisitionDate: o.acquiredAt.toISOString(),
        issuer: award.issuer ?? 'Tapquest',
        edition: null,
      },
    ];
  });
  return [...gear, ...ownedAwards.filter((a) => a.type === 'flair'), ...ownedAwards.filter((a) => a.type === 'badge')];
}

/** Frees every item the user claimed (the admin's Reset Profile); memberships and follows stay. */
export async function resetGearForUser(userId: string): Promise<void> {
  const user = new Types.ObjectId(userId);
  await GearItem.updateMany({ claimedBy: user }, { $set: { claimedBy: null, claimedAt: null } });
  await User.updateOne({ _id: user }, { $set: { interfaceCount: 0 } });
}

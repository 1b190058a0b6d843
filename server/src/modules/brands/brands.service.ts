import { Types } from 'mongoose';
import type { BrandCard, BrandFollow, BrandHub, BrandMembership, GearModelSummary, Post as PostView } from '@tapquest/shared';
import { NotFound, isDuplicateKey } from '../../platform/errors.js';
import { GearItem, GearModel } from '../gear/gear.model.js';
import { questsOfBrandFor } from '../quests/quests.service.js';
import { Brand, Follow, Membership } from './brand.model.js';
import { Post } from './post.model.js';

// Brand communities: the list, the hub, joining and following. Members are counted from the
// Membership collection, whose unique (userId, brandId) index makes a join count once however
// many race: there is no counter that could drift from the memberships it counts.

const BRAND_ID = /^[A-Za-z0-9_-]{1,32}$/;

async function requireBrand(brandId: string) {
  const brand = BRAND_ID.test(brandId) ? await Brand.findById(brandId).lean() : null;
  if (!brand) throw new NotFound('Brand not found');
  return brand;
}

const oid = (userId: string) => new Types.ObjectId(userId);

/** Every brand, the caller's communities first (then in the brands' own order), each saying whether the caller is a member. */
export async function brandCardsFor(userId: string): Promise<BrandCard[]> {
  const [brands, memberships] = await Promise.all([
    Brand.find({}).sort({ order: 1, _id: 1 }).lean(),
    Membership.find({ userId: oid(userId) }, { brandId: 1 }).lean(),
  ]);
  const member = new Set(memberships.map((m) => m.brandId));
  const cards = brands.map((b) => ({
    id: b._id,
    name: b.name,
    banner: b.banner,
    profilePicture: b.profilePicture,
    isMember: member.has(b._id),
  }));
  return [...cards.filter((c) => c.isMember), ...cards.filter((c) => !c.isMember)];
}

export async function brandHubFor(userId: string, brandId: string): Promise<BrandHub> {
  const brand = await requireBrand(brandId);
  const [members, isMember, isFollowing, quests, gear, posts] = await Promise.all([
    Membership.countDocuments({ brandId }),
    Membership.exists({ userId: oid(userId), brandId }),
    Follow.exists({ userId: oid(userId), brandId }),
    questsOfBrandFor(userId, brandId),
    gearOfBrand(brandId),
    Post.find({ brandId }).sort({ date: -1, _id: -1 }).lean(),
  ]);
  return {
    id: brand._id,
    name: brand.name,
    description: brand.description,
    banner: brand.banner,
    profilePicture: brand.profilePicture,
    members,
    quests,
    gearAvailable: gear.reduce((sum, g) => sum + g.edition.available, 0),
    gear,
    isMember: Boolean(isMember),
    isFollowing: Boolean(isFollowing),
    posts: posts.map((p): PostView => ({
      id: String(p._id),
      author: { name: p.author.name, picture: p.author.picture },
      content: p.content,
      date: p.date.toISOString(),
      image: p.image ?? null,
    })),
  };
}

async function gearOfBrand(brandId: string): Promise<GearModelSummary[]> {
  const models = await GearModel.find({ brandId }).sort({ _id: 1 }).lean();
  return Promise.all(
    models.map(async (m) => ({
      id: m._id,
      name: m.name,
      image: m.image,
      edition: { type: m.edition.type, run: m.edition.run, available: await GearItem.countDocuments({ modelId: m._id, claimedBy: null }) },
    })),
  );
}

/** Makes the user a member; joining again (or racing) changes nothing. */
export async function joinBrand(userId: string, brandId: string): Promise<BrandMembership> {
  await requireBrand(brandId);
  try {
    await Membership.create({ userId: oid(userId), brandId });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return { isMember: true, members: await Membership.countDocuments({ brandId }) };
}

export async function leaveBrand(userId: string, brandId: string): Promise<BrandMembership> {
  await requireBrand(brandId);
  await Membership.deleteOne({ userId: oid(userId), brandId });
  return { isMember: false, members: await Membership.countDocuments({ brandId }) };
}

export async function followBrand(userId: string, brandId: string): Promise<BrandFollow> {
  await requireBrand(brandId);
  try {
    await Follow.create({ userId: oid(userId), brandId });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return { isFollowing: true };
}

export async function unfollowBrand(userId: string, brandId: string): Promise<BrandFollow> {
  await requireBrand(brandId);
  await Follow.deleteOne({ userId: oid(userId), brandId });
  return { isFollowing: false };
}

/** Ids of the brand's members, e.g. for sending them a new quest's notice. */
export async function brandMemberIds(brandId: string): Promise<string[]> {
  const memberships = await Membership.find({ brandId }, { userId: 1 }).lean();
  return memberships.map((m) => String(m.userId));
}

import { normaliseLink, socialUrl, usernameKey, type ProfileUpdate } from '@tapquest/shared';
import { Invalid, NotFound } from '../../platform/errors.js';
import { User, type UserDoc } from '../accounts/user.model.js';

/**
 * Applies the profile update payload of SPEC section 3; every field is optional, blanks clear.
 * Social handles become full URLs: instagram.com/<handle>, and x.com/<handle> for twitter, since
 * x.com is where twitter.com now redirects (one hop fewer for visitors). The website and custom link
 * get https:// when typed without a scheme; javascript:, data: and other non-web schemes are refused.
 */
export async function updateProfile(user: UserDoc, update: ProfileUpdate): Promise<UserDoc> {
  const set: Record<string, string> = {};
  if (update.biography !== undefined) set.bio = update.biography.trim();
  if (update.location !== undefined) set.location = update.location.trim();
  const links = [
    ['link', update.custom_link, 'custom_link'],
    ['website', update.website_link, 'website_link'],
  ] as const;
  for (const [field, value, name] of links) {
    if (value === undefined) continue;
    const url = normaliseLink(value);
    if (url === null) throw new Invalid(`${name} must be a web address (http or https)`, name);
    set[field] = url;
  }
  const socials = [
    ['instagram', update.instagram_link, 'instagram_link'],
    ['twitter', update.twitter_link, 'twitter_link'],
  ] as const;
  for (const [network, value, name] of socials) {
    if (value === undefined) continue;
    const url = socialUrl(network, value);
    if (url === null) throw new Invalid(`${name} must be a ${network} handle or profile URL`, name);
    set[network] = url;
  }
  const updated = await User.findOneAndUpdate({ _id: user._id }, { $set: set }, { returnDocument: 'after' });
  if (!updated) throw new NotFound('User not found');
  return updated;
}

export async function findByUsername(username: string): Promise<UserDoc> {
  const user = typeof username === 'string' && username.length <= 40 ? await User.findOne({ usernameKey: usernameKey(username) }) : null;
  if (!user) throw new NotFound('Profile not found');
  return user;
}

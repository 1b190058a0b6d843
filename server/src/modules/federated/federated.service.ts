import { Conflict, isDuplicateKey } from '../../platform/errors.js';
import { User, type UserDoc } from '../accounts/user.model.js';

export type FederatedProvider = 'google' | 'apple';

/** Who the provider says signed in: its stable subject id and, when it shares one, an email. */
export interface FederatedProfile {
  id: string;
  email?: string;
  /** Only a verified email may link to an existing account or be kept on a new one. */
  emailVerified: boolean;
}

const providerLabel: Record<FederatedProvider, string> = { google: 'Google', apple: 'Apple' };

/**
 * The account for a provider sign-in: the one already linked to this provider id, else the one
 * with the same verified email (which gets linked), else a new one without a password.
 *
 * An unverified email is never linked and never stored: anybody can type any address into a
 * provider account, and storing it would let them take the address (unique index) from its owner.
 */
export async function findOrCreateFederatedUser(
  provider: FederatedProvider,
  profile: FederatedProfile,
  opts: { adminEmails?: string[] } = {},
): Promise<UserDoc> {
  const key = `providers.${provider}`;
  const email = profile.emailVerified && profile.email ? profile.email.trim().toLowerCase() : undefined;
  const isAdmin = email !== undefined && (opts.adminEmails ?? []).includes(email);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const known = await User.findOne({ [key]: profile.id });
    if (known) return promoteIfAdmin(known, isAdmin);

    if (email) {
      // Filtering on "not linked yet" makes the link atomic: two racing sign-ins cannot both link.
      const linked = await User.findOneAndUpdate(
        { email, [key]: { $exists: false } },
        { $set: { [key]: profile.id } },
        { returnDocument: 'after' },
      );
      if (linked) return promoteIfAdmin(linked, isAdmin);
      const owner = await User.findOne({ email }, { providers: 1 });
      if (owner && owner.providers?.[provider] !== profile.id) {
        throw new Conflict(`This email belongs to an account linked to another ${providerLabel[provider]} account`);
      }
      if (owner) continue; // linked to this very id by a racing request: the next lookup finds it
    }

    try {
      return await User.create({ email, providers: { [provider]: profile.id }, role: isAdmin ? 'admin' : 'user' });
    } catch (err) {
      // A racing first sign-in (same provider id) or a racing sign-up (same email) won the unique
      // index; one more pass finds or links that account.
      if (isDuplicateKey(err)) continue;
      throw err;
    }
  }
  throw new Conflict('Your account changed while signing in, please try again');
}

async function promoteIfAdmin(user: UserDoc, isAdmin: boolean): Promise<UserDoc> {
  if (!isAdmin || user.role === 'admin') return user;
  user.role = 'admin';
  return user.save();
}

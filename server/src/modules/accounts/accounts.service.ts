import { checkUsername, usernameKey } from '@tapquest/shared';
import { Conflict, Invalid, Unauthorized, isDuplicateKey } from '../../platform/errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { User, type UserDoc } from './user.model.js';

export async function signUp(email: string, password: string, adminEmails: string[]): Promise<UserDoc> {
  const passwordHash = await hashPassword(password);
  try {
    return await User.create({ email, passwordHash, role: adminEmails.includes(email) ? 'admin' : 'user' });
  } catch (err) {
    if (isDuplicateKey(err)) throw new Conflict('An account with this email already exists');
    throw err;
  }
}

export async function logIn(email: string, password: string, adminEmails: string[]): Promise<UserDoc> {
  const user = await User.findOne({ email });
  if (!user) {
    await burnPasswordCheck(password);
    throw new Unauthorized('Wrong email or password');
  }
  // An account made through Apple or Google has no password: the client says 'Wrong login method'.
  if (!user.passwordHash) throw new Conflict('This account signs in with Apple or Google');
  if (!(await verifyPassword(user.passwordHash, password))) throw new Unauthorized('Wrong email or password');
  if (adminEmails.includes(email) && user.role !== 'admin') {
    user.role = 'admin';
    await user.save();
  }
  return user;
}

export async function isUsernameAvailable(name: string, forUserId?: string): Promise<boolean> {
  const owner = await User.findOne({ usernameKey: usernameKey(name) }, { _id: 1 });
  return !owner || (forUserId !== undefined && String(owner._id) === forUserId);
}

/** Sets the username; the unique index on usernameKey decides races: exactly one claim wins. */
export async function setUsername(user: UserDoc, name: string): Promise<UserDoc> {
  if (!checkUsername(name).valid) throw new Invalid('username does not follow the rules', 'username');
  try {
    const updated = await User.findOneAndUpdate(
      { _id: user._id },
      { $set: { username: name, usernameKey: usernameKey(name) } },
      { returnDocument: 'after' },
    );
    if (!updated) throw new Unauthorized();
    return updated;
  } catch (err) {
    if (isDuplicateKey(err)) throw new Conflict('Username not available');
    throw err;
  }
}

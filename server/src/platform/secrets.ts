import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface Secrets {
  jwtSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

// Secrets not given in env are generated once and kept in the data directory, so a restart
// does not log everybody out or invalidate push subscriptions, and nothing is hard-coded.
export async function loadSecrets(
  dataDir: string,
  given: { jwtSecret?: string; vapidPublicKey?: string; vapidPrivateKey?: string },
): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    // first start: nothing kept yet
  }
  const vapid =
    given.vapidPublicKey && given.vapidPrivateKey
      ? { publicKey: given.vapidPublicKey, privateKey: given.vapidPrivateKey }
      : stored.vapidPublicKey && stored.vapidPrivateKey
        ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
        : webpush.generateVAPIDKeys();
  const secrets: Secrets = {
    jwtSecret: given.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  const toKeep = {
    jwtSecret: given.jwtSecret ? stored.jwtSecret : secrets.jwtSecret,
    vapidPublicKey: secrets.vapidPublicKey,
    vapidPrivateKey: secrets.vapidPrivateKey,
  };
  if (JSON.stringify(toKeep) !== JSON.stringify({ ...stored })) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(toKeep, null, 2), { mode: 0o600 });
  }
  return secrets;
}

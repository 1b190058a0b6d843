import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

// A push service at the edge of the world, speaking the real protocol: it accepts a push only with a
// valid VAPID Authorization (RFC 8292: an ES256 JWT for this origin, not expired, signed by the key
// in k=) and decrypts the aes128gcm body (RFC 8188 + RFC 8291) with the private key and auth secret
// that the "browser" (the test) generated for the subscription.

export interface TestSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription's endpoint. */
  endpoint: string;
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  vapid: JWTPayload;
  /** The VAPID public key the push was signed with (k=). */
  vapidKey: string;
  status: number;
}

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  status: number;
}

export interface PushEndpoint {
  origin: string;
  /** A fresh browser subscription; the service answers its pushes with `status` (201, or 404/410 for gone). */
  subscribe(status?: number): TestSubscription;
  received: ReceivedPush[];
  /** Requests refused, with why. */
  refused: string[];
  close(): Promise<void>;
}

/** Decrypts one aes128gcm message (a single record, as a push is) for the subscription's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const receiverPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  // RFC 8291 section 3.4: the input keying material mixes in the auth secret and both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  // RFC 8188 section 2.2 and 2.3: content encryption key and nonce from the salt.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end);
}

async function verifyVapid(header: string | undefined, origin: string): Promise<{ payload: JWTPayload; key: string }> {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${header}`);
  const [, token, key] = match;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    'ES256',
  );
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], audience: origin, requiredClaims: ['exp', 'sub'] });
  if ((payload.exp ?? 0) * 1000 <= Date.now()) throw new Error('VAPID JWT expired');
  return { payload, key };
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const endpoint = `${origin}${req.url}`;
    const browser = browsers.get(endpoint);
    const refuse = (status: number, why: string) => {
      refused.push(why);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
    };
    if (req.method !== 'POST' || !browser) return refuse(404, `no subscription at ${req.method} ${req.url}`);
    let vapid: { payload: JWTPayload; key: string };
    try {
      vapid = await verifyVapid(req.headers.authorization, origin);
    } catch (err) {
      return refuse(401, `VAPID: ${(err as Error).message}`);
    }
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, `content-encoding ${req.headers['content-encoding']}`);
    if (!req.headers.ttl) return refuse(400, 'no TTL header');
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'));
    } catch (err) {
      return refuse(400, `decryption: ${(err as Error).message}`);
    }
    received.push({
      endpoint,
      payload,
      ttl: req.headers.ttl as string | undefined,
      urgency: req.headers.urgency as string | undefined,
      vapid: vapid.payload,
      vapidKey: vapid.key,
      status: browser.status,
    });
    res.writeHead(browser.status, { location: `${origin}/messages/${randomUUID()}` }).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth, status });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

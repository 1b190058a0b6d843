import fc from 'fast-check';

// Arbitraries for input no route may accept: every value here is wrong for every field of every
// request schema (a wrong type, an operator object, or longer than any limit), so a route that
// answers 2xx to one of them has let something through.

export const operatorObject = fc.constantFrom<Record<string, unknown>>(
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(2000) || true' },
  { $regex: '.*', $options: 'si' },
  { $exists: true },
  { $in: ['', null] },
  { $expr: { $eq: [1, 1] } },
  { $function: { body: 'function() { return true }', args: [], lang: 'js' } },
);

export const dangerousKey = fc.oneof(
  fc.constantFrom(
    '$where',
    '$gt',
    '$set',
    '$ne',
    '$expr',
    '__proto__',
    'constructor',
    'prototype',
    'a.b',
    'x.$y',
    '$',
    '.',
    '',
    'role',
    'isAdmin',
    'toString',
    'hasOwnProperty',
  ),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

/** Always holds a character outside ASCII: no id, username or enum value matches it. */
export const unicodeText = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('é', '𝕏', '\u202e', '\u0000', '\ufeff', '😀', 'ﷺ', '\ud800'))
  .map(([text, odd]) => `${text}${odd}${text}`);

/** Longer than every text limit of the API (the longest is a URL, 2048). */
export const hugeText = fc
  .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), fc.integer({ min: 2100, max: 20_000 }))
  .map(([seed, length]) => `${seed}\u202e𝕏`.repeat(Math.ceil(length / (seed.length + 3))).slice(0, length));

/** JSON text nested this deep: {"a":{"a":...}} or [[[...]]]. */
export const deepJson = fc
  .tuple(fc.integer({ min: 30, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

const json = (value: unknown) => JSON.stringify(value);

/**
 * A value of the wrong kind for a field whose valid value is `valid`, as JSON text: numbers only
 * where a number (or null, as in a push subscription's expirationTime) is not what is expected.
 */
export function wrongValueJson(valid?: unknown): fc.Arbitrary<string> {
  const numeric = typeof valid === 'number' || valid === null;
  return fc.oneof(
    ...(numeric ? [] : [fc.integer().map(json), fc.double({ noNaN: true, noDefaultInfinity: true }).map(json)]),
    ...(typeof valid === 'boolean' ? [] : [fc.boolean().map(json)]),
    operatorObject.map(json),
    hugeText.map(json),
    fc.array(fc.oneof(operatorObject, hugeText), { minLength: 1, maxLength: 3 }).map(json),
    fc.dictionary(dangerousKey, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }).map(json),
    fc.constantFrom('{"__proto__":{"isAdmin":true,"role":"admin"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}'),
    deepJson,
  );
}

/** A JSON object text: the valid body with one key's value replaced. */
function withField(valid: Record<string, unknown>, key: string, valueJson: string): string {
  const rest = Object.entries(valid).filter(([k]) => k !== key);
  return `{${[...rest.map(([k, v]) => `${json(k)}:${json(v)}`), `${json(key)}:${valueJson}`].join(',')}}`;
}

/**
 * One mutation of a valid JSON body that makes it wrong: the whole body of the wrong kind or not
 * JSON, one field of the wrong kind (or wrapped in an array), or an extra key such as $where,
 * __proto__ or a.b (the request schemas are strict).
 */
export function malformedBody(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const whole = fc.oneof(
    fc.constantFrom('[]', '"text"', '42', 'null', 'true', '{"email":', "{'a':1}", '{"a":1,}', '\u0000', json([valid])),
    deepJson,
  );
  const extra = fc
    .tuple(
      dangerousKey.filter((k) => !keys.includes(k)),
      fc.oneof(wrongValueJson(), fc.jsonValue({ maxDepth: 1 }).map(json)),
    )
    .map(([key, value]) => withField(valid, key, value));
  if (keys.length === 0) return fc.oneof(whole, extra);
  const field = fc
    .constantFrom(...keys)
    .chain((key) => fc.oneof(wrongValueJson(valid[key]), fc.constant(json([valid[key]]))).map((value) => withField(valid, key, value)));
  return fc.oneof(whole, field, field, extra);
}

/** A wrong query value: huge, non-ASCII, operator-looking text, or the key repeated. */
export const malformedQueryValue = (valid: string): fc.Arbitrary<string | string[]> =>
  fc.oneof<fc.Arbitrary<string | string[]>[]>(
    hugeText.map((t) => t.slice(0, 1000)),
    unicodeText,
    fc.constantFrom('{"$gt":""}', '[$ne]=1', "'; return true; var x='", '\u0000'),
    fc.constant([valid, valid]),
    fc.tuple(unicodeText, fc.constant(valid)).map(([a, b]) => [b, a]),
  );

/** A path segment no id, username or token matches; never empty (that would be another route). */
export const malformedParam = fc.oneof(
  unicodeText,
  hugeText.map((t) => t.slice(0, 1000)),
  fc.constantFrom(
    '{"$gt":""}',
    '$where',
    'a.b',
    '$',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '%',
    '%00',
    '..%2f',
    ' ',
    'null',
    'undefined',
    '[object Object]',
    'pwa.',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((s) => `${s}$`),
);

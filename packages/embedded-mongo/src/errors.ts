// MongoDB server error codes we emit. Names and numbers match the server's
// error_codes.yml so drivers and mongoose classify them the same way.
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  InvalidBSON: 22,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  NotImplemented: 238,
  OperationNotSupportedInTransaction: 263,
  Location40324: 40324,
  DuplicateKey: 11000,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

const NAME_BY_CODE = new Map<number, string>(Object.entries(ErrorCodes).map(([k, v]) => [v, k]));

/** An error that is reported to the client as `{ ok: 0, errmsg, code, codeName, ...extra }`. */
export class MongoError extends Error {
  readonly code: number;
  readonly codeName: string;
  readonly extra: Record<string, unknown>;

  constructor(codeName: ErrorCodeName, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = ErrorCodes[codeName];
    // Location<N> codes have no codeName on the server; mirror that with an empty string like mongod does.
    this.codeName = codeName.startsWith('Location') ? '' : codeName;
    this.extra = extra;
  }

  toReply(): Record<string, unknown> {
    const reply: Record<string, unknown> = { ok: 0, errmsg: this.message, code: this.code };
    if (this.codeName) reply.codeName = this.codeName;
    return { ...reply, ...this.extra };
  }

  /** Shape used inside `writeErrors` arrays: no `ok`, no `codeName` (the server omits it there). */
  toWriteError(index: number): Record<string, unknown> {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export function codeName(code: number): string {
  return NAME_BY_CODE.get(code) ?? '';
}

/** Anything thrown by mingo or our own code that is not already a MongoError becomes BadValue, never a crash. */
export function toMongoError(err: unknown): MongoError {
  if (err instanceof MongoError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unregistered pipeline operator (\$\w+)/.test(message)) {
    const stage = /(\$\w+)/.exec(message)![1];
    return new MongoError('Location40324', `Unrecognized pipeline stage name: '${stage}'`);
  }
  if (/immutable field '_id'/.test(message)) {
    return new MongoError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  const unknownOp = /unknown (?:query )?operator:? '?(\$\w+)/i.exec(message);
  if (unknownOp) return new MongoError('BadValue', `unknown operator: ${unknownOp[1]}`);
  return new MongoError('BadValue', message);
}

export function badValue(message: string): MongoError {
  return new MongoError('BadValue', message);
}

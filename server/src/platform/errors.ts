// Typed domain errors. Services throw these; one error handler turns them into status + { messages }.
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message = 'The upload is too large') {
    super(413, message);
  }
}
export class UnsupportedMediaType extends AppError {
  constructor(message = 'Unsupported file type') {
    super(415, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests, please try again later') {
    super(429, message);
  }
}
export class ServiceUnavailable extends AppError {
  constructor(message = 'Service temporarily unavailable') {
    super(503, message);
  }
}

/** MongoDB duplicate key error, as sent by a real server and by the embedded engine alike. */
export function isDuplicateKey(err: unknown): err is { code: 11000; keyPattern?: Record<string, unknown> } {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@tapquest/shared';
import { AppError, NotFound } from './errors.js';

function body(message: string, field?: string): ErrorBody {
  return { messages: [field ? { message, field } : { message }] };
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new NotFound(`No API route for ${req.method} ${req.path}`));
};

// Every failure leaves the API as { messages: [{ message }] }; internals stay in the log.
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    return;
  }
  if (err instanceof AppError) {
    res.status(err.status).json(body(err.message, err.field));
    return;
  }
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status === 400 && err?.type === 'entity.parse.failed') {
    res.status(400).json(body('The request body is not valid JSON'));
    return;
  }
  if (status === 413) {
    res.status(413).json(body('The request is too large'));
    return;
  }
  if (status === 415) {
    res.status(415).json(body('Unsupported content type'));
    return;
  }
  if (status >= 400 && status < 500) {
    res.status(status).json(body(err?.expose && err?.message ? err.message : 'Bad request'));
    return;
  }
  const dbDown = err?.name === 'MongoNetworkError' || err?.name === 'MongoServerSelectionError' || err?.name === 'MongoNotConnectedError';
  if (dbDown) {
    req.log?.warn({ err }, 'database unavailable');
    res.status(503).json(body('Service temporarily unavailable, please try again shortly'));
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json(body('Something went wrong on our side'));
};

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request address or headers are too long'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request is too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Requests Node refuses before Express sees them (an over-long URL, a broken request line) get
 * the same { messages } body as every other refusal, instead of Node's empty default answer.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'The request is malformed'];
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body(message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

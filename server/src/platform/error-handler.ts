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

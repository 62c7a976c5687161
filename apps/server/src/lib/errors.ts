/**
 * Domain errors thrown by services. plugins/error-handler.ts maps each to its status code with
 * `{ message }`; anything else is a 500 whose details are logged, never sent.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields sent beside `message`, for answers the client acts on. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Invalid token') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do that') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

/**
 * The database cannot answer right now (stopped, restarting, frozen, out of disk space). A 503: the
 * request was not carried out, or not known to be, and the client may try again shortly.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor(message = 'The database is unavailable right now. Please try again in a moment.') {
    super(503, message);
  }
}

/**
 * The file storage (the S3 bucket) cannot be reached or fails: a 503 the client may retry. Without
 * it an S3 connection refused answered "The database is not running" (issue 18, `npm run chaos`).
 */
export class FileStorageUnavailableError extends HttpError {
  constructor() {
    super(503, 'File storage is unavailable right now. Please try again in a moment.');
  }
}

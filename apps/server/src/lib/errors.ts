/**
 * The one error type (DESIGN 2.14): services throw it, the app's error handler maps it to a
 * status and a `{ error }` body a person can read.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: {
      detail?: string;
      fields?: Record<string, string>;
      /** Checkout's 409 for stock: the cart lines beyond what is left (issue 26). */
      lines?: readonly object[];
      /** The products import's rows, each with its errors (issue 29, point 7). */
      rows?: readonly object[];
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, fields ? { fields } : {});
/** A 400 about one field: the message, and the same message under the field's name. */
export const fieldError = (field: string, message: string) =>
  badRequest(message, { [field]: message });
export const unauthorized = (message = 'Authentication credentials were not provided.') =>
  new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, message, fields ? { fields } : {});

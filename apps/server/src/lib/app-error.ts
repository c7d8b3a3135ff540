/** The one error type services throw; the error plugin turns it into `{ success: false, code, message }`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code = "BAD_REQUEST") => new AppError(code, message, 400);
export const unauthorized = (message = "Please sign in to continue.", code = "UNAUTHORIZED") =>
  new AppError(code, message, 401);
export const forbidden = (message = "You do not have permission to do this.", code = "FORBIDDEN") =>
  new AppError(code, message, 403);
export const notFound = (message = "Not found.", code = "NOT_FOUND") => new AppError(code, message, 404);
export const conflict = (message: string, code = "CONFLICT") => new AppError(code, message, 409);

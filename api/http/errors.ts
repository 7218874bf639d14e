/** Errors the API answers with; each becomes a JSON body of the same status (docs/api.md). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (what = "resource") =>
  new HttpError(404, `The requested ${what} could not be found.`);
export const invalid = (
  errors: Record<string, string[]>,
  message = "The given data was invalid.",
) => new HttpError(422, message, errors);
export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);

import { AppError } from '#api/http/app-error.ts';

export const operatorNotFound = (what: string) =>
  new AppError(404, 'operators/not-found', `No ${what} by that id. Search again from the back office.`);

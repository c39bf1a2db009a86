/** The error of a failed API call (`lib/api.ts`): its status, stable code, message in the person's language, fields. */
import type { ErrorCode } from '@limni/shared/contracts/common';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode | 'network',
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

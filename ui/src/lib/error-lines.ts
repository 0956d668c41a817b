import { ApiError, type ApiMessage } from '@/lib/api-client'

/** The lines of an error answer, each possibly reworded; a generic line for anything else. */
export function errorLines(error: unknown, reword: (message: ApiMessage) => string = (m) => m.msg): string[] {
  if (error instanceof ApiError) return error.messages.map(reword)
  return ['Something went wrong. Please try again.']
}

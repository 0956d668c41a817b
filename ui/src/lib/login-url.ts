/** The login URL that brings the visitor back to `target` afterwards (the spec's redirect parameter). */
export function loginUrl(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`
}

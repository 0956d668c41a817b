/** An admin page whose issue has not landed yet. */
export function ComingSoon() {
  return <p className="text-lg text-muted">Coming soon</p>
}

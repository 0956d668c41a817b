const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
]

/** 'March 2025' for '2025-03'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-')
  const name = MONTHS[Number(m) - 1]
  return name && year ? `${name} ${year}` : month
}

/** The attestation a representative ticks, as the server keeps it. */
export function attestationText(from: string, to: string): string {
  return `I am inviting everyone who finished or left this course between ${monthLabel(from)} and ${monthLabel(to)}, not a selection of them.`
}

/** 'Invited by the provider: 3 of 12 reviews (25%)'; null without invited reviews. */
export function shareText(share: { reviews: number; invited: number; percent: number | null }): string | null {
  if (share.invited === 0 || share.percent === null) return null
  const reviews = share.reviews === 1 ? 'review' : 'reviews'
  return `${share.invited} of ${share.reviews} ${reviews} (${share.percent}%) came from the provider's invitations`
}

/** The months a period can be chosen from: this month back 10 years, newest first ('YYYY-MM'). */
export function recentMonths(now: Date, years = 10): string[] {
  const months: string[] = []
  for (let i = 0; i < years * 12; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`)
  }
  return months
}

/** A review's study period as the API gives it: months as 'YYYY-MM'. */
export type StudyPeriod = { start: string | null; end: string | null; studying: boolean }

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** 'YYYY-MM' as 'March 2024'. */
function monthText(month: string): string {
  const [year, number] = month.split('-')
  return `${MONTH_NAMES[Number(number) - 1] ?? number} ${year}`
}

/**
 * The card's line (DESIGN 24): 'Studied March 2023 to November 2024', 'Studying since March
 * 2024'; a review that says only part of it shows that part ('Finished November 2024', 'Still
 * studying', 'Started March 2023'); null when it says nothing.
 */
export function studyPeriodText(period: StudyPeriod | null | undefined): string | null {
  if (!period) return null
  const { start, end, studying } = period
  if (studying) return start ? `Studying since ${monthText(start)}` : 'Still studying'
  if (start && end) return `Studied ${monthText(start)} to ${monthText(end)}`
  if (end) return `Finished or left ${monthText(end)}`
  if (start) return `Started ${monthText(start)}`
  return null
}

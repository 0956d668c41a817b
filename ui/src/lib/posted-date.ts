const pad = (n: number) => String(n).padStart(2, '0')

/**
 * A review's date as the spec shows it, 'DD.MM.YY' in the reader's time zone; the ISO string
 * itself when it is not a date.
 */
export function formatPostedDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${pad(date.getFullYear() % 100)}`
}

/** 'Thank you: 3 courses confirmed as still correct'. */
export function confirmedText(count: number): string {
  if (count === 0) return 'Nothing was waiting to be confirmed.'
  return `Thank you: ${count === 1 ? '1 course' : `${count} courses`} confirmed as still correct.`
}


import { countChars } from '@/lib/text-rules'

/**
 * A live '12/50' counter for a field's label line (Field's `aside`), counting as the length
 * rule does (lib/text-rules). Give the control `aria-describedby` with this id so a screen
 * reader reads the limit with the field, without announcing every keystroke.
 */
export function CharCount({ id, text, max }: { id: string; text: string; max: number }) {
  const count = countChars(text.trim())
  return (
    <span id={id} className={`text-sm tabular-nums ${count > max ? 'font-semibold text-danger-700' : 'text-muted'}`}>
      {count}/{max}
    </span>
  )
}

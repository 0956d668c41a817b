import { CONTENT_KINDS, type ContentKind } from '../api/content-kinds'

const KINDS = Object.keys(CONTENT_KINDS) as ContentKind[]

/** Step one of Edit Content: Industry, Career or Course, as a radio group. */
export function KindChoice({ value, onChange }: { value: ContentKind | null; onChange: (kind: ContentKind) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-ink">What do you want to edit?</legend>
      <div className="flex flex-wrap gap-2">
        {KINDS.map((kind) => (
          <label
            key={kind}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-4 py-2 font-semibold text-ink hover:bg-brand-50 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring)"
          >
            <input type="radio" name="content-kind" value={kind} checked={value === kind} onChange={() => onChange(kind)} className="sr-only" />
            {CONTENT_KINDS[kind].label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

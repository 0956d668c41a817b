import { useId, useState } from 'react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import { type Campus, DELIVERY_MODES, type OfferingFacts } from '@/lib/offering-facts'
import { useSaveFacts } from '../api/save-facts'
import { checkFacts, type FactsForm, type FieldErrors, monthAhead, STATES, splitErrors } from '../lib/facts-rules'

const text = (n: number | null) => (n === null ? '' : String(n))

function initial(facts: OfferingFacts): FactsForm {
  return {
    fee: text(facts.fee),
    subsidisedFee: text(facts.subsidisedFee),
    subsidyState: facts.subsidyState ?? '',
    durationWeeks: text(facts.durationWeeks),
    durationMaxWeeks: text(facts.durationMaxWeeks),
    deliveryModes: facts.deliveryModes,
    campusIds: facts.campusIds,
    intakes: facts.intakes,
    fundingNotes: facts.fundingNotes,
    courseUrl: facts.courseUrl,
  }
}

function Checkboxes({ legend, options, chosen, onChange, error, name }: { legend: string; options: { value: string; label: string }[]; chosen: string[]; onChange: (v: string[]) => void; error?: string; name: string }) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50">
            <input type="checkbox" name={name} checked={chosen.includes(o.value)} onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))} />
            <span className="text-ink">{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}

type Props = { facts: OfferingFacts; campuses: Campus[]; fundingNotes: string[]; onDone: (saved: boolean) => void }

/** Edits one offering's facts; a save from an older version is refused by the server (409) and said so. */
export function FactsFormView({ facts, campuses, fundingNotes, onDone }: Props) {
  const id = useId()
  const [form, setForm] = useState<FactsForm>(() => initial(facts))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [general, setGeneral] = useState<string[]>([])
  const save = useSaveFacts()
  const set = (changes: Partial<FactsForm>) => setForm((f) => ({ ...f, ...changes }))
  const [today] = useState(() => new Date())
  const months = Array.from({ length: 37 }, (_, i) => monthAhead(today, i))

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setGeneral([])
    const checked = checkFacts(form, facts.version, today)
    setErrors(checked.errors)
    if (!checked.facts) return
    try {
      await save.mutateAsync({ offeringId: facts._id, facts: checked.facts })
      onDone(true)
    } catch (error) {
      const { fields, general } = splitErrors(error)
      setErrors(fields)
      setGeneral(general)
    }
  }

  const input = (name: keyof FactsForm, label: string, hint?: string, type = 'text') => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <input
        {...controlA11y(`${id}-${name}`, { error: errors[name], hint: !!hint })}
        type={type}
        inputMode={type === 'text' && name !== 'courseUrl' ? 'numeric' : undefined}
        value={form[name] as string}
        onChange={(e) => set({ [name]: e.target.value })}
        className={controlClass(!!errors[name])}
      />
    </Field>
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={`Details of ${facts.courseCode}`}>
      {general.length > 0 && <FormMessage tone="error" messages={general} />}
      <div className="grid gap-5 sm:grid-cols-2">
        {input('fee', 'Full fee (whole dollars)')}
        {input('subsidisedFee', 'Subsidised fee (whole dollars)', 'Where a government subsidy lowers it.')}
        <Field id={`${id}-subsidyState`} label="State of the subsidy" error={errors.subsidyState}>
          <select {...controlA11y(`${id}-subsidyState`, { error: errors.subsidyState })} value={form.subsidyState} onChange={(e) => set({ subsidyState: e.target.value })} className={controlClass(!!errors.subsidyState)}>
            <option value="">None</option>
            {STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <div />
        {input('durationWeeks', 'Duration in weeks (or the shortest)')}
        {input('durationMaxWeeks', 'Longest duration in weeks', 'Only for a range.')}
      </div>
      <Checkboxes legend="Delivery" name={`${id}-delivery`} options={DELIVERY_MODES.map((m) => ({ value: m, label: m }))} chosen={form.deliveryModes} onChange={(v) => set({ deliveryModes: v })} error={errors.deliveryModes} />
      {campuses.length > 0 ? (
        <Checkboxes legend="Campuses" name={`${id}-campuses`} options={campuses.map((c) => ({ value: c._id, label: `${c.name}, ${c.town}` }))} chosen={form.campusIds} onChange={(v) => set({ campusIds: v })} error={errors.campusIds} />
      ) : (
        <p className="text-sm text-muted">Add your campuses below to say where this course runs.</p>
      )}
      <Field id={`${id}-intakes`} label="Next intakes (up to six)" error={errors.intakes} hint="Hold Ctrl or Cmd to choose several.">
        <select
          multiple
          {...controlA11y(`${id}-intakes`, { error: errors.intakes, hint: true })}
          value={form.intakes}
          onChange={(e) => set({ intakes: [...e.target.selectedOptions].map((o) => o.value) })}
          className={`${controlClass(!!errors.intakes)} h-32`}
        >
          {months.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </Field>
      <Checkboxes legend="Funding" name={`${id}-funding`} options={fundingNotes.map((n) => ({ value: n, label: n }))} chosen={form.fundingNotes} onChange={(v) => set({ fundingNotes: v })} error={errors.fundingNotes} />
      {input('courseUrl', "Your web page for the course", 'An http or https address, best on your own website.', 'url')}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={() => onDone(false)}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save details'}
        </button>
      </div>
    </form>
  )
}

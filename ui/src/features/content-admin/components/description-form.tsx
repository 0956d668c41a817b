import { RotateCcw, Save } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { CharCount } from '@/components/ui/char-count'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass, fieldIds } from '@/components/ui/form-field-props'
import { Notice } from '@/components/ui/notice'
import { normaliseHtml } from '@/components/ui/rich-text-editor/normalise-html'
import { ApiError } from '@/lib/api-client'
import { visibleText } from '@/lib/html-text'
import { textLengthError } from '@/lib/text-rules'
import { DESCRIPTION_MAX, NAME_MAX, type ContentKind } from '../api/content-kinds'
import type { ContentItem } from '../api/get-content-items'
import { useUpdateContent } from '../api/update-content'
import { CareerEditor } from './career-editor'
import { CAREER_EXTENSIONS } from './career-extensions'

const NAME_ID = 'content-name'
const DESCRIPTION_ID = 'content-description'

/**
 * Step three of Edit Content: the name (read only) and the description of one item. 'Update
 * information' and 'Cancel changes' appear once the description differs from the stored one;
 * the description's rule is checked as the admin types (a career's on its visible text).
 */
export function DescriptionForm({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const rich = kind === 'career'
  const stored = useMemo(() => (rich ? normaliseHtml(item.copy, CAREER_EXTENSIONS) : item.copy), [rich, item.copy])
  const [draft, setDraft] = useState(stored)
  // A save brings a new stored copy: the form starts again from it.
  const [shownStored, setShownStored] = useState(stored)
  if (shownStored !== stored) {
    setShownStored(stored)
    setDraft(stored)
  }

  const update = useUpdateContent(kind)
  const successRef = useRef<HTMLDivElement>(null)
  const text = rich ? visibleText(draft) : draft
  const changed = draft !== stored
  const error = textLengthError('Description', text, DESCRIPTION_MAX)
  // Live, but only once the admin has changed something: a stored copy is not their mistake.
  const shownError = changed ? error : undefined
  const a11y = controlA11y(DESCRIPTION_ID, { error: shownError, hint: true })
  const saved = update.isSuccess && !changed

  // The buttons go away after a save; the reader (and the focus) moves to the message.
  useEffect(() => {
    if (saved) successRef.current?.focus()
  }, [saved])

  const edit = (next: string) => {
    setDraft(next)
    if (!update.isIdle) update.reset()
  }
  const save = () => update.mutate({ id: item._id, description: draft })
  const cancel = () => {
    edit(stored)
    document.getElementById(DESCRIPTION_ID)?.focus()
  }

  return (
    <section aria-label={`Edit ${item.name}`} className="space-y-5 rounded-lg border border-line bg-surface p-5">
      <Field id={NAME_ID} label="Name" aside={<CharCount id={fieldIds(NAME_ID).hint} text={item.name} max={NAME_MAX} />}>
        <input readOnly value={item.name} className={`${controlClass(false)} read-only:bg-surface`} {...controlA11y(NAME_ID, { hint: true })} />
      </Field>

      <Field
        id={DESCRIPTION_ID}
        label="Description"
        aside={<CharCount id={fieldIds(DESCRIPTION_ID).hint} text={text} max={DESCRIPTION_MAX} />}
        error={shownError}
      >
        {rich ? (
          <CareerEditor id={DESCRIPTION_ID} value={draft} onChange={edit} describedBy={a11y['aria-describedby']} invalid={!!shownError} />
        ) : (
          <textarea
            rows={6}
            value={draft}
            onChange={(event) => edit(event.target.value)}
            className={`${controlClass(!!shownError)} min-h-36 resize-y`}
            {...a11y}
          />
        )}
      </Field>

      {saved && (
        <Notice tone="success" ref={successRef}>
          {update.data.msg}
        </Notice>
      )}
      {update.isError && (
        <FormMessage
          tone="error"
          messages={update.error instanceof ApiError ? update.error.messages.map((m) => m.msg) : ['The description could not be saved. Please try again.']}
        />
      )}

      {changed && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={primaryButton} disabled={!!error || update.isPending} onClick={save}>
            <Save aria-hidden="true" className="size-5" />
            {update.isPending ? 'Updating…' : 'Update information'}
          </button>
          <button type="button" className={secondaryButton} disabled={update.isPending} onClick={cancel}>
            <RotateCcw aria-hidden="true" className="size-5" />
            Cancel changes
          </button>
        </div>
      )}
    </section>
  )
}

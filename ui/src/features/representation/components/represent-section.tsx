import { useId, useState } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { FormCard } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { controlClass } from '@/components/ui/form-field-props'
import { errorLines } from '@/lib/error-lines'
import { endSentence } from '@/lib/text-rules'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useProviderSearch } from '../api/find-providers'
import { type MyClaim, useClaimProvider, useMyClaim } from '../api/my-claim'
import { emailDomain, isOnDomain, websiteDomain } from '../lib/work-email'

// A provider's name may end with its own full stop ('… Learning Co.'): endSentence adds none then.
const STATUS_TEXT: Record<MyClaim['status'], (claim: MyClaim) => string> = {
  unverified: (c) => `We sent a link to ${c.workEmail}. Open it within 24 hours to confirm your work email for ${endSentence(c.provider.name)}`,
  pending: (c) => `Your work email is confirmed. Your claim to represent ${c.provider.name} is waiting for an admin's decision.`,
  approved: (c) => `You represent ${endSentence(c.provider.name)} You can reply to its published reviews on each of its course pages.`,
  refused: (c) => `Your claim to represent ${c.provider.name} was not approved. You may ask again below.`,
  revoked: (c) => `You no longer represent ${endSentence(c.provider.name)} Your replies stay on the site.`,
}

/** 'Represent a provider' (Course Provider accounts): the claim's status, and the claim form. */
export function RepresentSection() {
  const claim = useMyClaim(true)
  const current = claim.data
  const canClaim = claim.isSuccess && (!current || !['pending', 'approved'].includes(current.status))
  return (
    <FormCard
      id="profile-represent-title"
      title="Represent a provider"
      description="Work for a training provider? Confirm a work email on its website's domain; once an admin approves, you can reply to its reviews."
    >
      {claim.isError && <FormMessage tone="error" messages={['Your claim could not be loaded. Please reload the page.']} />}
      {current && (
        <p className="mb-5 rounded-md border border-line bg-surface px-4 py-3 text-ink" data-testid="claim-status">
          {STATUS_TEXT[current.status](current)}
        </p>
      )}
      {canClaim && <ClaimForm />}
    </FormCard>
  )
}

function ClaimForm() {
  const id = useId()
  const [search, setSearch] = useState('')
  const [providerId, setProviderId] = useState('')
  const [workEmail, setWorkEmail] = useState('')
  const [problem, setProblem] = useState<string[]>([])
  const text = useDebouncedValue(search.trim(), 300)
  const found = useProviderSearch(text)
  const claim = useClaimProvider()
  const chosen = found.data?.find((p) => p._id === providerId)
  const domain = chosen ? websiteDomain(chosen.websiteUrl) : ''
  // Said at the form, before sending: such a claim goes ahead, but an admin checks it by hand.
  const offDomain = domain !== '' && emailDomain(workEmail) !== '' && !isOnDomain(workEmail, domain)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setProblem([])
    if (!providerId) return setProblem(['Please choose the provider you work for.'])
    try {
      await claim.mutateAsync({ providerId, workEmail })
    } catch (error) {
      setProblem(errorLines(error))
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {problem.length > 0 && <FormMessage tone="error" messages={problem} />}
      <div>
        <label htmlFor={`${id}-search`} className="block font-medium text-ink">
          Search for your provider
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`mt-1.5 ${controlClass(false)}`}
          autoComplete="off"
        />
        {text.length >= 2 && found.data && (
          <fieldset className="mt-3">
            <legend className="text-sm text-muted">{found.data.length ? 'Choose your provider' : 'No providers found'}</legend>
            <ul className="mt-2 space-y-2">
              {found.data.map((p) => (
                <li key={p._id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50">
                    <input type="radio" name="provider" value={p._id} checked={providerId === p._id} onChange={() => setProviderId(p._id)} className="mt-1" />
                    <span>
                      <span className="block font-medium text-ink">{p.name}</span>
                      <span className="block text-sm break-all text-muted">{p.websiteUrl || 'No website'}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="block font-medium text-ink">
          Work email
        </label>
        <p id={`${id}-email-hint`} className="text-sm text-muted">
          {domain ? `An address on ${domain}, the provider's website.` : "An address on the provider's website domain."} We mail a link to it.
        </p>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={workEmail}
          onChange={(e) => setWorkEmail(e.target.value)}
          aria-describedby={offDomain ? `${id}-email-hint ${id}-email-off-domain` : `${id}-email-hint`}
          className={`mt-1.5 ${controlClass(false)}`}
        />
        {offDomain && (
          <p id={`${id}-email-off-domain`} className="mt-2 rounded-md border border-accent-700/30 bg-accent-100 px-3 py-2 text-sm text-ink">
            {emailDomain(workEmail)} is not {domain}. You can still send your claim, but an admin then checks it by hand, which takes
            longer.
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={claim.isPending}>
          {claim.isPending ? 'Sending…' : 'Send confirmation link'}
        </button>
      </div>
    </form>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { Search } from 'lucide-react'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { primaryButton } from '@/components/ui/button-styles'
import { TextInput } from '@/components/ui/text-input'
import { emailError } from '@/lib/account-rules'
import { schemaWithErrors } from '@/lib/form-helpers'

// The spec's words for this form (and the server's): 'Email is required', 'Email is invalid'.
const searchSchema = schemaWithErrors({ email: z.string() }, ({ email }) => ({
  email: email.trim() === '' ? 'Email is required' : emailError(email) ? 'Email is invalid' : undefined,
}))

type SearchValues = z.infer<typeof searchSchema>

type SearchUserFormProps = {
  onSearch: (email: string) => void
  /** The email was edited: what was found for the previous one no longer applies. */
  onEdit: () => void
  pending: boolean
}

/** One email input; Enter (or the Search button) looks the account up. */
export function SearchUserForm({ onSearch, onEdit, pending }: SearchUserFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchValues>({ resolver: zodResolver(searchSchema), defaultValues: { email: '' } })

  return (
    <form
      role="search"
      aria-label="Search users"
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={handleSubmit(({ email }) => onSearch(email.trim()))}
    >
      <div className="flex-1">
        <TextInput
          id="search-user-email"
          label="User email"
          type="email"
          placeholder="type user email here"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          enterKeyHint="search"
          error={errors.email?.message}
          field={register('email', { onChange: onEdit })}
        />
      </div>
      {/* Level with the input: below the label's line on wider screens. */}
      <button type="submit" className={`${primaryButton} sm:mt-[1.875rem]`} disabled={pending}>
        <Search aria-hidden="true" className="size-5" />
        Search
      </button>
    </form>
  )
}

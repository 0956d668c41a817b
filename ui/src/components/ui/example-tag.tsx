/** Marks the shipped demo providers, so no real business is mistaken for them (DESIGN decision 15). */
export function ExampleTag() {
  return (
    <span className="inline-flex items-center rounded-full border border-accent-500 bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-700">
      Example provider
    </span>
  )
}

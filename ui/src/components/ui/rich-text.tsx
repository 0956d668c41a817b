/**
 * The look of sanitised rich copy (career copy, provider descriptions), shared with the admin's
 * editor so that what the admin edits looks like what the site shows.
 */
export const RICH_TEXT_CLASS =
  'space-y-3 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-brand-950 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-brand-950 [&_h4]:font-semibold [&_h4]:text-brand-950 [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc'

/**
 * HTML from the API that the server sanitised on write (career copy, provider descriptions;
 * DESIGN decision 10). Only ever pass sanitised fields here.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`${RICH_TEXT_CLASS} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}

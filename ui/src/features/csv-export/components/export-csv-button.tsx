import { FileDown } from 'lucide-react'
import { goTo } from '@/lib/browser'
import { errorLines } from '@/lib/error-lines'
import { useExportCsv } from '../api/export-csv'

/**
 * The admin menu's 'Export CSV' action: asks for a download address, then opens it so the
 * browser saves the file while the page stays. A failure shows the server's words below it.
 */
export function ExportCsvButton({ className }: { className: string }) {
  const exportCsv = useExportCsv()
  const failure = exportCsv.isError ? errorLines(exportCsv.error)[0] : null
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={exportCsv.isPending}
        aria-describedby={failure ? 'export-csv-error' : undefined}
        onClick={() => exportCsv.mutate(undefined, { onSuccess: ({ url }) => goTo(url) })}
      >
        <FileDown aria-hidden="true" className="size-5 shrink-0" />
        Export CSV
      </button>
      <div role="alert" className="empty:hidden">
        {failure && (
          <p id="export-csv-error" className="px-3 pt-1 text-sm font-medium text-danger-700 lg:max-w-64">
            {failure}
          </p>
        )}
      </div>
    </>
  )
}

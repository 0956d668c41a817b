import { useMutation } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { api } from '@/lib/api-client'

const exportSchema = z.object({ url: z.string() })

/**
 * POST /api/admin/exportcsv: prepares every review as CSV and answers a one-time download
 * address (valid for 5 minutes), which the browser then opens.
 */
export function exportCsv() {
  return api.post('/api/admin/exportcsv', {}, exportSchema)
}

export function useExportCsv() {
  return useMutation({ mutationFn: exportCsv })
}

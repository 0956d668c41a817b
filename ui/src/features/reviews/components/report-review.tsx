import { Flag } from 'lucide-react'
import { useState } from 'react'
import { ReasonDialog } from '@/components/reviews/reason-dialog'
import { useReportReview } from '../api/report-review'

/** 'Report' under someone else's review: a reason from the list, then the server's thanks or refusal. */
export function ReportReview({ reviewId, reviewTitle }: { reviewId: string; reviewTitle: string }) {
  const [asking, setAsking] = useState(false)
  const report = useReportReview()
  return (
    <>
      <button
        type="button"
        onClick={() => {
          report.reset()
          setAsking(true)
        }}
        className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-muted hover:text-brand-700 hover:underline"
      >
        <Flag aria-hidden="true" className="size-4" />
        Report
      </button>
      {report.isSuccess && (
        <p role="status" className="w-full text-sm font-medium text-success-700">
          {report.data.msg}
        </p>
      )}
      <ReasonDialog
        open={asking}
        title="Report review"
        description={`What is wrong with ‘${reviewTitle}’? A moderator keeps or removes it, and you are told which in your notifications.`}
        noteLabel="Tell us more"
        confirmLabel="Report"
        busy={report.isPending}
        error={report.isError ? report.error.message : null}
        onClose={() => setAsking(false)}
        onConfirm={(choice) => report.mutate({ reviewId, ...choice }, { onSuccess: () => setAsking(false) })}
      />
    </>
  )
}

import { ArrowRight, Search } from 'lucide-react'
import { Link } from 'react-router'
import { TAGLINE } from '@/config/site'

/** Home: the stage hero under the dark header. Featured provider and industries come later. */
export default function HomePage() {
  return (
    <>
      <section className="on-dark bg-brand-950 text-white">
        <div className="container-page pt-10 pb-16 sm:pt-16 sm:pb-24">
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">
            Australian vocational education reviews
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{TAGLINE}</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            Read what students, graduates and employers say about the training providers behind each
            course, then add your own review to help the next person choose well.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/search"
              className="inline-flex items-center justify-center gap-2 rounded-md bg-accent-400 px-5 py-3 font-semibold text-brand-950 shadow-sm transition-colors hover:bg-accent-300"
            >
              <Search aria-hidden="true" className="size-5" />
              Find & Review Course Provider
            </Link>
            <Link
              to="/industries"
              className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-300 px-5 py-3 font-semibold text-white transition-colors hover:bg-white/10"
            >
              Browse industries
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          </div>
        </div>
      </section>
      <section className="container-page py-12">
        <p className="text-lg text-muted">Coming soon</p>
      </section>
    </>
  )
}

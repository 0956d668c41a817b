import { ArrowRight, Search } from 'lucide-react'
import { Link } from 'react-router'
import { useLoginGate } from '@/components/ui/use-login-gate'
import { CardGridSkeleton } from '@/components/ui/skeleton'
import { TAGLINE } from '@/config/site'
import { useUser } from '@/lib/auth/get-userinfo'
import { useIndustries } from '../api/get-industries'
import { FeaturedProvider } from '../components/featured-provider'
import { IndustryGrid } from '../components/industry-card'

/** Home: the stage hero with the featured provider, then every industry. */
export default function HomePage() {
  const { gate, dialog } = useLoginGate(useUser())
  const industries = useIndustries()

  return (
    <>
      <section className="on-dark bg-brand-950 text-white">
        <div className="container-page grid gap-10 pt-10 pb-16 sm:pt-16 sm:pb-24 lg:grid-cols-[1.25fr_1fr] lg:items-center">
          <div>
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
          <FeaturedProvider gate={gate} />
        </div>
      </section>

      <section aria-labelledby="home-industries" className="container-page py-12 sm:py-16">
        <h2 id="home-industries" className="text-3xl font-bold tracking-tight text-brand-950">
          Browse by industry
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          Choose an industry to see its careers, the courses that lead to them and the providers that teach them.
        </p>
        <div className="mt-8">
          {industries.isPending ? (
            <CardGridSkeleton count={6} label="Loading industries…" />
          ) : industries.isError ? (
            <p className="text-muted">Industries could not be loaded just now. Please try again in a moment.</p>
          ) : (
            <IndustryGrid industries={industries.data} />
          )}
        </div>
      </section>
      {dialog}
    </>
  )
}

import { Briefcase, Compass, Heart, MapPin, MessageSquareQuote, ShieldCheck, Users } from 'lucide-react'
import { WhoBenefitsPage } from '../components/who-benefits-page'

/** /who-benefits/parents */
export default function WhoBenefitsParentsPage() {
  return (
    <WhoBenefitsPage
      audience="Parents"
      icon={Users}
      intro={
        <>
          <p>
            Helping a school leaver decide what comes next is a big job. Vocational education offers hundreds of
            nationally recognised qualifications, and several providers for most of them.
          </p>
          <p>CourseSource helps you look past the brochure to what students and employers actually say.</p>
        </>
      }
      featuresTitle="How CourseSource helps parents"
      features={[
        {
          icon: Compass,
          title: 'Understand the options',
          text: 'Browse industries and careers to see which qualifications lead where, from a Certificate II to a Diploma.',
        },
        {
          icon: MessageSquareQuote,
          title: 'Read honest reviews',
          text: 'See what students and graduates say about the trainers, facilities, support and workload at each provider.',
        },
        {
          icon: Briefcase,
          title: 'See the employer’s view',
          text: 'Employer ratings show which providers turn out graduates who are ready for work.',
        },
        {
          icon: ShieldCheck,
          title: 'Moderated and fair',
          text: 'A moderator checks every review before it is published, so you read genuine first-hand experiences.',
        },
        {
          icon: Heart,
          title: 'Shortlist together',
          text: 'Save courses and providers to your favourites and talk them over with the young person you are helping.',
        },
        {
          icon: MapPin,
          title: 'Check what is close to home',
          text: 'Sort providers by distance to see which are within easy travel.',
        },
      ]}
      stepsTitle="How it works"
      steps={[
        {
          title: 'Explore together',
          text: 'Start from an industry your son or daughter is interested in, and follow it to careers and courses.',
        },
        { title: 'Compare providers', text: 'Register free as a parent to read the reviews and ratings for each provider.' },
        {
          title: 'Ask the right questions',
          text: 'Use what reviewers mention to ask providers about fees, work placements and support.',
        },
      ]}
      extra={{
        title: 'A note on reviews',
        body: (
          <>
            <p>
              Parents can read every published review but can&rsquo;t write one. Reviews come only from students and
              graduates who did the course and from employers, so every rating rests on first-hand experience.
            </p>
            <p>If your son or daughter has finished a course, encourage them to review it for the next family.</p>
          </>
        ),
      }}
      closing={{
        title: 'Start exploring together',
        text: 'Register free as a parent to read every review.',
      }}
    />
  )
}

import { Briefcase, Compass, Link2, RefreshCw, ShieldCheck, Star, Signpost } from 'lucide-react'
import { WhoBenefitsPage } from '../components/who-benefits-page'

/** /who-benefits/career-advisors */
export default function WhoBenefitsCareerAdvisorsPage() {
  return (
    <WhoBenefitsPage
      audience="Career Advisors"
      icon={Signpost}
      intro={
        <>
          <p>You help students find a path that suits them, and a provider that will get them there.</p>
          <p>
            CourseSource gives you first-hand evidence about the providers that deliver each course, from students,
            graduates and employers, so you can point students to training that works.
          </p>
        </>
      }
      featuresTitle="How CourseSource helps career advisors"
      features={[
        {
          icon: Compass,
          title: 'Map careers to courses',
          text: 'Industries, careers and the nationally recognised qualifications that lead to them, in one place.',
        },
        {
          icon: Star,
          title: 'Point students to good providers',
          text: 'Compare the providers for a course by student and employer ratings, and see how many reviews stand behind each score.',
        },
        {
          icon: Briefcase,
          title: 'Bring in the employer’s voice',
          text: 'Employer reviews show which providers produce job-ready graduates: useful evidence for conversations with students and families.',
        },
        {
          icon: Link2,
          title: 'Share a link',
          text: 'Every industry, career and course has its own page, so you can send students straight to the right one.',
        },
        {
          icon: ShieldCheck,
          title: 'Moderated reviews',
          text: 'A moderator checks every review before it is published, and each person can review a course at a provider once.',
        },
        {
          icon: RefreshCw,
          title: 'Stay current',
          text: 'New reviews arrive as students graduate, so your picture of the providers your students use stays up to date.',
        },
      ]}
      stepsTitle="How it works"
      steps={[
        { title: 'Register as a career advisor', text: 'Create a free account to read every review.' },
        { title: 'Research the options', text: 'Browse by industry and career, or search for a course by name or code.' },
        {
          title: 'Guide your students',
          text: 'Share course pages with students, and encourage graduates to review the course they did.',
        },
      ]}
      extra={{
        title: 'Encourage your graduates to review',
        body: (
          <>
            <p>
              The more students and graduates review their course, the clearer the picture for the next group. Former
              students can sign up as a Student/Graduate and review the course they completed.
            </p>
            <p>
              Career advisors can read every published review but don&rsquo;t write them: reviews come only from people
              with first-hand experience of the course, students, graduates and employers.
            </p>
          </>
        ),
      }}
      closing={{
        title: 'Help students choose well',
        text: 'Register free as a career advisor and start exploring.',
      }}
    />
  )
}

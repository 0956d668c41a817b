import { BadgeCheck, Building2, Handshake, Heart, MessageSquareQuote, ShieldCheck } from 'lucide-react'
import { WhoBenefitsPage } from '../components/who-benefits-page'

/** /who-benefits/employers */
export default function WhoBenefitsEmployersPage() {
  return (
    <WhoBenefitsPage
      audience="Employers"
      icon={Building2}
      intro={
        <>
          <p>
            Whether you are taking on an apprentice, upskilling your team or hiring a new graduate, the training behind
            them matters.
          </p>
          <p>
            CourseSource shows how each provider&rsquo;s graduates measure up, rated by the people who employ and train
            them, and gives you a place to share your own view.
          </p>
        </>
      }
      featuresTitle="What you get as an employer"
      features={[
        {
          icon: Building2,
          title: 'Choose who trains your staff',
          text: 'Compare the providers that deliver the qualification your apprentices, trainees or staff need, rated by students and by other employers.',
        },
        {
          icon: BadgeCheck,
          title: 'See how graduates perform',
          text: 'Employer reviews focus on what matters at work: practical skills, industry knowledge and readiness for the job.',
        },
        {
          icon: MessageSquareQuote,
          title: 'Share your view of graduates',
          text: 'Tell providers and future students how well a course prepared the people you have hired or trained. Employer ratings are shown separately from student ratings.',
        },
        {
          icon: Handshake,
          title: 'Help shape better training',
          text: 'Honest feedback from industry encourages providers to keep their training current and relevant to the workplace.',
        },
        {
          icon: ShieldCheck,
          title: 'Business accounts',
          text: 'Employer accounts carry an Australian Business Number (ABN), so readers know an employer review comes from a business.',
        },
        {
          icon: Heart,
          title: 'Keep a shortlist',
          text: 'Save the providers you rely on for the courses your business needs, and find them again in one click.',
        },
      ]}
      stepsTitle="How it works"
      steps={[
        { title: 'Sign up as an employer', text: 'Register free with your name, job title, business name and ABN.' },
        { title: 'Find the course', text: 'Browse by industry and career, or search by course name or code.' },
        {
          title: 'Review the provider',
          text: 'Rate how well the provider prepared your apprentices, trainees or the graduates you hired for work.',
        },
      ]}
      extra={{
        title: 'What makes a helpful employer review',
        body: (
          <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">
            <li>Describe the skills graduates arrived with, and any gaps you had to fill on the job.</li>
            <li>
              Say how the provider worked with your business, for example with apprentices and trainees: communication,
              flexibility and workplace visits.
            </li>
            <li>Keep it about the training, not individuals: don&rsquo;t name trainers, staff or students.</li>
          </ul>
        ),
      }}
      closing={{
        title: 'Help the next employer choose',
        text: 'Your experience with a provider is worth sharing. Register free and leave your first review.',
      }}
    />
  )
}

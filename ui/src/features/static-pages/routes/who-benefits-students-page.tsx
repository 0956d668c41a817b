import { Briefcase, GraduationCap, Heart, MapPin, MessageSquareQuote, Scale, ShieldCheck } from 'lucide-react'
import { WhoBenefitsPage } from '../components/who-benefits-page'

/** /who-benefits/students */
export default function WhoBenefitsStudentsPage() {
  return (
    <WhoBenefitsPage
      audience="Students"
      icon={GraduationCap}
      intro={
        <>
          <p>
            Choosing where to study matters as much as choosing what to study. The same Certificate III can be a very
            different experience at two different providers.
          </p>
          <p>
            CourseSource shows you what students, graduates and employers say about each provider that delivers your
            course, so you can enrol with your eyes open.
          </p>
        </>
      }
      featuresTitle="What you get as a student"
      features={[
        {
          icon: Scale,
          title: 'Compare providers for your course',
          text: 'See the registered training organisations that deliver your qualification, with their student and employer ratings side by side.',
        },
        {
          icon: MessageSquareQuote,
          title: 'Hear from people who did the course',
          text: 'Students and graduates review the trainers, resources, support, work placements and how well the course prepared them for work.',
        },
        {
          icon: Briefcase,
          title: 'Know what employers think',
          text: 'Employers rate the providers whose graduates they hire and train, so you can see which courses lead to job-ready skills.',
        },
        {
          icon: MapPin,
          title: 'Find providers near you',
          text: 'Share your location to sort providers by distance and see how far away each one is.',
        },
        {
          icon: Heart,
          title: 'Shortlist your favourites',
          text: 'Save the courses and providers you like and come back to compare them when you are ready to enrol.',
        },
        {
          icon: ShieldCheck,
          title: 'Reviews you can trust',
          text: 'A moderator checks every review before it is published, and each person can review a course at a provider only once.',
        },
      ]}
      stepsTitle="How it works"
      steps={[
        { title: 'Find your course', text: 'Browse by industry and career, or search by course name or code, such as SIT30821.' },
        { title: 'Compare providers', text: 'Sign up free to read the reviews and ratings for every provider that delivers it.' },
        {
          title: 'Share your experience',
          text: 'Once you have done a course, review it so the next student can choose well. Only your nickname is shown.',
        },
      ]}
      extra={{
        title: 'Questions worth asking a provider',
        body: (
          <>
            <p>Reviews tell you what other students found. Use them to ask providers the right questions before you enrol:</p>
            <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">
              <li>How much of the course is hands-on, and is there a work placement?</li>
              <li>What industry experience do the trainers have?</li>
              <li>What help is there if I fall behind, or need support with language, literacy or numeracy?</li>
              <li>What will the course cost in total, and am I eligible for a government-subsidised place?</li>
            </ul>
          </>
        ),
      }}
      closing={{
        title: 'Your review helps the next student',
        text: 'Done a course? Tell others how it really was. It only takes a few minutes.',
      }}
    />
  )
}

import { Link } from 'react-router'
import { LegalPage, type LegalSection } from '../components/legal-page'

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply to everyone who uses CourseSource (&lsquo;we&rsquo;, &lsquo;us&rsquo;, &lsquo;our&rsquo;), whether
          you are browsing, have an account or write reviews. By using the site you agree to them. If you don&rsquo;t
          agree, please don&rsquo;t use CourseSource.
        </p>
        <p>
          How we handle your personal information is set out in our <Link to="/privacy">Privacy Policy</Link>, which
          forms part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'who-can-use',
    title: 'Who can read and who can review',
    body: (
      <>
        <p>Anyone can browse industries, careers, courses and the providers that deliver them.</p>
        <ul>
          <li>
            <strong>Reading reviews</strong> needs a free account of any type: Student/Graduate, Employer, Parent,
            Career Advisor, Course Provider or Other.
          </li>
          <li>
            <strong>Writing reviews</strong> is open only to Students/Graduates and Employers, the people with
            first-hand experience of a course as delivered by a provider.
          </li>
          <li>
            Parents, Career Advisors, Course Providers and Others can read every published review but cannot write
            one.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <>
        <ul>
          <li>Give accurate details when you sign up, and keep them up to date in your profile.</li>
          <li>Choose the account type that truly describes you. Don&rsquo;t sign up as a student or employer to review a provider you have no first-hand experience of.</li>
          <li>One account per person. Accounts are personal and must not be shared, sold or transferred.</li>
          <li>Keep your password secret. You are responsible for what is done with your account; tell us straight away through the <Link to="/contact">contact page</Link> if you think someone else has used it.</li>
          <li>Employers must give a valid Australian Business Number (ABN) for the business they represent, and must be authorised to speak for it.</li>
          <li>You can delete your account at any time from your profile.</li>
        </ul>
        <p>
          We may suspend or delete an account that breaks these terms, for example one used to post fake reviews,
          without notice.
        </p>
      </>
    ),
  },
  {
    id: 'review-moderation',
    title: 'Review moderation policy',
    body: (
      <>
        <p>
          Every review is read by a CourseSource moderator before it is published. Nothing goes live automatically, and
          providers cannot pay to have reviews published, changed or removed. We approve reviews that meet this policy
          whether they are positive or negative.
        </p>
        <h3>What we approve</h3>
        <ul>
          <li>Reviews based on your own first-hand experience of the course at that provider, as a student, graduate or employer.</li>
          <li>Honest opinions, good or bad, about the training: trainers, course content, resources, facilities, support, work placements, assessment and how well it prepared you or your staff for work.</li>
          <li>Reviews written in a fair and civil way, even when they are critical.</li>
        </ul>
        <h3>What we disapprove</h3>
        <ul>
          <li>Reviews that are not based on first-hand experience, or that are about a different course or provider.</li>
          <li>Profanity, abuse, threats, harassment, or discriminatory language.</li>
          <li>Personal details: names, phone numbers, email or street addresses of trainers, staff, students or anyone else, or anything that could identify a private person.</li>
          <li>Defamatory content: statements of fact about a person or business that are false or that you cannot support.</li>
          <li>Advertising, promotion, links to other sites, or reviews written by or for a provider about itself or a competitor.</li>
          <li>Reviews offered in exchange for payment or a benefit that depends on what the review says.</li>
          <li>Content that is unlawful or breaches someone&rsquo;s copyright or privacy.</li>
        </ul>
        <h3>One review per course and provider</h3>
        <p>
          You can review each course at each provider once. If you studied the same course at two providers, you can
          review both.
        </p>
        <h3>When your review goes live</h3>
        <p>
          While a review waits for a moderator it shows as awaiting moderation in your profile. When a moderator has
          decided, we email you to say whether your review was approved and is live, or was not approved. Reviews are
          published as you wrote them: we don&rsquo;t edit them. Students are shown by their nickname only.
        </p>
        <p>
          When a review is not published we always tell you why: one of the reasons listed on{' '}
          <Link to="/about/reviews">how we moderate reviews</Link>, often with a note from the moderator. You can then
          edit your review and submit it again from your reviews page, or contact us if you think we got it wrong.
        </p>
        <h3>Incentivised reviews</h3>
        <p>
          When you write a review we ask whether you received payment, a gift or a discount for it. Answer honestly: such
          reviews are published with an &lsquo;Incentivised review&rsquo; label and count like any other.
        </p>
        <h3>Moderation in the open</h3>
        <p>
          How we moderate, and the figures for the last 12 months (reviews received, published, not published by reason,
          and how long a decision takes), are public on <Link to="/about/reviews">how we moderate reviews</Link>.
        </p>
        <h3>Reporting a review</h3>
        <p>
          If you think a published review breaks this policy, tell us through the <Link to="/contact">contact page</Link>{' '}
          and include the course, the provider and the review&rsquo;s title. A moderator will look at it again and may
          remove it. Providers who want to respond to a review can contact us the same way.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When you use CourseSource you must not:</p>
        <ul>
          <li>post fake reviews, review your own organisation or a competitor, or ask or reward others to do so;</li>
          <li>pretend to be someone else or misrepresent your connection with a provider or business;</li>
          <li>copy, scrape or harvest reviews, ratings or user details by automated means, or republish them in bulk;</li>
          <li>try to get around the site&rsquo;s security, rate limits or moderation, or to reach accounts or data that are not yours;</li>
          <li>upload anything containing malicious code, or anything in a profile image that is offensive or not yours to use;</li>
          <li>use the site or the contact form to send spam or advertising; or</li>
          <li>use CourseSource in a way that breaks any law, including the Australian Consumer Law.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your reviews and content',
    body: (
      <>
        <p>
          You keep ownership of the reviews you write. By submitting one, you give us a free, non-exclusive, worldwide
          licence to publish, display, store and reproduce it on CourseSource, and to use it in summaries such as
          ratings, for as long as it is on the site.
        </p>
        <p>
          You are responsible for what you write, and you promise that it is true to your experience and that you have
          the right to post it. We may decline, remove or stop displaying any review or content that breaks these terms.
          If you delete your account, your reviews are deleted with it.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <>
        <p>
          The CourseSource name and logo, the design of the site and the text we write are ours or used under licence.
          You may view and share links to pages for personal, non-commercial use, but you may not copy substantial
          parts of the site, or use our name or logo, without our written permission.
        </p>
        <p>
          Qualification codes and titles come from the national register of vocational education and training. Provider
          names and trade marks belong to their owners; showing them here doesn&rsquo;t mean a provider endorses
          CourseSource or that we endorse the provider.
        </p>
      </>
    ),
  },
  {
    id: 'information-on-the-site',
    title: 'Information on the site',
    body: (
      <>
        <p>
          Reviews are the opinions of the people who wrote them, not ours. Ratings are calculated from reviewers&rsquo;
          answers and can change as new reviews are published. Course and provider details can change, so check fees,
          entry requirements, delivery and registration with the provider and on{' '}
          <a href="https://training.gov.au/" target="_blank" rel="noopener noreferrer">
            training.gov.au<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          before you enrol. Nothing on CourseSource is financial, legal or career advice.
        </p>
        <p>
          Providers marked &lsquo;Example provider&rsquo; are fictional, shown to demonstrate how the site works; they are not
          real businesses.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          Nothing in these terms excludes, restricts or changes any right or remedy you have under the Australian
          Consumer Law or any other law that cannot be excluded.
        </p>
        <p>
          Subject to that, CourseSource is provided &lsquo;as is&rsquo;. We work to keep it available, accurate and secure, but we
          do not promise that it will always be available or free of errors, and to the extent the law allows we are not
          liable for any loss arising from your use of the site, from decisions you make based on reviews, or from
          content written by other users. Where our liability cannot be excluded but can be limited, it is limited to
          supplying the service again.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to the site and these terms',
    body: (
      <p>
        We may change CourseSource and these terms from time to time. The date at the top of this page shows when the
        terms last changed. If a change is significant we will tell account holders by email or on the site. If you keep
        using CourseSource after a change, the new terms apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of Australia. You and we submit to the non-exclusive jurisdiction of the
        courts of Australia.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms, or a review you want to report? Use the <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
]

/** /terms-of-use: terms of use, with the review moderation policy. */
export default function TermsOfUsePage() {
  return (
    <LegalPage
      title="Terms of Use"
      intro="The rules for using CourseSource, including how we moderate reviews."
      updated="22 November 2026"
      sections={sections}
    />
  )
}

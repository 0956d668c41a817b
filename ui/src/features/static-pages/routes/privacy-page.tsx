import { Link } from 'react-router'
import { LegalPage, type LegalSection } from '../components/legal-page'

const OAIC = 'https://www.oaic.gov.au/'

const sections: LegalSection[] = [
  {
    id: 'about-this-policy',
    title: 'About this policy',
    body: (
      <>
        <p>
          CourseSource (&lsquo;we&rsquo;, &lsquo;us&rsquo;, &lsquo;our&rsquo;) respects your privacy. This policy explains what personal
          information we collect, why, how we look after it and the choices you have. We handle personal information in
          line with the Australian Privacy Principles (APPs) in the <em>Privacy Act 1988</em> (Cth).
        </p>
        <p>
          In short: we collect only what we need to run a review site, we keep it on servers we control, we never sell
          it, and we don&rsquo;t track you with advertising or analytics tools.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <h3>Account details</h3>
        <p>When you sign up we ask for:</p>
        <ul>
          <li>
            <strong>Everyone:</strong> first and last name, email address, password, gender, your user type (Student/Graduate,
            Employer, Parent, Career Advisor, Course Provider or Other), an avatar or profile image if you choose one, and
            whether you opt in to hearing from us.
          </li>
          <li>
            <strong>Students and graduates:</strong> a nickname and your date of birth.
          </li>
          <li>
            <strong>Employers:</strong> your business name, your job title and the business&rsquo;s Australian Business
            Number (ABN).
          </li>
        </ul>
        <p>We never store your password itself, only a one-way cryptographic hash of it that cannot be turned back into the password.</p>
        <h3>Reviews and activity</h3>
        <ul>
          <li>Reviews you write: your answers to the review questions, the title and comment, the score calculated from your answers, the dates, and the moderation outcome.</li>
          <li>The reviews you like or dislike, and the course and provider pairs you save as favourites.</li>
          <li>Notifications we show you in your profile, such as the outcome of a review.</li>
        </ul>
        <h3>Contact messages</h3>
        <p>
          When you use the <Link to="/contact">contact form</Link> we keep your name, email address, reason and message,
          and for a technical enquiry the issue type and the device and browser you told us about.
        </p>
        <h3>Technical logs</h3>
        <p>
          Like any web server, ours records technical details of each request: your IP address, the date and time, the
          address requested and the result. We use them to keep the site secure and working, for example to limit
          repeated login attempts, and we don&rsquo;t use them to build a profile of you.
        </p>
        <p>
          When you submit a review we keep a scrambled (keyed hash) form of the network it came from, never your IP
          address itself, for 90 days, so our moderators can see when several reviews of one provider come from the same
          place. It is deleted after 90 days and is never shown to anyone.
        </p>
        <h3>Information from others</h3>
        <p>
          We don&rsquo;t buy personal information or collect it from other sites. When an employer enters an ABN we may
          check it against the public Australian Business Register to confirm the business name.
        </p>
      </>
    ),
  },
  {
    id: 'why-we-collect',
    title: 'Why we collect it and how we use it',
    body: (
      <>
        <p>We use personal information only to run CourseSource:</p>
        <ul>
          <li>to create and secure your account, keep you logged in and let you reset your password;</li>
          <li>to publish your reviews once they are approved, and to show your favourites and notifications;</li>
          <li>to check that reviewers are who they say they are (a student or graduate, or an employer with a valid ABN) and to moderate reviews;</li>
          <li>to answer your contact messages;</li>
          <li>to keep the site secure, prevent abuse and fix problems.</li>
        </ul>
        <h3>What other people see</h3>
        <p>
          On a published review we show your avatar or profile image, your user type and your name. Students are shown
          by their nickname only. We never show your email address, date of birth or ABN to other users. Our moderators
          (CourseSource administrators) can see account details and reviews when they need to, to moderate reviews and
          deal with reports.
        </p>
        <p>
          If you don&rsquo;t give us the information a form asks for, we may not be able to create your account, publish
          your review or answer your message. You can browse courses and providers without an account.
        </p>
      </>
    ),
  },
  {
    id: 'email',
    title: 'Email',
    body: (
      <>
        <p>We send email only when it is part of using the site:</p>
        <ul>
          <li>to verify your email address when you sign up or change it;</li>
          <li>to reset your password when you ask;</li>
          <li>to tell you the outcome of a review you wrote: approved and live, or not approved;</li>
          <li>to reply to a message you sent us.</li>
        </ul>
        <p>
          We don&rsquo;t send marketing email. Your opt-in choice, which you can change in your profile, records whether
          you&rsquo;d like to hear news about CourseSource; if we ever send news, it will go only to people who opted in
          and every message will let you unsubscribe.
        </p>
      </>
    ),
  },
  {
    id: 'disclosure',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          <strong>We never sell, rent or trade your personal information,</strong> and we don&rsquo;t share it with
          advertisers, data brokers or course providers. We disclose it only:
        </p>
        <ul>
          <li>when you ask us to, or as needed to deliver email you asked for (for example, through our mail service);</li>
          <li>when the law requires or authorises it, for example to respond to a court order, or to prevent a serious threat to someone&rsquo;s life, health or safety.</li>
        </ul>
        <p>We don&rsquo;t disclose your personal information to anyone overseas.</p>
      </>
    ),
  },
  {
    id: 'storage-and-security',
    title: 'Where we store it and how we protect it',
    body: (
      <>
        <p>
          Your information is stored in our database on servers we control. We protect it with reasonable steps,
          including:
        </p>
        <ul>
          <li>encrypted connections (HTTPS) between your browser and the site;</li>
          <li>passwords stored only as strong one-way hashes;</li>
          <li>a login session cookie that scripts on the page cannot read;</li>
          <li>limits on repeated login, sign-up and contact attempts;</li>
          <li>access to personal information only for the administrators who need it.</li>
        </ul>
        <p>
          We keep your account information for as long as you have an account, and contact messages for as long as we
          need them to answer you and keep a record of the conversation. If there is ever a data breach likely to cause
          you serious harm, we will tell you and the Office of the Australian Information Commissioner (OAIC) as the
          Notifiable Data Breaches scheme requires.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          CourseSource uses <strong>one cookie</strong>: a session cookie set when you log in, so the site knows it is you. It
          lasts one day, or 30 days if you tick &lsquo;Keep me logged in&rsquo;, and is removed when you log out.
        </p>
        <p>
          We also keep two small notes in your browser&rsquo;s local storage: the last page you visited, so logging in can
          bring you back to it, and whether you closed the promotion strip at the top of the page. They stay in your
          browser and are never sent to us.
        </p>
        <p>
          We don&rsquo;t use tracking, advertising or analytics cookies, and the site loads no third-party scripts or
          fonts, so no other company learns that you visited.
        </p>
      </>
    ),
  },
  {
    id: 'access-and-correction',
    title: 'Accessing and correcting your information',
    body: (
      <>
        <p>
          You can see and correct most of your details yourself in your profile: your name, email, password, avatar or
          profile image, type-specific details and your opt-in choice.
        </p>
        <p>
          You can also ask us for the personal information we hold about you, or ask us to correct it, through the{' '}
          <Link to="/contact">contact page</Link>. We will respond within 30 days and won&rsquo;t charge you for it. If we
          can&rsquo;t give you access or make a correction, we will tell you why in writing.
        </p>
      </>
    ),
  },
  {
    id: 'download-and-delete',
    title: 'Downloading your data and deleting your account',
    body: (
      <>
        <p>From your profile you can:</p>
        <ul>
          <li>
            <strong>download your data:</strong> a copy of your account details, reviews and favourites;
          </li>
          <li>
            <strong>delete your account:</strong> this removes your account, your reviews, your favourites, your likes and
            dislikes and your profile image straight away, and ends every session you have open.
          </li>
        </ul>
        <p>
          Copies may remain in our backups until those backups are replaced. Contact messages you sent are not linked to
          your account; ask us through the contact page if you&rsquo;d like those deleted too.
        </p>
      </>
    ),
  },
  {
    id: 'young-people',
    title: 'Young people',
    body: (
      <p>
        Many people choosing vocational training are still at school. If you are under 18, please talk with a parent,
        guardian or career advisor before you sign up and before you post a review.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Questions and complaints',
    body: (
      <>
        <p>
          If you have a question about this policy or a complaint about how we have handled your personal information,
          tell us through the <Link to="/contact">contact page</Link>. We will acknowledge it, look into it and reply
          within 30 days.
        </p>
        <p>
          If you are not satisfied with our answer, you can complain to the Office of the Australian Information
          Commissioner (OAIC) at{' '}
          <a href={OAIC} target="_blank" rel="noopener noreferrer">
            oaic.gov.au<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          or on 1300 363 992.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as the site changes or the law requires. The date at the top shows when it last
        changed; if a change is significant we will tell account holders by email or on the site.
      </p>
    ),
  },
]

/** /privacy: the privacy policy, following the Australian Privacy Principles. */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="What personal information CourseSource collects, why, and how we look after it."
      updated="22 November 2026"
      sections={sections}
    />
  )
}

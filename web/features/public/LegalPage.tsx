import { useAcademy } from '../../api/academy';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

/** Short, plain-language privacy and terms pages; `{email}` is the academy's contact e-mail as its settings say. */
const pages = {
  privacy: {
    title: 'Privacy Policy',
    intro: 'How Math Academy collects, uses and protects the information of students and families.',
    sections: [
      [
        'What we collect',
        "The details you give us when you create an account or book a consultation: names, email, phone, school and grade, and your child's work on our exercises.",
      ],
      [
        'How we use it',
        'To run your courses, report progress to you, and answer your requests. We never sell personal information or show advertising.',
      ],
      [
        'Who can see it',
        "Your child's teachers and our staff, only as their work requires. Passwords are stored as one-way hashes.",
      ],
      [
        'Your choices',
        'You may ask us for a copy of your data, to correct it, or to delete your account, by writing to {email}. You can unsubscribe from updates at any time.',
      ],
    ],
  },
  terms: {
    title: 'Terms of Use',
    intro: "The rules for using Math Academy's website and courses.",
    sections: [
      [
        'Accounts',
        "Keep your password private. Students under 13 use the academy with a parent's or guardian's consent.",
      ],
      [
        'Course content',
        'Lessons, questions and mock tests are for the personal study of enrolled students and may not be redistributed.',
      ],
      ['Respectful use', "Do not try to disrupt the service, access other people's accounts, or misuse our forms."],
      ['Changes', 'We may update these terms; we will tell you of important changes by email before they take effect.'],
    ],
  },
} as const;

export function LegalPage({ page }: { page: keyof typeof pages }) {
  const { title, intro, sections } = pages[page];
  const { email } = useAcademy();
  return (
    <>
      <Banner title={title}>{intro}</Banner>
      <div className={styles.content}>
        <div className={styles.prose}>
          {sections.map(([heading, text]) => (
            <section key={heading}>
              <h2>{heading}</h2>
              <p>{text.replace('{email}', email)}</p>
            </section>
          ))}
          <p>Last updated: November 2026.</p>
        </div>
      </div>
    </>
  );
}

export function PrivacyPage() {
  return <LegalPage page="privacy" />;
}

export function TermsPage() {
  return <LegalPage page="terms" />;
}

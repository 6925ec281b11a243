import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Brand } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The date the policy text last changed; update it with the text. */
const LAST_UPDATED = 'December 2, 2026';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <div className="flex flex-col gap-3 text-[15px] leading-7 text-muted-foreground [&_strong]:font-medium [&_strong]:text-foreground [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

/** The policy's sections after the introduction, in reading order. */
const SECTIONS: readonly { title: string; body: ReactNode }[] = [
  {
    title: 'Who is responsible',
    body: (
      <p>
        Summy is software that an <strong>operator</strong> (you, your company, or whoever runs the
        Summy server you sign in to) installs on their own infrastructure. The operator decides
        where the server runs, which optional services are switched on, and is responsible for the
        data stored on it.
      </p>
    ),
  },
  {
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account information:</strong> your name, e-mail address and a securely hashed
          password. If you sign in with Google, your Google name, e-mail address and profile
          picture.
        </li>
        <li>
          <strong>Recordings:</strong> the audio you record in the browser or the audio and video
          files you upload.
        </li>
        <li>
          <strong>Transcripts and notes:</strong> the transcripts made from your recordings, with
          speaker labels, and the titles, summaries, topics, action items, to-dos and assistant
          chats created from them.
        </li>
        <li>
          <strong>Voice profiles:</strong> when you name a speaker in a meeting transcribed with the
          speaker model, a voiceprint of that person (numbers describing their voice, made from that
          meeting) and a clip of up to 8 seconds of their speech.
        </li>
        <li>
          <strong>Connected services:</strong> if you connect Google Calendar or Contacts, Linear or
          Apple Reminders, the access tokens needed to reach them and the events, contacts, issues
          and reminders Summy reads to show them to you.
        </li>
        <li>
          <strong>Technical data:</strong> a session cookie that keeps you signed in, and the server
          logs the operator keeps. Summy has no advertising or third-party tracking.
        </li>
      </ul>
    ),
  },
  {
    title: 'How we use your information',
    body: (
      <p>
        Your information is used only to provide Summy's features to you: to store and play back
        your meetings, produce transcripts and notes, answer your questions about your meetings, and
        show your calendar, contacts and to-dos. It is never sold, never used for advertising, and
        never shared with other users.
      </p>
    ),
  },
  {
    title: 'Where your data is stored',
    body: (
      <p>
        Summy is self-hosted: your data stays on the operator's server, in the database and file
        storage the operator has configured (for example a local disk or an S3-compatible bucket
        they control). Each record belongs to one account, and Summy only ever shows it to that
        account.
      </p>
    ),
  },
  {
    title: 'AI and transcription providers',
    body: (
      <p>
        By default Summy transcribes and summarizes on the operator's own server, and nothing leaves
        it. Only when the operator configures an outside AI provider (such as Deepgram, OpenAI,
        Anthropic or another compatible service) is the audio or text needed for a task sent to that
        provider, which processes it under its own terms. Provider keys are kept on the server and
        are never sent to your browser.
      </p>
    ),
  },
  {
    title: 'Voice profiles',
    body: (
      <p>
        A voice profile is personal data about the person whose voice it is. Summy makes one only
        when you give a speaker a name, uses it only to suggest that name when the voice is heard in
        your later meetings, and never shares it with or matches it for another user. You can play
        and delete each profile in Settings; it is also deleted with the contact it belongs to, when
        every meeting it came from is deleted or renamed, and with your account. Please tell the
        people you record that Summy may recognise their voice.
      </p>
    ),
  },
  {
    title: 'Google user data',
    body: (
      <p>
        When you connect a Google account, Summy reads your calendar events and contacts only to
        show them in Summy and to link meetings to events. Summy's use of information received from
        Google APIs is limited to these features; it is not transferred to others or used for
        advertising.
      </p>
    ),
  },
  {
    title: 'Data retention and deletion',
    body: (
      <p>
        Your data is kept while your account exists. You can delete a meeting, to-do or chat at any
        time, and you can ask the operator to delete your account. Deleted data is removed from the
        server within 30 days.
      </p>
    ),
  },
  {
    title: 'Children',
    body: (
      <p>
        Summy is not meant for children. The minimum user age is 13; people under 13 must not create
        an account. If an account of a child under 13 becomes known, it and its data are deleted.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Passwords are stored only as hashes, every request for your data requires your session, and
        each query is limited to your own records. The operator is responsible for serving Summy
        over HTTPS and keeping the server and its backups secure.
      </p>
    ),
  },
  {
    title: 'Your choices and rights',
    body: (
      <p>
        You can view, correct and delete your meetings and notes in Summy, disconnect connected
        services in Settings, and ask the operator for a copy of your data or for your account to be
        deleted.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: (
      <p>
        If this policy changes, the date at the top changes with it. Significant changes are
        announced in the app before they take effect.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        For questions about your data or to exercise your rights, contact the operator of the Summy
        server you use, usually the person or team who gave you access.
      </p>
    ),
  },
];

/**
 * /privacy-policy: the static policy, readable without signing in (the sign-in screen links here).
 * Back returns to the previous page, or to / when this page was opened directly.
 */
export default function PrivacyPolicyRoute() {
  useDocumentTitle('Privacy Policy - Summy');
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a visit the key 'default': then there is nothing to go back to.
  const canGoBack = location.key !== 'default';

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-10 border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2"
            onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}
          >
            <ArrowLeft />
            Back
          </Button>
          <Brand logoClassName="size-6" />
        </div>
      </header>

      <main className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Privacy Policy</h1>
          <p className="text-sm text-muted-foreground">Last updated: {LAST_UPDATED}</p>
          <p className="text-[15px] leading-7 text-muted-foreground">
            Summy is a self-hostable meeting recorder and notes assistant. It records or receives
            the audio of your meetings, transcribes it, and writes titles, summaries and action
            items. This policy explains what information Summy keeps, where it is kept, who can see
            it, and how it is deleted.
          </p>
        </div>

        {SECTIONS.map(({ title, body }) => (
          <Section key={title} title={title}>
            {body}
          </Section>
        ))}
      </main>
    </div>
  );
}

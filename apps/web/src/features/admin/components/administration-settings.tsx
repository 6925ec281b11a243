/**
 * Settings > Administration, shown to administrators only: Users, Sign-up, Invitations and
 * Server, each a titled region. The app layer gives it to the Settings dialog when the session's
 * role is 'admin'; the server checks the role again on every request
 * (docs/decisions/077-administration-in-settings.md).
 */
import { useId, type ReactNode } from 'react';
import { InvitesSection } from './invites-section';
import { ServerStateSection } from './server-state-section';
import { SignupModeSection } from './signup-mode-section';
import { UsersSection } from './users-section';

/** The Administration tab's content. */
export function AdministrationSettings() {
  const signupId = useId();
  return (
    <>
      <Section title="Users" first>
        <UsersSection />
      </Section>
      <Section title="Sign-up" headingId={signupId}>
        <SignupModeSection labelledBy={signupId} />
      </Section>
      <Section title="Invitations">
        <InvitesSection />
      </Section>
      <Section title="Server">
        <ServerStateSection />
      </Section>
    </>
  );
}

/** A titled region of the tab; all but the first have a rule above. */
function Section({
  title,
  first = false,
  headingId,
  children,
}: {
  title: string;
  first?: boolean;
  headingId?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <section
      aria-labelledby={id}
      className={first ? 'flex flex-col gap-3' : 'flex flex-col gap-3 border-t pt-4'}
    >
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      {children}
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createQueryInput, QUERY_MESSAGE_MAX } from '@shared/schemas/queries';
import { useFieldProps } from '@/hooks/useFieldProps';
import { useFormSubmit } from '@/hooks/useFormSubmit';
import { Button } from '@/components/ui/Button';
import { Card, PageHeader } from '@/components/ui/Card';
import { FormError, TextArea, TextField } from '@/components/ui/Field';
import { EmptyState } from '@/components/ui/States';
import { useConfig } from '@/hooks/useConfig';
import { useFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';

type QueryForm = z.input<typeof createQueryInput>;

function Faq({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <details className="faq">
      <summary>{question}</summary>
      <div className="faq__answer">{children}</div>
    </details>
  );
}

export function HelpPage() {
  const config = useConfig();
  const supportEmail = config.data?.support_email;
  return (
    <>
      <PageHeader title={<Trans>Help</Trans>} description={<Trans>Answers to common questions, and a way to reach us.</Trans>} />
      <div className="grid grid--help">
        <Card title={<Trans>Questions and answers</Trans>}>
          <div className="faqs">
            <Faq question={<Trans>What can my company list?</Trans>}>
              <Trans>
                Four kinds of listing: by-products, surplus, waste and knowledge. Materials are measured in kilograms and knowledge in hours.
                Donations are listings too.
              </Trans>
            </Faq>
            <Faq question={<Trans>How does my company join?</Trans>}>
              <Trans>
                Register your company with your company email address. An administrator reviews the request; once it is approved you can log in. Until
                then, login says that your registration is awaiting approval.
              </Trans>
            </Faq>
            <Faq question={<Trans>What is a synergy?</Trans>}>
              <Trans>
                A synergy is an exchange between two companies. It starts when a company accepts an offer on its listing and comes with a chat. When
                it ends, both companies can rate it.
              </Trans>
            </Faq>
            <Faq question={<Trans>How is the impact calculated?</Trans>}>
              <Trans>
                For each successful synergy we count the kilograms kept out of landfill and estimate the CO2e avoided with the UK government's 2023
                conversion factors (DESNZ/Defra).
              </Trans>
            </Faq>
            <Faq question={<Trans>I forgot my password. What now?</Trans>}>
              <Trans>Ask the administrator for a reset link, using the form on this page. The link is valid for 24 hours and can be used once.</Trans>
            </Faq>
            <Faq question={<Trans>Who can add colleagues to our account?</Trans>}>
              <Trans>
                Managers can add, edit and remove company users in the manager panel and choose whether each one is a manager or a member.
              </Trans>
            </Faq>
          </div>
        </Card>
        <div className="stack">
          <ContactForm />
          {supportEmail ? (
            <p className="muted help__email">
              <Trans>
                Prefer email? Write to{' '}
                <a className="text-link" href={`mailto:${supportEmail}`}>
                  {supportEmail}
                </a>
                .
              </Trans>
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}

function ContactForm() {
  const trpc = useTRPC();
  const session = useSession();
  const fmt = useFormat();
  const language = useLanguage();
  const create = useMutation(trpc.queries.create.mutationOptions());
  const [sent, setSent] = useState(false);
  const defaultName = session ? [session.user.first_name, session.user.last_name].filter(Boolean).join(' ') : '';
  const form = useForm<QueryForm>({
    resolver: zodResolver(createQueryInput),
    defaultValues: { name: defaultName, email: session?.user.email ?? '', subject: '', message: '' },
  });
  const field = useFieldProps(form);
  const messageLength = useWatch({ control: form.control, name: 'message' })?.length ?? 0;
  const max = fmt.number(QUERY_MESSAGE_MAX);
  const count = fmt.number(messageLength);

  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values) => {
      // The answer is written to the sender in the language they asked in.
      await create.mutateAsync({ ...values, language });
      setSent(true);
      form.reset({ name: defaultName, email: session?.user.email ?? '', subject: '', message: '' });
      showSnackbar(msg`Your question has been sent`);
    },
    { focus: false },
  );

  if (sent) {
    return (
      <Card title={<Trans>Contact us</Trans>}>
        <EmptyState
          icon="check"
          title={<Trans>Thank you, we received your question</Trans>}
          action={
            <Button variant="secondary" onClick={() => setSent(false)}>
              <Trans>Ask another question</Trans>
            </Button>
          }
        >
          <p>
            <Trans>An administrator will answer by email.</Trans>
          </p>
        </EmptyState>
      </Card>
    );
  }

  return (
    <Card title={<Trans>Contact us</Trans>}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormError>{formError}</FormError>
        <TextField label={<Trans>Name</Trans>} autoComplete="name" required {...field('name')} />
        <TextField label={<Trans>Email</Trans>} type="email" autoComplete="email" required {...field('email')} />
        <TextField label={<Trans>Subject</Trans>} hint={<Trans>Optional</Trans>} {...field('subject')} />
        <TextArea
          label={<Trans>Message</Trans>}
          rows={6}
          required
          maxLength={QUERY_MESSAGE_MAX}
          hint={
            <Trans>
              {count} of {max} characters
            </Trans>
          }
          {...field('message')}
        />
        <Button type="submit" loading={create.isPending}>
          <Trans>Send question</Trans>
        </Button>
      </form>
    </Card>
  );
}

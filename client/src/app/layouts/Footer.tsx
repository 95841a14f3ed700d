import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { LogoMark } from '@/components/ui/Logo';
import { SOCIAL_LINKS } from '@/config/site';
import { errorText, fieldErrorText } from '@/lib/errors';
import { lazySchema } from '@/lib/forms';
import { useLanguage } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useTRPC } from '@/lib/trpc';
import { msg } from '@lingui/core/macro';

// The shared schema's email rule, fetched on the first submit (decision 0137: the footer is in every first load).
const newsletterSchema = lazySchema(() => import('@shared/schemas/newsletter').then((m) => m.subscribeInput.pick({ email: true })));

/** SPEC §2 footer: newsletter box (PRODUCT: a real subscription) and three social links. */
export function Footer() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const language = useLanguage();
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // As with react-hook-form's default: validated on submit, then on every change until it is valid.
  const check = async (value: string) => {
    const result = await newsletterSchema.validate({ email: value });
    setProblem(result.ok ? null : (result.errors.email ?? 'field.invalid'));
    return result;
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    let parsed: Awaited<ReturnType<typeof check>>;
    try {
      parsed = await check(email);
    } catch (err) {
      showSnackbar(errorText(i18n, err), { tone: 'error' });
      return;
    }
    if (!parsed.ok) {
      input.current?.focus();
      return;
    }
    try {
      await subscribe.mutateAsync({ email: parsed.data.email, language });
      setEmail('');
      setSubmitted(false);
      showSnackbar(msg`Thank you! You will receive our weekly newsletter.`);
    } catch (err) {
      showSnackbar(errorText(i18n, err), { tone: 'error' });
    }
  };
  const emailError = fieldErrorText(i18n, problem ? { message: problem } : undefined);
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__name">
            <LogoMark size={28} /> Synergy Marketplace
          </p>
          <p className="footer__tagline">
            <Trans>Local synergies have global impact.</Trans>
          </p>
          <ul className="footer__links">
            <li>
              <Link href="/help">
                <Trans>Help and contact</Trans>
              </Link>
            </li>
            <li>
              <Link href="/driver/login">
                <Trans>Driver login</Trans>
              </Link>
            </li>
            <li>
              <Link href="/admin/login">
                <Trans>Administrator login</Trans>
              </Link>
            </li>
          </ul>
        </div>
        <form className="footer__newsletter" onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className="footer__heading">
            <Trans>Weekly newsletter</Trans>
          </h2>
          <p className="footer__text">
            <Trans>New listings near you, once a week.</Trans>
          </p>
          <div className="newsletter-row">
            <label htmlFor="newsletter-email" className="visually-hidden">
              <Trans>Email address</Trans>
            </label>
            <input
              id="newsletter-email"
              type="email"
              className="input"
              autoComplete="email"
              placeholder={t`you@company.com`}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'newsletter-error' : undefined}
              ref={input}
              name="email"
              value={email}
              onChange={(event) => {
                const value = event.target.value;
                setEmail(value);
                if (submitted) void check(value).catch(() => undefined);
              }}
            />
            <Button type="submit" loading={subscribe.isPending}>
              <Trans>Subscribe</Trans>
            </Button>
          </div>
          {emailError ? (
            <p className="field__error field__error--on-dark" id="newsletter-error" role="alert">
              {emailError}
            </p>
          ) : null}
        </form>
        <div className="footer__social">
          <h2 className="footer__heading">
            <Trans>Follow us</Trans>
          </h2>
          <ul className="social">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t`${s.name} (opens in a new tab)`}>
                  <Icon name={s.icon} size={22} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer__bottom">
        <p>
          <Trans>© {year} Synergy Marketplace. Materials kept in use, not in landfill.</Trans>
        </p>
      </div>
    </footer>
  );
}

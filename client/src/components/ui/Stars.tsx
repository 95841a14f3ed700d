// Read-only stars with the number spoken ("4 of 5 stars"): synergy ratings and company reviews.
import { useLingui } from '@lingui/react/macro';

export function Stars({ value }: { value: number }) {
  const { t } = useLingui();
  return (
    <span className="stars" role="img" aria-label={t`${value} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(value) ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}

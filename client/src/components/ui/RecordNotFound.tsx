// A public page's answer when the company or person it names does not exist (or is not visible): what was not
// found, why, and the way back to the database.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { getAppError } from '@/lib/errors';
import { UUID_PATTERN } from '@shared/schemas/_primitives';
import { ButtonLink } from './Button';
import type { IconName } from './Icon';
import { QueryView, type QueryLike } from './QueryView';
import { EmptyState } from './States';

export function RecordNotFound({ icon, title, children }: { icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <EmptyState icon={icon} title={title} action={<ButtonLink href="/database">{<Trans>Back to the database</Trans>}</ButtonLink>}>
      <p>{children}</p>
    </EmptyState>
  );
}

/** The record id in a path segment: `valid` only for a whole number above zero (no request is made for any other). */
export function recordId(segment: string | null | undefined): { id: number; valid: boolean } {
  const id = Number(segment);
  return { id, valid: Number.isInteger(id) && id > 0 };
}

/** A record's public code as its QR code carries it (a UUID); any other text names no record. */
export function isRecordCode(code: string): boolean {
  return UUID_PATTERN.test(code.toLowerCase());
}

/**
 * A public page of one record: `notFound` (for a name that cannot be one, or the server's NOT_FOUND), else the
 * query's loading and failed states (with the reason, when `reason`), else the record.
 */
export function RecordView<T>({
  query,
  valid,
  notFound,
  errorTitle = <Trans>This page could not be loaded</Trans>,
  reason = false,
  children,
}: {
  query: QueryLike<T>;
  valid: boolean;
  notFound: ReactNode;
  errorTitle?: ReactNode;
  reason?: boolean;
  children: (record: T) => ReactNode;
}) {
  if (!valid || (query.isError && getAppError(query.error).code === 'NOT_FOUND')) return notFound;
  return (
    <QueryView query={query} reason={reason} errorTitle={errorTitle}>
      {children}
    </QueryView>
  );
}

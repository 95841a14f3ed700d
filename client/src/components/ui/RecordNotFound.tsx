// A public page's answer when the company or person it names does not exist (or is not visible): what was not
// found, why, and the way back to the database.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ButtonLink } from './Button';
import type { IconName } from './Icon';
import { EmptyState } from './States';

export function RecordNotFound({ icon, title, children }: { icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <EmptyState icon={icon} title={title} action={<ButtonLink href="/database">{<Trans>Back to the database</Trans>}</ButtonLink>}>
      <p>{children}</p>
    </EmptyState>
  );
}

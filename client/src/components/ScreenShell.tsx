// Layout and heading of a screen whose content is built by a later issue (listed in the README):
// a neutral description of what the screen holds, never fake data.
import type { ReactNode } from 'react';
import { Card, PageHeader } from './ui/Card';
import type { IconName } from './ui/Icon';
import { EmptyState } from './ui/States';

export function ScreenShell({ title, description, icon, emptyTitle, children, before }: { title: ReactNode; description?: ReactNode; icon?: IconName; emptyTitle: ReactNode; children: ReactNode; before?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      {before}
      <Card>
        <EmptyState icon={icon} title={emptyTitle}>
          {children}
        </EmptyState>
      </Card>
    </>
  );
}

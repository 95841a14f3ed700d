import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { Snackbars } from '@/components/ui/Snackbars';
import { useRealtimeCounters } from '@/hooks/useCounters';
import { useSessionSync } from '@/hooks/useSessionSync';
import { useTypedNames } from '@/hooks/useTypedNames';
import { i18n } from '@/lib/i18n';
import { TRPCProvider } from '@/lib/trpc';
import { AppRoutes } from './AppRoutes';
import { queryClient, trpcClient } from './clients';
import { useGuardedLocation } from './location';

function SessionEffects() {
  useSessionSync();
  useRealtimeCounters();
  useTypedNames();
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <I18nProvider i18n={i18n}>
          <Router hook={useGuardedLocation}>
            <SessionEffects />
            <AppRoutes />
            <Snackbars />
          </Router>
        </I18nProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

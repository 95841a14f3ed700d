// The words for an impact record's basis, counterfactual route and mapping (shared/messages.ts codes, so the
// certificate, the public check, the dashboard and the administrators' screen say the same in every language).
import { useLingui } from '@lingui/react/macro';
import {
  BASIS_MESSAGE,
  mappingSourceMessage,
  ROUTE_MESSAGE,
  type CounterfactualRoute,
  type ImpactBasis,
  type MappingSource,
} from '@shared/lib/impact';
import { messageText } from '@/lib/messages';
import { refText } from '@/lib/reference';

export function useImpactWords() {
  const { i18n } = useLingui();
  return {
    basis: (basis: ImpactBasis) => messageText(i18n, { code: BASIS_MESSAGE[basis] }),
    route: (route: CounterfactualRoute) => messageText(i18n, { code: ROUTE_MESSAGE[route] }),
    /** "Third level 150103 Wooden packaging": the node whose mapping a record used (names the product authored, translated). */
    source: (source: MappingSource) => messageText(i18n, mappingSourceMessage({ ...source, name: refText(i18n, source.name) })),
  };
}

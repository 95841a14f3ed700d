// What a need asks for, in one line each: group (and code), quantity, distance, open until.
import { Fact } from '@/components/ui/Fact';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatKm, formatQuantity } from '@/components/listing/format';
import { useLanguage } from '@/lib/i18n';
import { refText } from '@/lib/reference';
import { useFormat } from '@/lib/format';

export interface NeedItem {
  id: number;
  title: string;
  description: string;
  company_name: string;
  material_group_name: string;
  material_group_code: string | null;
  quantity: number;
  unit: string;
  max_distance_km: number;
  until: string | null;
  is_open: boolean;
  city: string | null;
  distance_km: number | null;
  match_count: number;
}

export function NeedSummary({ need, showCompany }: { need: NeedItem; showCompany?: boolean }) {
  const { i18n } = useLingui();
  const lang = useLanguage();
  const fmt = useFormat();
  const until = need.until;
  return (
    <dl className="need-facts">
      {showCompany ? (
        <Fact label={<Trans>Company</Trans>}>
          {need.company_name}
          {need.city ? `, ${need.city}` : ''}
        </Fact>
      ) : null}
      <Fact label={<Trans>Material</Trans>}>
        {refText(i18n, need.material_group_name)}
        {need.material_group_code ? ` (${need.material_group_code})` : ''}
      </Fact>
      <Fact label={<Trans>Quantity</Trans>}>{formatQuantity(lang, need.quantity, need.unit)}</Fact>
      <Fact label={<Trans>Within</Trans>}>{formatKm(lang, need.max_distance_km)}</Fact>
      {need.distance_km !== null ? <Fact label={<Trans>Distance</Trans>}>{formatKm(lang, need.distance_km)}</Fact> : null}
      <Fact label={<Trans>Open until</Trans>}>{until ? fmt.day(until) : <Trans>Until removed</Trans>}</Fact>
    </dl>
  );
}

// What a need asks for, in one line each: group (and code), quantity, distance, open until.
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
        <div>
          <dt>
            <Trans>Company</Trans>
          </dt>
          <dd>
            {need.company_name}
            {need.city ? `, ${need.city}` : ''}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>
          <Trans>Material</Trans>
        </dt>
        <dd>
          {refText(i18n, need.material_group_name)}
          {need.material_group_code ? ` (${need.material_group_code})` : ''}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd>{formatQuantity(lang, need.quantity, need.unit)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Within</Trans>
        </dt>
        <dd>{formatKm(lang, need.max_distance_km)}</dd>
      </div>
      {need.distance_km !== null ? (
        <div>
          <dt>
            <Trans>Distance</Trans>
          </dt>
          <dd>{formatKm(lang, need.distance_km)}</dd>
        </div>
      ) : null}
      <div>
        <dt>
          <Trans>Open until</Trans>
        </dt>
        <dd>{until ? fmt.day(until) : <Trans>Until removed</Trans>}</dd>
      </div>
    </dl>
  );
}

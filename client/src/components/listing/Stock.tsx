// A listing's quantity with its stock (docs/decisions/0175): what was listed while nothing is reserved, else what
// accepted offers have left of it ("600 kg of 1,500 kg available").
import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/lib/i18n';
import type { QuantityUnit } from '@shared/constants/enums';
import { formatQuantity } from './format';

export interface StockFigures {
  quantity: number;
  reserved_quantity: number;
  available_quantity: number;
}

export function StockLine({ stock, unit, className }: { stock: StockFigures; unit: QuantityUnit | string; className?: string }) {
  const lang = useLanguage();
  const listed = formatQuantity(lang, stock.quantity, unit);
  if (stock.reserved_quantity <= 0) return <p className={className}>{listed}</p>;
  const available = formatQuantity(lang, stock.available_quantity, unit);
  return (
    <p className={className} data-testid="stock-line">
      <Trans>
        {available} of {listed} available
      </Trans>
    </p>
  );
}

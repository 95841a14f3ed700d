// The options of a select over a fixed list of values: a first blank option (all, any, choose…) where the select has
// one, then each value under its translated label.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

export function Options<V extends string>({
  values,
  labels,
  blank,
}: {
  values: readonly V[];
  labels: Record<V, MessageDescriptor>;
  /** The text of the first option, whose value is ''. */
  blank?: string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      {blank === undefined ? null : <option value="">{blank}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {i18n._(labels[v])}
        </option>
      ))}
    </>
  );
}

import { useEffect, useState } from 'react';
import { InputNumber } from 'antd';
import { MAX_QUANTITY } from '@aquamall/shared';

/** A quantity that commits on blur, Enter or a step (not on every keystroke), from the minimum order up. */
export function QuantityInput({
  value,
  min,
  unit,
  disabled,
  onCommit,
}: {
  value: number;
  min: number;
  unit: string;
  disabled?: boolean;
  onCommit: (q: number) => void;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = (q: number | null) => {
    const next = Math.max(min, Math.min(MAX_QUANTITY, Math.floor(Number(q) || min)));
    setDraft(next);
    if (next !== value) onCommit(next);
  };
  return (
    <InputNumber
      size="small"
      min={min}
      max={MAX_QUANTITY}
      precision={0}
      value={draft}
      disabled={disabled}
      style={{ width: 120 }}
      addonAfter={unit || undefined}
      aria-label="购买数量"
      onChange={setDraft}
      onBlur={() => commit(draft)}
      onPressEnter={() => commit(draft)}
      onStep={(v) => commit(v)}
    />
  );
}

/**
 * How a list says how much (decision 0185): in the product's own unit (共 2 吨), never a made-up 件; lines of
 * different units (or of no known unit) are not summed but counted as products (共 3 种商品).
 */
export function quantitySummary(total: number, unit: string, lineCount: number): string {
  return unit ? `共 ${total} ${unit}` : `共 ${lineCount} 种商品`;
}

/** The same for lines at hand: their one shared unit, or '' when they differ. */
export function linesSummary(lines: readonly { quantity: number; unit: string }[]): string {
  const units = new Set(lines.map((l) => l.unit));
  const unit = units.size === 1 ? [...units][0]! : '';
  return quantitySummary(
    lines.reduce((s, l) => s + l.quantity, 0),
    unit,
    lines.length,
  );
}

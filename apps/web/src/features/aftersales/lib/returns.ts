import { AddressKind, ReturnDisposition, RMA_QUALITY_REASONS, type AddressRow, type RmaApproveInput, type RmaLineView } from '@aquamall/shared';

/** The approve dialog's values: a saved return address, or a new one typed in (optionally kept). */
export interface ApproveValues {
  mode: 'saved' | 'new';
  addressId?: number;
  receiver?: string;
  phone?: string;
  area?: number[];
  detail?: string;
  save?: boolean;
  note?: string;
}

/** The supplier's return addresses, default first (the address book lists every kind). */
export const returnAddresses = (all: readonly AddressRow[] | undefined): AddressRow[] =>
  (all ?? []).filter((a) => a.kind === AddressKind.RETURN).sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.sysNo - b.sysNo);

/** What the dialog opens with: the default return address if there is one, else the new-address form. */
export const initialApprove = (saved: readonly AddressRow[]): ApproveValues =>
  saved.length ? { mode: 'saved', addressId: saved[0]!.sysNo, note: '' } : { mode: 'new', save: true, note: '' };

/** The approve call's body for a request that goes back to the supplier (returns and exchanges). */
export function approveBody(id: number, v: ApproveValues): RmaApproveInput {
  const note = v.note?.trim() ?? '';
  if (v.mode === 'saved') return { id, note, addressId: v.addressId };
  return {
    id,
    note,
    save: Boolean(v.save),
    address: { receiver: v.receiver ?? '', phone: v.phone ?? '', area: v.area ?? [], detail: v.detail ?? '' },
  };
}

/** One line of text a courier form takes: receiver, phone, area and street. */
export const addressText = (a: { receiver: string; phone: string; areaName: string; detail: string }) =>
  `${a.receiver} ${a.phone} ${a.areaName} ${a.detail}`;

/** Each line's disposition as the receipt dialog opens: 不良品 for quality faults, otherwise 良品入库. */
export const initialDispositions = (lines: readonly RmaLineView[], reason: string): Record<number, number> =>
  Object.fromEntries(
    lines.map((l) => [l.id, RMA_QUALITY_REASONS.includes(reason) ? ReturnDisposition.DEFECT : ReturnDisposition.GOOD]),
  );

/** The receipt call's lines from the dialog's choices. */
export const receiptLines = (choices: Record<number, number>) =>
  Object.entries(choices).map(([id, disposition]) => ({ id: Number(id), disposition }));

/** How many units go where: the dialog's summary (良品入库 2件，不良品 1件). */
export function dispositionSummary(lines: readonly RmaLineView[], choices: Record<number, number>, label: (d: number) => string): string {
  const sums = new Map<number, number>();
  for (const l of lines) {
    const d = choices[l.id] ?? ReturnDisposition.GOOD;
    sums.set(d, (sums.get(d) ?? 0) + l.quantity);
  }
  return [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([d, q]) => `${label(d)} ${q}`)
    .join('，');
}

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CompanyType, CreditAccountStatus, StatementStatus, type CreditAccountDetail, type ReportQuery, type StatementDetail } from '@aquamall/shared';
import EditorPage from '../features/credit/pages/EditorPage.tsx';
import { ReportShell } from '../features/reports/components/ReportShell.tsx';
import { dayToPicker, instantToPicker, pickerRange, pickerToInstant } from '../lib/china-time.ts';

/**
 * The time-zone test (docs/architecture.md "China time"): the statement, report and date-filter flows run with
 * the browser's zone set to America/Los_Angeles and to Asia/Shanghai and must send and show the same dates.
 * The clock is 2026-11-26 20:00 UTC: 11-27 04:00 in China, still 11-26 in Los Angeles, so code that reads the
 * browser's calendar sends another "today" there and fails.
 */
const NOW = new Date('2026-11-26T20:00:00Z');
const ZONES = ['America/Los_Angeles', 'Asia/Shanghai'] as const;

// jsdom has no ResizeObserver; antd Tabs and pickers measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// What the pages send, per zone.
const sent: Record<string, { statement?: unknown; report?: ReportQuery; filter?: unknown; deadline?: string }> = {};
let zone = '';
const issue = vi.fn(async (v: unknown) => {
  sent[zone]!.statement = v;
  return { id: 9 };
});

// A statement stored for the China days 2026-11-01 … 2026-11-26: from China midnight to the next China midnight.
const statement: StatementDetail = {
  id: 7,
  accountId: 1,
  buyerCompanyName: '采购公司',
  sellerCompanyName: '供应公司',
  periodStart: '2026-10-31T16:00:00.000Z',
  periodEnd: '2026-11-26T16:00:00.000Z',
  openingBalance: '0.00',
  openingCredit: '0.00',
  closingBalance: '0.00',
  closingCredit: '0.00',
  status: StatementStatus.PENDING,
  disputeReason: null,
  createdAt: '2026-11-26T16:30:00.000Z',
  confirmedAt: null,
  viewer: 1,
  movements: [],
};
const account = {
  id: 1,
  buyerCompanyId: 2,
  buyerCompanyName: '采购公司',
  sellerCompanyId: 3,
  sellerCompanyName: '供应公司',
  status: CreditAccountStatus.ACTIVE,
  creditLimit: '10000.00',
  paymentDays: 30,
  balance: '0.00',
  creditUsed: '0.00',
  available: '10000.00',
  overdue: '0.00',
  requestRemark: '',
  rejectReason: null,
  freezeReason: null,
  createdAt: '2026-10-01T02:00:00.000Z',
  approvedAt: '2026-10-01T02:00:00.000Z',
  viewer: 1,
  ageing: { notDue: '0.00', d0to30: '0.00', d31to60: '0.00', d61to90: '0.00', d90plus: '0.00' },
  pendingRecharge: 0,
  pendingRefund: 0,
} as unknown as CreditAccountDetail;

/** The texts of the range picker's two inputs. */
const pickerValues = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLInputElement>('.ant-picker-input input')].map((i) => i.value);
const query = <T,>(data: T) => ({ data, isError: false, isFetching: false, isLoading: false, error: null, refetch: vi.fn() });
const mutation = (mutateAsync = vi.fn()) => ({ mutateAsync, isPending: false });

vi.mock('../features/credit/api/credit.ts', () => ({
  useAccountDetail: () => query(account),
  useStatementList: () => query({ list: [statement], total: 1 }),
  useStatementDetail: (id: number | null) => query(id ? statement : undefined),
  useLedger: () => query({ list: [], total: 0 }),
  useIssueStatement: () => mutation(issue),
  // No overlapping statement: the issue dialog's own check (decision 0185) answers none.
  useStatementOverlap: () => ({ ...query(null), isPlaceholderData: false }),
  useConfirmStatement: () => mutation(),
  useDisputeStatement: () => mutation(),
  useFreeze: () => mutation(),
  useUnfreeze: () => mutation(),
  useApply: () => mutation(),
  useSupplierOptions: () => query([]),
  exportLedger: vi.fn(),
  exportStatementExcel: vi.fn(),
  exportStatementPdf: vi.fn(),
}));
vi.mock('../features/credit/components/CreditModals.tsx', () => ({
  AdjustModal: () => null,
  AmountModal: () => null,
  RechargeModal: () => null,
  ReasonModal: () => null,
  TermsModal: () => null,
}));
vi.mock('../features/session/store.ts', async (original) => ({
  ...(await original<typeof import('../features/session/store.ts')>()),
  useSession: () => ({ token: 't', loggedIn: true, loading: false, user: { extension: { CompanyType: CompanyType.SUPPLIER } } }),
}));
vi.mock('../features/reports/api/reports.ts', () => ({
  useReport: (_name: string, q: ReportQuery) => {
    sent[zone]!.report ??= { ...q };
    return { data: undefined, isError: false, isFetching: true, isPlaceholderData: false, error: null, refetch: vi.fn() };
  },
  exportReport: vi.fn(),
}));

const original = process.env.TZ;
afterAll(() => {
  if (original === undefined) delete process.env.TZ;
  else process.env.TZ = original;
  vi.useRealTimers();
});
afterEach(() => cleanup());

describe.each(ZONES)('dates with the browser in %s', (z) => {
  beforeAll(() => {
    // Node re-reads the zone when TZ is assigned; only Date is faked, so antd's and React's timers run.
    process.env.TZ = z;
    zone = z;
    sent[z] = {};
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  it('runs in that zone', () => {
    expect(new Date(NOW).getTimezoneOffset()).toBe(z === 'Asia/Shanghai' ? -480 : 480);
  });

  it('shows a stored statement period as its China days and issues this China month to date', async () => {
    render(
      <MemoryRouter initialEntries={['/customer/companyAccount/editor?id=1&statement=7']}>
        <EditorPage />
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2026-11-01 至 2026-11-26')).toBeTruthy();
    // The row in the list says the same.
    expect(screen.getAllByText('2026-11-01 至 2026-11-26').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(within(dialog).getByRole('button', { name: /关\s?闭/ }));
    fireEvent.click(screen.getByRole('button', { name: '出具对账单' }));
    const issuing = await screen.findByRole('dialog');
    expect(pickerValues(issuing)).toEqual(['2026-11-01', '2026-11-27']);
    fireEvent.click(within(issuing).getByRole('button', { name: /出\s?具/ }));
    await waitFor(() => expect(issue).toHaveBeenCalled());
    expect(sent[z]!.statement).toEqual({ accountId: 1, from: '2026-11-01', to: '2026-11-27' });
  });

  it('opens a report on the last 30 China days', async () => {
    const { container } = render(
      <ReportShell report="orderSale" isEmpty={() => true}>
        {() => null}
      </ReportShell>,
    );
    expect(pickerValues(container)).toEqual(['2026-10-29', '2026-11-27']);
    await waitFor(() => expect(sent[z]!.report).toBeDefined());
  });

  it('sends a chosen filter range and a typed deadline as China days and China wall clocks', () => {
    sent[z]!.filter = pickerRange([dayToPicker('2026-11-01'), dayToPicker('2026-11-26')]);
    // A deadline typed as 2026-12-01 17:00 means 17:00 in China, and reads back the same.
    const typed = dayToPicker('2026-12-01').hour(17);
    sent[z]!.deadline = pickerToInstant(typed);
    expect(instantToPicker(sent[z]!.deadline).format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 17:00');
  });
});

describe('both zones', () => {
  it('sent the same dates', () => {
    expect(sent['America/Los_Angeles']).toEqual(sent['Asia/Shanghai']);
    expect(sent['Asia/Shanghai']).toEqual({
      statement: { accountId: 1, from: '2026-11-01', to: '2026-11-27' },
      report: { dateFrom: '2026-10-29', dateTo: '2026-11-27', granularity: 'day' },
      filter: { dateFrom: '2026-11-01', dateTo: '2026-11-26' },
      deadline: '2026-12-01T09:00:00.000Z',
    });
  });
});

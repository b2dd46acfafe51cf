import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prefetchOfferComparison, useOfferComparison } from './enquiries.ts';

const calls: { name: string; input: unknown }[] = [];
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  return {
    ...real,
    api: {
      ...real.api,
      read: (name: string, input: unknown) => {
        calls.push({ name, input });
        return Promise.resolve({ enquiryId: (input as { enquiryId: number }).enquiryId, offers: [] });
      },
    },
  };
});

// As the app's client (app/providers.tsx): answers stay fresh for a minute.
const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });

beforeEach(() => {
  calls.length = 0;
});

describe('prefetchOfferComparison (the offerList route loader)', () => {
  it('asks for the comparison of ?id=N at once, and the page then reads it without asking again', async () => {
    const qc = client();
    expect(prefetchOfferComparison(qc, 'http://x/customer/enquiry/offerList?id=7')).toBeNull();
    expect(calls).toEqual([{ name: 'enquiryOffers', input: { enquiryId: 7 } }]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useOfferComparison(7), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ enquiryId: 7, offers: [] }));
    expect(calls).toHaveLength(1);
  });

  it('asks for nothing without a valid id', () => {
    const qc = client();
    for (const q of ['', '?id=', '?id=abc', '?id=0', '?id=-3', '?id=1.5'])
      prefetchOfferComparison(qc, `http://x/customer/enquiry/offerList${q}`);
    expect(calls).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AwardWaiting } from './AwardWaiting.tsx';

afterEach(cleanup);

describe('AwardWaiting', () => {
  it('says 授标需审批 with a link to the waiting purchase request', () => {
    render(
      <MemoryRouter>
        <AwardWaiting request={{ id: 42, requestNo: 'SQ2026120800000042' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('授标需审批')).toBeTruthy();
    const link = screen.getByTestId('purchase-request-link');
    expect(link.textContent).toBe('SQ2026120800000042');
    expect(link.getAttribute('href')).toBe('/customer/approval/request/42');
  });

  it('says nothing when no award waits', () => {
    const { container } = render(
      <MemoryRouter>
        <AwardWaiting request={null} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByText('授标需审批')).toBeNull();
  });

  it('says 定标需审批 for a tender lot', () => {
    render(
      <MemoryRouter>
        <AwardWaiting of="lot" request={{ id: 7, requestNo: 'SQ2026120800000007' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('定标需审批')).toBeTruthy();
    expect(screen.getByText(/该标段的定标已提交采购申请/)).toBeTruthy();
    expect(screen.getByTestId('purchase-request-link').getAttribute('href')).toBe('/customer/approval/request/7');
  });
});

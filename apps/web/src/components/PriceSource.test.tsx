import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { PriceSource } from './PriceSource.tsx';

afterEach(cleanup);

describe('PriceSource', () => {
  it('tags a contract price with the list price struck through, a tier without it, and the list price with nothing', () => {
    const { container, rerender } = render(<PriceSource source="contract" label="协议价" listPrice={100} />);
    expect(container.textContent).toBe('协议价¥100.00');
    expect(container.querySelector('del')?.textContent).toBe('¥100.00');
    rerender(<PriceSource source="tier" label="阶梯价" listPrice={100} />);
    expect(container.textContent).toBe('阶梯价');
    expect(container.querySelector('del')).toBeNull();
    rerender(<PriceSource source="list" label="" listPrice={100} />);
    expect(container.textContent).toBe('');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MaskedPhone, OrEmpty, Price } from './Format.tsx';
import { Img } from './Img.tsx';

afterEach(cleanup);

describe('formatting components', () => {
  it('shows prices with separators, 万 when asked and 无 when empty', () => {
    const { container, rerender } = render(<Price value={1234567.5} />);
    expect(container.textContent).toBe('¥1,234,567.50');
    rerender(<Price value={1234567.5} wan />);
    expect(container.textContent).toBe('¥123.46万');
    rerender(<Price value={null} />);
    expect(container.textContent).toBe('无');
  });
  it('masks phones and fills empty values with 无', () => {
    render(
      <>
        <MaskedPhone value="13800138000" />
        <span data-testid="e">
          <OrEmpty value="  " />
        </span>
      </>,
    );
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByTestId('e').textContent).toBe('无');
  });
});

describe('Img', () => {
  it('uses the file host and falls back to the default image on error', () => {
    render(<Img src="products/a.png" width={120} alt="a" />);
    const img = screen.getByAltText('a') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/f/w120/products/a.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/default-image.svg');
  });
  it('uses the default avatar for avatars', () => {
    render(<Img src="" avatar alt="u" />);
    expect(screen.getByAltText('u').getAttribute('src')).toBe('/images/default-avatar.svg');
  });
});

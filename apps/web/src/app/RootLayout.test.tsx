import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RootLayout } from './RootLayout.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const serverTags = `<link rel="canonical" href="https://www.example.cn/mall/goodsDetail?id=1" />
<meta property="og:title" content="聚合氯化铝" /><meta name="robots" content="noindex" />
<meta name="description" content="d" /><meta name="viewport" content="width=device-width" />`;

describe('RootLayout and the server-written head tags', () => {
  it('keeps them on the page the server answered and drops them when the app moves to another page', async () => {
    document.head.innerHTML = serverTags;
    window.scrollTo = () => {};
    const router = createMemoryRouter(
      [{ element: <RootLayout />, children: [{ path: '/mall/goodsDetail', element: <p>goods</p> }, { path: '/mall/shopHome', element: <p>shop</p> }] }],
      { initialEntries: ['/mall/goodsDetail?id=1'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
    expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull();

    await act(() => router.navigate('/mall/shopHome?id=2'));
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property^="og:"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    // The app's own tags stay (the pages update the description themselves).
    expect(document.head.querySelector('meta[name="description"]')).not.toBeNull();
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
  });
});

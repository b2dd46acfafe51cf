import { describe, expect, it } from 'vitest';
import { fileUrl, previewUrl, thumbUrl } from './image.ts';

describe('file host urls', () => {
  it('serves keys from /f/ with the optional width prefix', () => {
    expect(fileUrl('products/a.png')).toBe('/f/products/a.png');
    expect(thumbUrl('products/a.png')).toBe('/f/w120/products/a.png');
    expect(previewUrl('products/a.png')).toBe('/f/w1080/products/a.png');
  });
  it('re-sizes a path that already points at the file host', () => {
    expect(thumbUrl('/f/products/a.png')).toBe('/f/w120/products/a.png');
    expect(previewUrl('/f/w120/products/a.png')).toBe('/f/w1080/products/a.png');
  });
  it('leaves absolute urls and site assets untouched', () => {
    expect(thumbUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(thumbUrl('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
    expect(thumbUrl('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
    expect(thumbUrl('/images/default-image.svg')).toBe('/images/default-image.svg');
  });
  it('gives an empty url for an empty key', () => {
    expect(fileUrl('')).toBe('');
    expect(thumbUrl(null)).toBe('');
    expect(previewUrl(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { controlList } from './controls.ts';

describe('controlList', () => {
  it('reads items or children of the named control', () => {
    expect(controlList({ controls: { home_top_menu: { items: [1, 2] } } }, 'home_top_menu')).toEqual([1, 2]);
    expect(controlList({ controls: { web_bottom_menu: { children: [3] } } }, 'web_bottom_menu', 'children')).toEqual([3]);
  });
  it('accepts a bare list or a {list}', () => {
    expect(controlList([4], 'x')).toEqual([4]);
    expect(controlList({ list: [5] }, 'x')).toEqual([5]);
  });
  it('gives an empty list for anything else', () => {
    expect(controlList(null, 'x')).toEqual([]);
    expect(controlList({ controls: {} }, 'x')).toEqual([]);
    expect(controlList({ controls: { x: { items: 'no' } } }, 'x')).toEqual([]);
  });
});

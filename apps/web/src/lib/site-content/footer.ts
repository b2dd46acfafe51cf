import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FooterQuestion, NavLink } from '@aquamall/shared';
import { api } from '../api.ts';
import { controlList } from './controls.ts';

export interface FooterMenus {
  /** web_bottom_menu: groups of footer links. */
  links: NavLink[];
  /** web_comproblem_menu: question blocks `{title, titleImg, items[{title, summary}]}` shown as footer tips. */
  questions: FooterQuestion[];
}

/** GET /api/footer → `{controls: {web_bottom_menu: {children}, web_comproblem_menu: {children}}}`. */
export const footerQuery = queryOptions({
  queryKey: ['site', 'footer'],
  queryFn: async (): Promise<FooterMenus> => {
    const data = await api.read('siteFooter', undefined, { suppressError: true });
    return { links: controlList<NavLink>(data, 'web_bottom_menu', 'children'), questions: controlList<FooterQuestion>(data, 'web_comproblem_menu', 'children') };
  },
  staleTime: 10 * 60_000,
});

export const useFooter = () => useQuery(footerQuery);

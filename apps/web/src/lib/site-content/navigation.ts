import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuKey, NavLink } from '@aquamall/shared';
import { api } from '../api.ts';
import { controlList } from './controls.ts';

/** GET /api/navigationmenu/{menuKey} → `{controls: {<menuKey>: {items}}}`. */
export const navMenuQuery = (menuKey: MenuKey) =>
  queryOptions({
    queryKey: ['site', 'nav', menuKey],
    queryFn: async () => controlList<NavLink>(await api.read('siteNavigation', { menuKey }, { suppressError: true }), menuKey),
    staleTime: 10 * 60_000,
  });

export const useNavMenu = (menuKey: MenuKey) => useQuery(navMenuQuery(menuKey));

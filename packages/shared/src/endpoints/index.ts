import { menuEndpoints, roleEndpoints } from './access.ts';
import { productReviewEndpoints, stockEndpoints, supplyProductEndpoints } from './catalogue.ts';

export * from './endpoint.ts';
export * from './access.ts';
export * from './catalogue.ts';

/**
 * Every endpoint of the API, by group (one domain each). Names are unique across groups (a test checks it),
 * so the web calls an endpoint by its name alone. A new domain adds its group here.
 */
export const endpointGroups = {
  menus: menuEndpoints,
  roles: roleEndpoints,
  supplyProducts: supplyProductEndpoints,
  stock: stockEndpoints,
  productReview: productReviewEndpoints,
};

type Groups = typeof endpointGroups;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type Endpoints = UnionToIntersection<Groups[keyof Groups]>;
export type EndpointName = keyof Endpoints & string;
export const endpoints = Object.assign({}, ...Object.values(endpointGroups)) as Endpoints;

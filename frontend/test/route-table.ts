// What vite.config.ts builds as `virtual:tickwise-route-table`, computed from the contracts at run time.
import { httpHeaders as contractHeaders, routeList } from '@tickwise/contracts';
import { routeTableOf } from '../src/api/route-table-source';

export const routeTable = routeTableOf(routeList);
export const httpHeaders = contractHeaders;

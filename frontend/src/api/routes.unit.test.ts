import { pathFor, routeList, routes } from '@tickwise/contracts';
import { routeTableSource } from './route-table-source';
import { fillPath, methodOf, urlFor } from './routes';

describe('the route table in the browser', () => {
  it('has every route of the contracts with its method', () => {
    for (const route of routeList) {
      expect(methodOf(route.name as keyof typeof routes)).toBe(route.method);
    }
  });

  it('builds the same URLs as the contracts', () => {
    expect(urlFor('me')).toBe(pathFor('me'));
    expect(urlFor('moduleLessons', { id: 3 })).toBe(pathFor('moduleLessons', { id: 3 }));
    expect(urlFor('acknowledgeWarning', { id: 'w 1/2' })).toBe(
      pathFor('acknowledgeWarning', { id: 'w 1/2' }),
    );
    expect(
      urlFor('auditDocumentCoverage', { documentType: 'risk_disclosure', version: '1.0' }, { asOf: 'x' }),
    ).toBe(
      pathFor('auditDocumentCoverage', { documentType: 'risk_disclosure', version: '1.0' }, { asOf: 'x' }),
    );
  });

  it('refuses a path with a missing parameter', () => {
    expect(() => fillPath('/api/modules/:id/quiz')).toThrow('missing path parameter id');
  });

  it('emits a module with only methods, paths and headers (no codecs)', () => {
    const source = routeTableSource({ routeList, httpHeaders: { position: 'X-Position' } });
    expect(source).toContain('"me":{"method":"GET","path":"/api/auth/me"}');
    expect(source).toContain('export const httpHeaders = {"position":"X-Position"};');
    expect(source).not.toContain('response');
  });
});

import { brokenReply, json, replyOf, scriptFetch, takeContractBreaks } from './fetch';

test("a fake answer is checked against the route's response codec", () => {
  const view = {
    documentType: 'risk_disclosure',
    version: '1.0',
    viewedAt: '2026-11-20T10:00:00.000Z',
  } as const;
  expect(replyOf('documentViews', [view])).toEqual({ status: 200, body: [view], headers: {} });
  // A field the contract does not know, or one it needs missing: the fake no longer matches the server.
  expect(() => replyOf('documentViews', [{ ...view, viewedAt: 'yesterday' }])).toThrow(
    /fake documentViews answer breaks the contract: .*viewedAt: must be an ISO 8601 date-time/,
  );
  expect(() => replyOf('latestPsychologyResult', null)).not.toThrow();
});

test("every successful answer a fake gives to a route is checked against the route's codec", async () => {
  takeContractBreaks();
  scriptFetch((call) =>
    call.url === '/api/modules'
      ? json([{ id: 1, title: 'What Futures Are' }])
      : call.url === '/api/compliance/document-views'
        ? brokenReply([{ viewedAt: 'yesterday' }])
        : json({ error: 'not here' }, 404),
  );
  await fetch('http://localhost/api/modules');
  await fetch('http://localhost/api/compliance/document-views');
  await fetch('http://localhost/api/no-such-route');
  const breaks = takeContractBreaks();
  expect(breaks).toHaveLength(1);
  expect(breaks[0]).toMatch(/^fake modules answer breaks the contract: .*description: required/);
});

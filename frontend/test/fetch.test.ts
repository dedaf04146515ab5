import { replyOf } from './fetch';

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

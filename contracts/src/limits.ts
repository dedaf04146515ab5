/** Size limits and ranges shared by entities, request bodies and events. */
export const limits = {
  modules: 12,
  name: 100,
  title: 200,
  description: 2_000,
  version: 50,
  income: 100,
  consentText: 500,
  password: { min: 8, max: 128 },
  riskCapacity: { min: 1, max: 10 },
  psychologyAnswer: { min: 1, max: 5 },
  psychologyResponses: 100,
  searchQuery: 100,
} as const;

import { check, checkAll, readNumber } from './inputs';

test('numbers as people type them', () => {
  expect(readNumber('6,800.25')).toBe(6800.25);
  expect(readNumber(' $50,000 ')).toBe(50_000);
  expect(readNumber('−8')).toBe(-8);
  expect(readNumber('.5')).toBe(0.5);
  expect(readNumber('')).toBeNull();
  expect(readNumber('12abc')).toBeNull();
  expect(readNumber('1e9')).toBeNull();
});

test('each rule refuses what it should, with a message that says what to enter', () => {
  expect(check('contracts', '2')).toEqual({ ok: true, value: 2 });
  expect(check('contracts', '1.5')).toEqual({
    ok: false,
    error: expect.stringContaining('whole number of contracts'),
  });
  expect(check('contracts', '0').ok).toBe(false);
  expect(check('price', '0').ok).toBe(false);
  expect(check('riskPercent', '101').ok).toBe(false);
  expect(check('riskPercent', '0.5')).toEqual({ ok: true, value: 0.5 });
  expect(check('move', '-8')).toEqual({ ok: true, value: -8 });
  expect(check('moneyOrZero', '0')).toEqual({ ok: true, value: 0 });
  expect(check('ticksOrZero', '1.5').ok).toBe(false);
});

test('all fields pass, or every failing one is named', () => {
  expect(
    checkAll({ price: { rule: 'price', text: '6800' }, contracts: { rule: 'contracts', text: '1' } }),
  ).toEqual({ values: { price: 6800, contracts: 1 }, errors: null });
  expect(
    checkAll({ price: { rule: 'price', text: 'x' }, contracts: { rule: 'contracts', text: '1' } }),
  ).toEqual({ values: null, errors: { price: expect.any(String) } });
});

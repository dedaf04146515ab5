import { commandEventIds, deterministicId, newId } from '../src/eventlog/ids';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('newId gives unique, time-ordered version 7 UUIDs', () => {
  const ids = Array.from({ length: 200000 }, () => newId());
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids.slice(0, 100)) expect(id).toMatch(UUID);
  expect(ids[0]?.[14]).toBe('7');
  expect([...ids].sort()).toEqual(ids);
  expect(Number.parseInt(ids[0]?.replace(/-/g, '').slice(0, 12) ?? '', 16)).toBeLessThanOrEqual(
    Date.now() + 100,
  );
});

test('deterministic ids: the same parts give the same version 8 UUID, other parts another', () => {
  expect(deterministicId('a', 'b')).toBe(deterministicId('a', 'b'));
  expect(deterministicId('a', 'b')).not.toBe(deterministicId('ab'));
  expect(deterministicId('x')).toMatch(UUID);
  expect(deterministicId('x')[14]).toBe('8');
  expect(commandEventIds('cmd', 3)).toHaveLength(3);
  expect(new Set(commandEventIds('cmd', 3)).size).toBe(3);
});

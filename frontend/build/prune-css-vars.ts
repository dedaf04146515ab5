/**
 * Chakra UI's global CSS defines every design token as a custom property on :root (over 500), and a
 * browser computing styles carries all of them onto every element: on a phone most of the landing page's
 * style work. `pruneCustomProperties` keeps the definitions that `uses` needs, directly or through other
 * definitions, and drops the rest (only for the prerendered page: the app inserts the full set when it
 * starts).
 */
const DEFINITION = /(--[\w-]+)\s*:([^;}]*)(;?)/g;
const REFERENCE = /var\(\s*(--[\w-]+)/g;

const referencesIn = (text: string): string[] => [...text.matchAll(REFERENCE)].map((m) => m[1] ?? '');

export function pruneCustomProperties(css: string, uses: string): string {
  const definitions = new Map<string, string[]>();
  for (const [, name = '', value = ''] of css.matchAll(DEFINITION))
    definitions.set(name, [...(definitions.get(name) ?? []), value]);
  const needed = new Set(referencesIn(uses + css.replace(DEFINITION, '')));
  const pending = [...needed];
  for (let name = pending.pop(); name !== undefined; name = pending.pop())
    for (const value of definitions.get(name) ?? [])
      for (const reference of referencesIn(value))
        if (!needed.has(reference)) {
          needed.add(reference);
          pending.push(reference);
        }
  return css.replace(DEFINITION, (whole, name: string) => (needed.has(name) ? whole : ''));
}

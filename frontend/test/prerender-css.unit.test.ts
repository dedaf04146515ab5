import { hoistStyles } from '../build/hoist-styles';
import { pruneCustomProperties } from '../build/prune-css-vars';

test('keeps the custom properties in use, also through other properties, and drops the rest', () => {
  const css =
    ':root{--chakra-colors-brand:var(--chakra-colors-cyan);--chakra-colors-cyan:#22d3ee;--chakra-colors-pink:#f0f;--chakra-space-4:1rem}' +
    '.dark{--chakra-colors-brand:var(--chakra-colors-cyan);--chakra-colors-pink:#f0f}body{margin:var(--chakra-space-4)}';
  const pruned = pruneCustomProperties(css, '<p class="x" style="color:var(--chakra-colors-brand)">');
  expect(pruned).toBe(
    ':root{--chakra-colors-brand:var(--chakra-colors-cyan);--chakra-colors-cyan:#22d3ee;--chakra-space-4:1rem}' +
      '.dark{--chakra-colors-brand:var(--chakra-colors-cyan);}body{margin:var(--chakra-space-4)}',
  );
});

test('moves every emotion style into the head: one element for the page’s rules, its ids listed', () => {
  const markup =
    '<style data-emotion="css-global abc">:root{--chakra-a:1px;--chakra-b:2px}</style>' +
    '<style data-emotion="css k1">.css-k1{padding:var(--chakra-a)}</style><div class="css-k1">' +
    '<style data-emotion="css k2 k3">.css-k2{color:red}.css-k3{color:blue}</style><p class="css-k2 css-k3">x</p></div>';
  const { html, head } = hoistStyles(markup);
  expect(html).toBe('<div class="css-k1"><p class="css-k2 css-k3">x</p></div>');
  expect(head).toBe(
    '<style data-landing-css>:root{--chakra-a:1px;}</style>' +
      '<style data-emotion="css k1 k2 k3">.css-k1{padding:var(--chakra-a)}.css-k2{color:red}.css-k3{color:blue}</style>',
  );
});

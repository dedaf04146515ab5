/**
 * Tickwise's Chakra UI system: a calm dark theme with a cyan accent that matches the particles.
 * Colour pairs are chosen for WCAG AA: body text on the background is above 12:1, muted text above 7:1,
 * the accent button's dark label on cyan above 9:1.
 */
import {
  createSystem,
  defaultConfig,
  defineConfig,
  defineLayerStyles,
  defineRecipe,
  defineSlotRecipe,
  defineTextStyles,
} from '@chakra-ui/react';

/** Every dialog: a dimmed, blurred page behind, and a bordered panel with a deep shadow. */
const dialogRecipe = defineSlotRecipe({
  slots: ['backdrop', 'content'],
  base: {
    backdrop: { bg: 'rgba(2, 6, 14, 0.72)', backdropFilter: 'blur(4px)' },
    content: { borderWidth: '1px', borderColor: 'border.emphasized', rounded: 'xl', shadow: '2xl' },
  },
});

/**
 * A disabled button (Next, Submit Answer…) must not pass for an enabled one: instead of a half-transparent
 * accent it turns grey with a dashed border, its label still readable (fg.muted on bg.muted is above 7:1).
 * Buttons only aria-disabled (so a press can explain why) look the same. A loading button is disabled too but keeps its look: it is busy, not unavailable.
 */
const disabledLook = {
  opacity: 1,
  cursor: 'not-allowed',
  bg: 'bg.muted',
  color: 'fg.muted',
  borderColor: 'border.emphasized',
  borderStyle: 'dashed',
  boxShadow: 'none',
} as const;
const buttonRecipe = defineRecipe({
  base: {
    '&:is(:disabled, [data-disabled], [aria-disabled=true]):not([data-loading])': {
      ...disabledLook,
      _hover: disabledLook,
    },
  },
});

/**
 * The translucent card every screen is built from, over the particle field: one background and border
 * (`layerStyle="panel"`), instead of ten slightly different alphas.
 */
const layerStyles = defineLayerStyles({
  panel: {
    value: { bg: 'rgba(10, 17, 32, 0.9)', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl' },
  },
});

/**
 * Headings drawn slightly tight: the page title (h1) and the titles of sections, cards and dialogs (their
 * size set where they stand). A heading given one of these leaves the recipe's own text style, so the
 * line height is set here too.
 */
const textStyles = defineTextStyles({
  pageTitle: { value: { fontSize: { base: '3xl', md: '4xl' }, lineHeight: '1.2', letterSpacing: '-0.02em' } },
  title: { value: { lineHeight: '1.2', letterSpacing: '-0.02em' } },
  subtitle: { value: { lineHeight: '1.25', letterSpacing: '-0.01em' } },
});

const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg', color: 'fg', minHeight: '100dvh' },
  },
  theme: {
    layerStyles,
    textStyles,
    recipes: { button: buttonRecipe },
    slotRecipes: { dialog: dialogRecipe },
    tokens: {
      colors: {
        brand: {
          50: { value: '#ecfeff' },
          100: { value: '#cffafe' },
          200: { value: '#a5f3fc' },
          300: { value: '#67e8f9' },
          400: { value: '#22d3ee' },
          500: { value: '#06b6d4' },
          600: { value: '#0891b2' },
          700: { value: '#0e7490' },
          800: { value: '#155e75' },
          900: { value: '#164e63' },
          950: { value: '#083344' },
        },
        ink: {
          950: { value: '#050912' },
          900: { value: '#0a1120' },
          850: { value: '#0e1729' },
          800: { value: '#131e34' },
          700: { value: '#1d2a44' },
          600: { value: '#2b3b5a' },
        },
      },
      fonts: {
        heading: {
          value:
            'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
        },
        body: {
          value:
            'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
        },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: { value: '{colors.ink.950}' },
          subtle: { value: '{colors.ink.900}' },
          panel: { value: '{colors.ink.850}' },
          muted: { value: '{colors.ink.800}' },
          emphasized: { value: '{colors.ink.700}' },
        },
        fg: {
          DEFAULT: { value: '#e6edf7' },
          muted: { value: '#a9b6cb' },
          subtle: { value: '#8b9ab3' },
        },
        border: {
          DEFAULT: { value: '{colors.ink.700}' },
          muted: { value: '{colors.ink.800}' },
          subtle: { value: '{colors.ink.800}' },
          emphasized: { value: '{colors.ink.600}' },
        },
        brand: {
          solid: { value: '{colors.brand.400}' },
          contrast: { value: '#03141a' },
          fg: { value: '{colors.brand.300}' },
          muted: { value: '{colors.brand.800}' },
          subtle: { value: '{colors.brand.950}' },
          emphasized: { value: '{colors.brand.700}' },
          focusRing: { value: '{colors.brand.300}' },
          border: { value: '{colors.brand.700}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);

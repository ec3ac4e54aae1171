import type { Plugin } from 'vite';

/** `@mantine/core/esm/<components or utils>/<Name>/<Name>.module.mjs`: a component's class names, one file per style sheet. */
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:[^\\/]+[\\/])*([A-Za-z]+)\.module\.mjs$/;

/**
 * Each Mantine component brings its own style sheet (`@mantine/core/styles/<Name>.layer.css`) into
 * the chunk that holds its code, instead of the 290 KB of every component's styles in one global
 * sheet: a page loads the styles of the components it can show, no more (issue 10, point 9).
 *
 * The import goes into the module of the component's class names, so wherever the component goes,
 * its styles go, and a component's own dependencies (Button's UnstyledButton, Select's Popover) come
 * before it in the chunk's sheet, as in Mantine's full sheet. The layered variant puts all of Mantine
 * in `@layer mantine`, so the app's own (unlayered) rules win over Mantine's whatever order the
 * chunks' sheets arrive in, as they did when Mantine's sheet came first.
 *
 * The dev server pre-bundles @mantine/core, so no transform reaches these modules there: it loads
 * Mantine's full layered sheet instead (added to main.tsx).
 */
export function mantineStylesPerComponent(): Plugin {
  let serve = false;
  return {
    name: 'nibras-mantine-styles',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      // Appended: lines keep their numbers, and an import's place among imports is all that orders it.
      if (serve) return id.endsWith('/src/main.tsx') ? { code: `${code}\nimport '@mantine/core/styles.layer.css';\n`, map: null } : undefined;
      const name = CLASS_NAMES_MODULE.exec(id)?.[1];
      return name ? { code: `${code}\nimport '@mantine/core/styles/${name}.layer.css';\n`, map: null } : undefined;
    },
  };
}

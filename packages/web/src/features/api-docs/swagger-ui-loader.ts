import type { SwaggerUIBundle } from 'swagger-ui-dist';

/**
 * Swagger UI and its styles (about 1.7 MB), loaded on the documentation page only and then kept.
 * The bundle file itself rather than the package's entry, which adds the unused standalone preset
 * and a Node-only helper.
 */
let loading: Promise<SwaggerUIBundle> | undefined;

export function loadSwaggerUi(): Promise<SwaggerUIBundle> {
  loading ??= Promise.all([
    import('swagger-ui-dist/swagger-ui-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
  ]).then(([bundle]) => bundle.default);
  return loading;
}

// The API's reference at /docs: Swagger UI (shipped in the package, under /static/vendor)
// on the service's OpenAPI schema. No validator, no request to any other site.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset].filter(Boolean),
  layout: "BaseLayout",
});

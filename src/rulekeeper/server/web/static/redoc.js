// The API's reference at /redoc: Redoc (shipped in the package, under /static/vendor) on the
// service's OpenAPI schema, with the page's own fonts (no request to any other site).
/* global Redoc */
Redoc.init("/openapi.json", { disableSearch: false, hideDownloadButton: false }, document.getElementById("redoc"));

// The web page's JavaScript: ESLint's recommended checks, and the layout the files are written
// in (checked, and applied by `npm run fix`). Plain ES modules for the browser, no build step.
import js from "@eslint/js";
import stylistic from "@stylistic/eslint-plugin";
import globals from "globals";

export default [
  { ignores: ["src/rulekeeper/server/web/static/vendor/"] }, // third-party bundles, as released
  js.configs.recommended,
  {
    files: ["src/rulekeeper/server/web/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    plugins: { "@stylistic": stylistic },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "@stylistic/indent": ["error", 2, { SwitchCase: 1, ignoredNodes: ["CallExpression > *", "NewExpression > *", "ArrayExpression > *", "ObjectExpression > *", "ConditionalExpression", "BinaryExpression", "LogicalExpression", "TemplateLiteral > *"] }],
      "@stylistic/quotes": ["error", "double", { avoidEscape: true }],
      "@stylistic/semi": ["error", "always"],
      "@stylistic/no-trailing-spaces": "error",
      "@stylistic/eol-last": "error",
      "@stylistic/no-multiple-empty-lines": ["error", { max: 1 }],
      "@stylistic/comma-spacing": "error",
      "@stylistic/key-spacing": "error",
      "@stylistic/keyword-spacing": "error",
      "@stylistic/space-before-blocks": "error",
      "@stylistic/space-infix-ops": "error",
      "@stylistic/arrow-spacing": "error",
      "@stylistic/object-curly-spacing": ["error", "always"],
      "@stylistic/array-bracket-spacing": ["error", "never"],
      "@stylistic/max-len": ["error", { code: 200, ignoreStrings: true, ignoreTemplateLiterals: true }],
    },
  },
];

// Where the package's preset documents are: dist/presets/<name>.json, beside the script that loaded the helpers,
// so a page that only installed the package shows every indicator (`loadmark/presets/dots.json` in its exports).

/**
 * The URL the helpers were loaded from: a classic script's `src`, read while it runs (`currentScript` is null
 * later, and for modules); else the module's own URL; else, for a classic script inlined in a page, the page's.
 */
const HERE = (typeof document != 'undefined' && document.currentScript?.src) || import.meta.url || globalThis.document?.baseURI

/** The URL of the package's document for preset `name`. */
export const presetURL = (name) => new URL(`presets/${name}.json`, HERE).href

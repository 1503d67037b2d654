/**
 * The happy-dom window of the screen tests (vitest.config.ts, vitest.mocked.config.ts).
 *
 * The page never leaves its document, as under jsdom, which does not implement navigation. happy-dom
 * follows a clicked link (a CSV download's `<a download href="blob:…">` too) or `location.assign`
 * by setting the window's URL; with `isolate: false` the next file then started on `blob:x`, where
 * `history.replaceState` to a path no longer worked. Hash changes still apply.
 */
export const HAPPY_DOM_OPTIONS = {
  happyDOM: { settings: { navigation: { disableFallbackToSetURL: true } } },
};

/**
 * What the screen tests need from the DOM and happy-dom (21) lacks or does otherwise than a browser
 * (docs/decisions/0041-happy-dom.md). Navigation is the configs' part: `disableFallbackToSetURL`.
 */

/** Defines a reflected property on a prototype, unless happy-dom has one of its own. */
const reflect = <T extends object>(
  prototype: T,
  name: string,
  get: (this: T) => unknown,
  set: (this: T, value: unknown) => void,
) => {
  if (name in prototype) return;
  Object.defineProperty(prototype, name, { configurable: true, enumerable: true, get, set });
};

/**
 * `select.size` and `option.defaultSelected`, which react-hook-form reads to tell whether a select
 * was changed before the form was ready: without them every select looked changed, so a form kept
 * the first option instead of its default or loaded value (an edit form sent `tipo: ''`).
 */
const reflectSelectState = () => {
  reflect(
    HTMLSelectElement.prototype,
    'size',
    function () {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(size) || size < 0 ? 0 : size;
    },
    function (value) {
      this.setAttribute('size', String(value));
    },
  );
  reflect(
    HTMLOptionElement.prototype,
    'defaultSelected',
    function () {
      return this.hasAttribute('selected');
    },
    function (value) {
      this.toggleAttribute('selected', Boolean(value));
    },
  );
};

/**
 * happy-dom has no `alert`, `confirm` nor `prompt` (so `vi.spyOn(window, 'confirm')` had nothing
 * to spy on). A test that reaches one must script the answer; an unscripted call fails loudly.
 */
const refuseDialogs = () => {
  for (const name of ['alert', 'confirm', 'prompt'] as const) {
    if (typeof window[name] === 'function') continue;
    Object.defineProperty(window, name, {
      configurable: true,
      writable: true,
      value: () => {
        throw new Error(`window.${name} is not scripted: vi.spyOn(window, '${name}') first`);
      },
    });
  }
};

/**
 * No network: happy-dom's fetch resolves `/api/…` against http://localhost:3000 and really sends
 * it (the photo card's GET ended in ECONNREFUSED, or in whatever listened there). It fails as
 * Node's fetch did under jsdom, where a relative URL was refused; a test scripts the calls it
 * means (createFakeApi, or its own fetch).
 */
const refuseNetwork = () => {
  const offline: typeof fetch = (input) =>
    Promise.reject(
      new TypeError(
        `No network in the screen tests: ${input instanceof Request ? input.url : String(input)}`,
      ),
    );
  globalThis.fetch = offline;
  window.fetch = offline;
};

export const coverHappyDomGaps = () => {
  reflectSelectState();
  refuseDialogs();
  refuseNetwork();
};

// A refused form moves the focus to its first refused field (issue 14). A typeahead opens its menu
// on focus, and that menu covered the field's own message ("Elige un cliente") just when it was to
// be read. A field focused through `enfocarSinMenu` is marked while its focus event runs (React
// dispatches it during `focus()`), so its typeahead keeps the menu closed; a click, a key or
// typing open it as usual.

const marcados = new WeakSet<EventTarget>();

/** Focuses `campo` as the page does after a refused save: a typeahead's menu stays closed. */
export const enfocarSinMenu = (campo: HTMLElement) => {
  marcados.add(campo);
  try {
    campo.focus();
  } finally {
    marcados.delete(campo);
  }
};

/** Whether the focus `campo` is taking came from `enfocarSinMenu`. */
export const focoSinMenu = (campo: EventTarget) => marcados.has(campo);

/**
 * A typeahead's listbox name, from its field's label. Without one, react-bootstrap-typeahead names
 * every open list "menu-options", in English, which is what screen readers announced (issue 14).
 */
export const menuLabel = (label: string) => `${label}: sugerencias`;

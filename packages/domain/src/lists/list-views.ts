// How a list screen shows its rows (the toolbar's toggle, `view` in the URL) and the page sizes
// its selector offers: one declaration for the web's list state and the users' preferences.

export const LIST_VIEWS = ['cards', 'list'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** The page sizes every list's toolbar offers. */
export const LIST_PAGE_SIZES = [10, 20, 30, 50] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];

import { Highlighter, Menu, MenuItem } from 'react-bootstrap-typeahead';
import type { RenderMenuProps } from 'react-bootstrap-typeahead/types/components/Typeahead/Typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import { MESSAGES } from '@tvsistema/domain';
import { menuLabel } from '../../../components/forms/menu-label.js';
import type { LocationRecord } from '../levels.js';

export const LOAD_MORE_LABEL = 'Cargar más resultados…';

export type RecordOption = { id: string; label: string; record: LocationRecord };
// `paginationOption` makes the typeahead call onPaginate instead of selecting it.
export type LoadMoreOption = { id: string; label: string; paginationOption: true };
// The typeahead builds this one itself when allowNew says so.
type CustomOption = { label: string; customOption: true };

export const isRecordOption = (option: Option): option is RecordOption =>
  typeof option === 'object' && 'record' in option;
export const isCustomOption = (option: Option): option is CustomOption =>
  typeof option === 'object' && option.customOption === true;
const isLoadMoreOption = (option: Option): option is LoadMoreOption =>
  typeof option === 'object' && option.paginationOption === true;

export type LocationMenuProps = {
  results: Option[];
  menuProps: RenderMenuProps;
  text: string;
  loadingMore: boolean;
  /** The field's label: the listbox is named after it (the library's fallback is "menu-options"). */
  label: string;
};

/**
 * The lookup's menu: the server's results, then "Crear nuevo: …", then "load more" last. Positions
 * follow this order, so the arrow keys walk the menu as it is seen.
 */
export const LocationMenu = ({
  results,
  menuProps,
  text,
  loadingMore,
  label,
}: LocationMenuProps) => {
  const {
    newSelectionPrefix,
    paginationText: _paginationText,
    renderMenuItemChildren: _renderMenuItemChildren,
    ...rest
  } = menuProps;
  const records = results.filter(isRecordOption);
  const custom = results.filter(isCustomOption);
  const loadMore = results.filter(isLoadMoreOption);
  return (
    <Menu {...rest} aria-label={menuLabel(label)}>
      {records.map((option, position) => (
        <MenuItem key={option.id} option={option} position={position} label={option.label}>
          <Highlighter search={text}>{option.label}</Highlighter>
        </MenuItem>
      ))}
      {custom.map((option) => (
        <MenuItem
          key="crear-nuevo"
          option={option}
          position={records.length}
          label={`${String(newSelectionPrefix)}${option.label}`}
          className="rbt-menu-custom-option"
        >
          {newSelectionPrefix}
          {option.label}
        </MenuItem>
      ))}
      {loadMore.map((option) => (
        <div key="cargar-mas">
          <Menu.Divider />
          <MenuItem
            option={option}
            position={records.length + custom.length}
            label={LOAD_MORE_LABEL}
          >
            {loadingMore ? MESSAGES.typeahead.searchText : LOAD_MORE_LABEL}
          </MenuItem>
        </div>
      ))}
    </Menu>
  );
};

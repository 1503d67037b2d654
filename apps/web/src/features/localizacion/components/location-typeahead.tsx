import { useRef, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { Typeahead, TypeaheadInputSingle, type TypeaheadRef } from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import { LIMITS, MESSAGES } from '@tvsistema/domain';
import { useLocationList } from '../api/list-locations.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import {
  recordLabel,
  type LocationFilters,
  type LocationLevel,
  type LocationRecord,
} from '../levels.js';
import { matchesPartially, offersCreation } from '../utils/option-match.js';
import { LocationCreateModal, type CreationParents } from './location-create-modal.js';
import {
  LOAD_MORE_LABEL,
  LocationMenu,
  isCustomOption,
  isRecordOption,
  type LoadMoreOption,
  type RecordOption,
} from './location-menu.js';

/** SPEC 4.7: the server is asked once typing pauses for this long. */
export const SEARCH_DEBOUNCE_MS = 250;

export type LocationTypeaheadProps = {
  level: LocationLevel;
  inputId: string;
  label: string;
  selected: { id: string; label: string } | null;
  filters: LocationFilters;
  disabled: boolean;
  canCreate: boolean;
  /** The levels above, for the creation modal. */
  parents: CreationParents;
  onSelect: (record: LocationRecord | null) => void;
  /**
   * The id of a message refusing this lookup's value, shown by the form around the picker: the
   * field is red, `aria-invalid` and described by it.
   */
  errorId?: string;
};

/**
 * One lookup of the address picker: server-side search of the typed text (debounced), pages of
 * 100 with "load more", and the "Crear nuevo: " option that opens the creation modal.
 */
export const LocationTypeahead = ({
  level,
  inputId,
  label,
  selected,
  filters,
  disabled,
  canCreate,
  parents,
  onSelect,
  errorId,
}: LocationTypeaheadProps) => {
  const typeaheadRef = useRef<TypeaheadRef>(null);
  const [text, setText] = useState('');
  // Nothing is fetched until the user first reaches the field.
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState<string | null>(null);
  const creatingRef = useRef(false);
  // A new parent is a new list: forget the text typed for the old one (state adjusted during
  // render rather than remounting, so the focus stays where the user is).
  const filtersKey = Object.entries(filters).join('&');
  const [listedFor, setListedFor] = useState(filtersKey);
  if (listedFor !== filtersKey) {
    setListedFor(filtersKey);
    setText('');
  }
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useLocationList(level, { search, filters }, { enabled: touched && !disabled });

  const records = list.data?.pages.flatMap((page) => page.data) ?? [];
  const options: (RecordOption | LoadMoreOption)[] = records.map((record) => ({
    id: record._id,
    label: recordLabel(record),
    record,
  }));
  if (list.hasNextPage)
    options.push({ id: 'cargar-mas', label: LOAD_MORE_LABEL, paginationOption: true });

  // While typing has not settled the options belong to an older search: no verdict on "new" yet.
  const searching = text.trim() !== search || (list.isFetching && !list.isFetchingNextPage);
  const stale = text.trim() !== search || list.isPlaceholderData;
  // SPEC 8: a failed lookup says so (server message or "Error al cargar …"), not "no matches".
  const emptyLabel = list.isError
    ? list.error.message || MESSAGES.localizacion.actionFailed('cargar', level)
    : searching || list.isPending
      ? MESSAGES.typeahead.searchText
      : MESSAGES.typeahead.emptyLabel;
  const selectedOptions = selected ? [{ id: selected.id, label: selected.label }] : [];

  const handleChange = (chosen: Option[]) => {
    const [option] = chosen;
    if (option === undefined) {
      onSelect(null);
    } else if (isCustomOption(option)) {
      creatingRef.current = true;
      setCreating(option.label);
    } else if (isRecordOption(option)) {
      onSelect(option.record);
    }
  };

  const clearTyped = () => {
    typeaheadRef.current?.clear();
    setText('');
  };

  const closeModal = () => {
    const cancelled = creatingRef.current;
    creatingRef.current = false;
    setCreating(null);
    // The typed text was not a value: leave the field showing what is really chosen.
    if (cancelled) clearTyped();
  };

  return (
    <Form.Group>
      <Form.Label htmlFor={inputId}>{label}</Form.Label>
      <Typeahead
        ref={typeaheadRef}
        id={`${inputId}-menu`}
        inputProps={{ id: inputId }}
        labelKey="label"
        options={options}
        selected={selectedOptions}
        disabled={disabled}
        isInvalid={errorId !== undefined}
        // The library's own spinner says "Loading..." to screen readers and takes no label: the
        // Spanish one is rendered below, in the same corner of the field.
        isLoading={false}
        // The server filters (accents, alternative names). Until it answers the new text, the
        // previous answer is narrowed here, so a quick Enter never picks a stale option.
        filterBy={(option, state) =>
          !stale || (isRecordOption(option) && matchesPartially(option.label, state.text))
        }
        paginate={false}
        maxResults={Number.MAX_SAFE_INTEGER}
        maxHeight={`${LIMITS.typeahead.menuMaxHeightPx}px`}
        emptyLabel={emptyLabel}
        newSelectionPrefix={LIMITS.typeahead.newSelectionPrefix}
        allowNew={(results, state) =>
          canCreate &&
          !searching &&
          state.selected.length === 0 &&
          offersCreation(
            state.text,
            results.filter(isRecordOption).map((option) => option.label),
          )
        }
        onFocus={() => setTouched(true)}
        onInputChange={setText}
        onChange={handleChange}
        onPaginate={() => void list.fetchNextPage()}
        onBlur={() => {
          if (!selected && !creatingRef.current) clearTyped();
        }}
        // ARIA 1.2 wants an expanded combobox to name its listbox with aria-controls; the library
        // only sets aria-owns, which axe reports as a critical violation.
        renderInput={(inputProps) => (
          <TypeaheadInputSingle
            {...inputProps}
            aria-expanded={inputProps['aria-expanded'] === true}
            aria-controls={inputProps['aria-owns']}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
        )}
        renderMenu={(results, menuProps, state) => (
          <LocationMenu
            results={results}
            menuProps={menuProps}
            text={state.text}
            loadingMore={list.isFetchingNextPage}
            label={label}
          />
        )}
      >
        {list.isFetching ? (
          <div className="rbt-aux">
            <Spinner animation="border" size="sm" role="status" className="rbt-loader">
              <span className="visually-hidden">{MESSAGES.typeahead.searchText}</span>
            </Spinner>
          </div>
        ) : null}
      </Typeahead>
      {creating !== null && (
        <LocationCreateModal
          level={level}
          initialText={creating}
          parents={parents}
          onCreated={(record) => {
            creatingRef.current = false;
            onSelect(record);
          }}
          onClose={closeModal}
        />
      )}
    </Form.Group>
  );
};
